export * from "./accounts";
export * from "./lookups";
export * from "./master-data";
export * from "./settings";
export * from "./users";
export * from "./vouchers";
