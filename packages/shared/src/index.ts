export * from "./auth";
export * from "./chart";
export * from "./errors";
export * from "./integration";
export * from "./money";
export * from "./permissions";
export * from "./roles";
export * from "./vouchers";
