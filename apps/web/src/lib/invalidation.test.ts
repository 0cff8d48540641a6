import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { cargoLedgerKeys } from "../features/cargo-ledger/api";
import { companyKeys } from "../features/company/api";
import { dashboardKeys } from "../features/dashboard/api";
import { reportKeys } from "../features/reports/api";
import { shipmentKeys } from "../features/shipments/api";
import { voucherKeys } from "../features/vouchers/api";
import { invalidateAfter, prefixesAfter } from "./invalidation";

/** A client holding one settled query under each key, none stale yet. */
function clientWith(keys: readonly (readonly unknown[])[]): QueryClient {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } } });
  for (const key of keys) client.setQueryData([...key, "probe"], 1);
  return client;
}

const stale = (client: QueryClient, key: readonly unknown[]): boolean =>
  client.getQueryState([...key, "probe"])?.isInvalidated === true;

describe("the invalidation map", () => {
  it("approving a voucher makes every reader of the books stale, and nothing else", async () => {
    const client = clientWith([
      voucherKeys.all,
      reportKeys.all,
      cargoLedgerKeys.all,
      dashboardKeys.all,
      shipmentKeys.all,
    ]);
    await invalidateAfter(client, "voucherApproved");
    expect(stale(client, voucherKeys.all)).toBe(true);
    expect(stale(client, reportKeys.all)).toBe(true);
    expect(stale(client, cargoLedgerKeys.all)).toBe(true);
    expect(stale(client, dashboardKeys.all)).toBe(true);
    expect(stale(client, shipmentKeys.all)).toBe(false);
  });

  it("posting a shipment's charge reloads the shipments and the books", () => {
    expect(prefixesAfter("shipmentChargePosted")).toEqual(
      expect.arrayContaining([shipmentKeys.all, voucherKeys.all, reportKeys.all, dashboardKeys.all]),
    );
  });

  it("a company profile change leaves the books alone", async () => {
    const client = clientWith([companyKeys.all, reportKeys.all]);
    await invalidateAfter(client, "companyChanged");
    expect(stale(client, companyKeys.all)).toBe(true);
    expect(stale(client, reportKeys.all)).toBe(false);
  });

  it("every prefix is a non-empty key", () => {
    const changes = [
      "voucherPosted",
      "shipmentBooked",
      "chartChanged",
      "integrationChanged",
      "rateSheetUploaded",
      "userChanged",
      "permissionsChanged",
      "masterDataChanged",
      "backupChanged",
    ] as const;
    for (const change of changes) {
      for (const prefix of prefixesAfter(change)) expect(prefix.length).toBeGreaterThan(0);
    }
  });
});
