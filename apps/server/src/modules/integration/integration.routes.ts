import {
  INTEGRATION_MESSAGES,
  integrationSavedSchema,
  integrationSchema,
  integrationSettingsSchema,
  perm,
  STOCK_LOCK_MESSAGES,
  stockLockSavedSchema,
  stockLockSchema,
  VOUCHER_APPROVAL_MESSAGES,
  voucherApprovalSavedSchema,
  voucherApprovalSettingsSchema,
} from "@cargodesk/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { getVoucherApproval } from "../../lib/books/integration";
import { type AppDeps, ctxOf } from "../../lib/context";
import { bearer } from "../../lib/route-schemas";
import { access } from "../../plugins/access";
import {
  getIntegrationSettings,
  getStockLock,
  saveIntegrationSettings,
  saveStockLock,
  saveVoucherApproval,
} from "./integration.service";

const canRead = access.permission(perm("Setting", "Accounts Integration"), perm("Accounts"));
const canSave = access.permission(perm("Setting", "Accounts Integration", "Add Accounts Integration"));

export function integrationRoutes(deps: AppDeps) {
  return async (root: FastifyInstance) => {
    const app = root.withTypeProvider<ZodTypeProvider>();
    app.get(
      "/setting/account_integration",
      {
        config: { access: canRead },
        schema: {
          tags: ["settings"],
          summary: "Accounts Integration: the accounts and groups the system posts to",
          security: bearer,
          response: { 200: integrationSettingsSchema },
        },
      },
      () => getIntegrationSettings(deps.db),
    );
    app.put(
      "/setting/account_integration",
      {
        config: { access: canSave },
        schema: {
          tags: ["settings"],
          summary: "Replace the Accounts Integration settings",
          security: bearer,
          body: integrationSchema,
          response: { 200: integrationSavedSchema },
        },
      },
      async (request) => {
        await saveIntegrationSettings(ctxOf(deps, request), request.body);
        return { message: INTEGRATION_MESSAGES.saved, data: await getIntegrationSettings(deps.db) };
      },
    );
    app.get(
      "/setting/voucher_approval",
      {
        config: { access: canRead },
        schema: {
          tags: ["settings"],
          summary: "Whether the person who entered a voucher is refused its approval (off by default)",
          security: bearer,
          response: { 200: voucherApprovalSettingsSchema },
        },
      },
      () => getVoucherApproval(deps.db),
    );
    app.put(
      "/setting/voucher_approval",
      {
        config: { access: canSave },
        schema: {
          tags: ["settings"],
          summary: "Turn the separate-approver rule for vouchers on or off",
          security: bearer,
          body: voucherApprovalSettingsSchema,
          response: { 200: voucherApprovalSavedSchema },
        },
      },
      async (request) => {
        await saveVoucherApproval(ctxOf(deps, request), request.body);
        const data = await getVoucherApproval(deps.db);
        return {
          message: data.enteredByCannotApprove ? VOUCHER_APPROVAL_MESSAGES.saved : VOUCHER_APPROVAL_MESSAGES.savedOff,
          data,
        };
      },
    );
    app.get(
      "/setting/stock_lock",
      {
        config: { access: canRead },
        schema: {
          tags: ["settings"],
          summary: "The stock lock date: no stock document may be dated before it (null: none)",
          security: bearer,
          response: { 200: stockLockSchema },
        },
      },
      () => getStockLock(deps.db),
    );
    app.put(
      "/setting/stock_lock",
      {
        config: { access: canSave },
        schema: {
          tags: ["settings"],
          summary: "Set or clear the stock lock date (not after today)",
          security: bearer,
          body: stockLockSchema,
          response: { 200: stockLockSavedSchema },
        },
      },
      async (request) => {
        await saveStockLock(ctxOf(deps, request), request.body);
        const data = await getStockLock(deps.db);
        return { message: data.stockLockDate ? STOCK_LOCK_MESSAGES.saved : STOCK_LOCK_MESSAGES.cleared, data };
      },
    );
  };
}
