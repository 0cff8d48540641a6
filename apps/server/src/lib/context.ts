import { AUTH_MESSAGES } from "@cargodesk/shared";
import type { FastifyRequest } from "fastify";
import type { Config } from "../config";
import type { Db } from "../db/client";
import type { AuthUser } from "../plugins/access";
import { AppError } from "./app-error";
import { type ServiceLog, serviceLog } from "./service-log";
import type { TokenService } from "./tokens";

/** What every service gets: the database, the signed-in user (if any), the app's settings and the request's log. */
export interface Ctx {
  db: Db;
  user: AuthUser | null;
  config: Config;
  tokens: TokenService;
  log: ServiceLog;
}

export interface AppDeps {
  db: Db;
  config: Config;
  tokens: TokenService;
}

export const ctxOf = (deps: AppDeps, request: FastifyRequest): Ctx => ({
  ...deps,
  user: request.auth,
  log: serviceLog(request.log),
});

/** The signed-in caller, or 401 for a service that needs one. */
export function signedIn(ctx: Ctx): AuthUser {
  if (!ctx.user) throw new AppError("UNAUTHENTICATED", AUTH_MESSAGES.signInRequired);
  return ctx.user;
}
