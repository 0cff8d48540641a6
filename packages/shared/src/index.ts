export * from "./auth";
export * from "./errors";
export * from "./permissions";
export * from "./roles";
