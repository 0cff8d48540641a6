export * from "./accounts";
export * from "./lookups";
export * from "./users";
