export * from "./accounts";
export * from "./lookups";
export * from "./master-data";
export * from "./rates";
export * from "./settings";
export * from "./shipments";
export * from "./users";
export * from "./vouchers";
