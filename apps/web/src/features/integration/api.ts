import {
  type IntegrationAccountRef,
  type IntegrationInput,
  type IntegrationSettings,
  integrationSavedSchema,
  integrationSettingsSchema,
  type StockLock,
  stockLockSavedSchema,
  stockLockSchema,
  type VoucherApprovalSettings,
  voucherApprovalSavedSchema,
  voucherApprovalSettingsSchema,
} from "@cargodesk/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useMemo } from "react";
import { api, apiRequest } from "../../lib/api";
import { invalidateAfter } from "../../lib/invalidation";
import { chartKeys, useAccounts, useLevelThrees, useLevelTwos } from "../chart/api";

export type AccountRef = IntegrationAccountRef;
export type { IntegrationSettings };

/** Under "chart", so any change to the chart refreshes the names shown here too. */
export const integrationKeys = {
  all: [...chartKeys.all, "integration"] as const,
  settings: () => [...integrationKeys.all, "settings"] as const,
  voucherApproval: () => [...integrationKeys.all, "voucher-approval"] as const,
  stockLock: () => [...integrationKeys.all, "stock-lock"] as const,
};

/** The stock lock date: Store documents cannot be dated before it. */
export function useStockLock() {
  return useQuery({
    queryKey: integrationKeys.stockLock(),
    queryFn: ({ signal }) => api.get("/setting/stock_lock", stockLockSchema, signal),
  });
}

export function useSaveStockLock() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: StockLock) =>
      apiRequest("/setting/stock_lock", stockLockSavedSchema, {
        method: "PUT",
        body: input,
      }),
    onSuccess: (answer) => client.setQueryData(integrationKeys.stockLock(), answer.data),
  });
}

/** The separate-approver rule: Voucher Verification and Accounts Integration both show it. */
export function useVoucherApproval() {
  return useQuery({
    queryKey: integrationKeys.voucherApproval(),
    queryFn: ({ signal }) => api.get("/setting/voucher_approval", voucherApprovalSettingsSchema, signal),
  });
}

export function useSaveVoucherApproval() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: VoucherApprovalSettings) =>
      apiRequest("/setting/voucher_approval", voucherApprovalSavedSchema, {
        method: "PUT",
        body: input,
      }),
    onSuccess: (answer) => client.setQueryData(integrationKeys.voucherApproval(), answer.data),
  });
}

export function useIntegration() {
  return useQuery({
    queryKey: integrationKeys.settings(),
    queryFn: ({ signal }) => api.get("/setting/account_integration", integrationSettingsSchema, signal),
  });
}

export function useSaveIntegration() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: IntegrationInput) =>
      apiRequest("/setting/account_integration", integrationSavedSchema, { method: "PUT", body: input }),
    onSuccess: (answer) => {
      client.setQueryData(integrationKeys.settings(), answer.data);
      // Cash and bank pickers elsewhere follow the groups named here.
      return invalidateAfter(client, "integrationChanged");
    },
  });
}

/** Every group (levels 2 and 3) and account (level 4) in code order, as pickers offer them. */
export function useChartNodes() {
  const twos = useLevelTwos("all");
  const threes = useLevelThrees("all");
  const accounts = useAccounts();
  const nodes = useMemo<AccountRef[] | undefined>(() => {
    if (!twos.data || !threes.data || !accounts.data) return undefined;
    return [
      ...twos.data.map((row) => ({ _id: row._id, name: row.levelTwoName, allLevelKey: row.allKey, level: 2 })),
      ...threes.data.map((row) => ({ _id: row._id, name: row.levelThreeName, allLevelKey: row.allLvlKey, level: 3 })),
      ...accounts.data.map((row) => ({
        _id: row._id,
        name: row.levelFourName,
        allLevelKey: row.allLevelKey,
        level: 4,
      })),
    ].sort((a, b) => a.allLevelKey.localeCompare(b.allLevelKey, "en", { numeric: true }));
  }, [twos.data, threes.data, accounts.data]);
  const queries = [twos, threes, accounts];
  return {
    nodes,
    isPending: queries.some((query) => query.isPending),
    error: queries.find((query) => query.error)?.error ?? null,
    refetch: () => {
      for (const query of queries) void query.refetch();
    },
  };
}

export const nodeLabel = (node: AccountRef): string => `${node.allLevelKey} - ${node.name}`;
