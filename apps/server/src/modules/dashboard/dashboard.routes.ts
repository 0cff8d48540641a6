import { dashboardCustomerSchema, dashboardRequestSchema, dashboardResponseSchema, perm } from "@cargodesk/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { type AppDeps, ctxOf } from "../../lib/context";
import { bearer, protectedErrors } from "../../lib/route-schemas";
import { access } from "../../plugins/access";
import { dashboard, dashboardCustomers } from "./dashboard.service";

const viewDashboard = access.permission(perm("Dashboard", "Dashboard View"));
const doc = <T extends object>(summary: string, extra: T) => ({
  tags: ["dashboard"],
  summary,
  security: bearer,
  ...extra,
});

export function dashboardRoutes(deps: AppDeps) {
  return async (root: FastifyInstance) => {
    const app = root.withTypeProvider<ZodTypeProvider>();

    app.post(
      "/cargo_accounts/get_ledger_dashboard",
      {
        config: { access: viewDashboard },
        schema: doc(
          "Dashboard for a date range (end no later than today): tiles, C/Ns, payments, C/Ns and amount per day, the receivable ledger by day. Customers get their own; staff the company's or one customer's (user_id)",
          { body: dashboardRequestSchema, response: { 200: dashboardResponseSchema, ...protectedErrors } },
        ),
      },
      (request) => dashboard(ctxOf(deps, request), request.body),
    );

    app.get(
      "/cargo_accounts/dashboard_customers",
      {
        config: { access: access.permission(perm("Dashboard", "Dashboard View"), perm("Shipment", "Shipment Add")) },
        schema: doc(
          "Customers (roles 2 and 3) staff can pick on the dashboard or book a shipment for; customers are refused",
          { response: { 200: z.array(dashboardCustomerSchema), ...protectedErrors } },
        ),
      },
      (request) => dashboardCustomers(ctxOf(deps, request)),
    );
  };
}
