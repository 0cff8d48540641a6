export * from "./accounts";
export * from "./lookups";
export * from "./settings";
export * from "./users";
export * from "./vouchers";
