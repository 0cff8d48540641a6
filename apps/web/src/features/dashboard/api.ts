import {
  type DashboardCustomer,
  type DashboardResponse,
  dashboardCustomerSchema,
  dashboardResponseSchema,
} from "@cargodesk/shared";
import { useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { api } from "../../lib/api";

export type { DashboardCustomer, DashboardResponse };

/** What the dashboard shows: a date range and, for staff, one customer (null: the company). */
export interface DashboardCriteria {
  startedDate: string;
  endDate: string;
  userId: number | null;
}

export const dashboardKeys = {
  all: ["dashboard"] as const,
  figures: (criteria: DashboardCriteria) => [...dashboardKeys.all, "figures", criteria] as const,
  customers: () => [...dashboardKeys.all, "customers"] as const,
};

export function useDashboard(criteria: DashboardCriteria, enabled = true) {
  return useQuery({
    enabled,
    queryKey: dashboardKeys.figures(criteria),
    queryFn: ({ signal }) =>
      api.post(
        "/cargo_accounts/get_ledger_dashboard",
        {
          startedDate: criteria.startedDate,
          endDate: criteria.endDate,
          ...(criteria.userId !== null && { user_id: criteria.userId }),
        },
        dashboardResponseSchema,
        { signal },
      ),
  });
}

/** The customers staff may pick (only asked for by staff). */
export function useDashboardCustomers(enabled: boolean) {
  return useQuery({
    queryKey: dashboardKeys.customers(),
    queryFn: ({ signal }) => api.get("/cargo_accounts/dashboard_customers", z.array(dashboardCustomerSchema), signal),
    enabled,
    staleTime: 60_000,
  });
}
