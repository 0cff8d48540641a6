import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  ACCOUNTS_GROUPS,
  allPermissionEntries,
  CARGO_GROUPS,
  CUSTOMER_PERMISSIONS,
  hasPermission,
  isInCatalogue,
  perm,
  satisfies,
} from "./permissions";

describe("permission catalogue", () => {
  it("has the ten accounts groups of the grid, in order, with categories only in 0, 1, 2 and 9", () => {
    expect(ACCOUNTS_GROUPS.map((g) => g.name)).toEqual([
      "Store",
      "Master Control",
      "Accounts",
      "POS",
      "Reports",
      "Order View",
      "Kitchen Display System",
      "Table Order",
      "BackUp",
      "Setting",
    ]);
    const withCategories = ACCOUNTS_GROUPS.flatMap((g, index) => (g.categories.length > 0 ? [index] : []));
    expect(withCategories).toEqual([0, 1, 2, 9]);
  });

  it("names every category and sub-item the spec lists", () => {
    const accountsCats = [
      "Store Product",
      "Issuance",
      "Receiving",
      "Inventory Ledger",
      "UOM",
      "Menu",
      "Flavour",
      "Size",
      "Barcode",
      "Product",
      "Recipe",
      "Deal",
      "Hall",
      "Table",
      "Customer",
      "Coupon",
      "Vendor",
      "Level Three",
      "Level Four",
      "Voucher",
      "Voucher Verification",
      "Voucher Search",
      "Accounts Ledger",
      "Trail Balance Report",
      "Aging Report",
      "Cash Book Report",
      "Profit Loss Report",
      "Transaction Summary",
      "Restaurant",
      "Accounts Integration",
      "User",
      "Day Open",
      "Day Close",
      "DayOpen Record",
      "Permission",
    ];
    const present = new Set(ACCOUNTS_GROUPS.flatMap((g) => g.categories.map((c) => c.name)));
    for (const name of accountsCats) expect(present, name).toContain(name);
    for (const sub of ["CPV", "CRV", "BPV", "BRV", "JV"])
      expect(isInCatalogue(perm("Accounts", "Voucher", sub))).toBe(true);
    for (const level of ["Level Three", "Level Four"]) {
      for (const sub of ["Add", "Detail", "Upload", "Report"])
        expect(isInCatalogue(perm("Accounts", level, sub))).toBe(true);
    }
    const cargoActions = new Set(CARGO_GROUPS.flatMap((g) => g.categories.map((c) => c.name)));
    for (const action of [
      "User Edit",
      "User Edit Status",
      "Sender Edit",
      "Receiver Edit",
      "Country Edit",
      "Country Delete",
      "Packages Edit",
      "Packages Delete",
      "Shipment Delete",
      "Shipment Edit",
      "Shipment Post",
      "Shipment Edit Status",
      "Service Edit",
      "Service Delete",
      "Currency Edit",
      "Complaint Edit",
    ]) {
      expect(cargoActions, action).toContain(action);
    }
  });

  it("refuses to build a requirement that is not in the catalogue", () => {
    expect(() => perm("Accounts", "Vouchers")).toThrow(/not in the catalogue/);
    expect(() => perm("Nope")).toThrow();
    expect(() => perm("Accounts", "Voucher", "XYZ")).toThrow();
    expect(CUSTOMER_PERMISSIONS.every(isInCatalogue)).toBe(true);
  });
});

describe("satisfies", () => {
  const cpv = perm("Accounts", "Voucher", "CPV");

  it("lets a sub-item holder into its group and category but not a sibling", () => {
    expect(hasPermission([cpv], perm("Accounts"))).toBe(true);
    expect(hasPermission([cpv], perm("Accounts", "Voucher"))).toBe(true);
    expect(hasPermission([cpv], perm("Accounts", "Voucher", "JV"))).toBe(false);
    expect(hasPermission([cpv], perm("Accounts", "Voucher Search"))).toBe(false);
    expect(hasPermission([], perm("Accounts"))).toBe(false);
  });

  it("a bare group row does not grant the categories beneath it", () => {
    expect(hasPermission([perm("Setting")], perm("Setting", "User", "List User"))).toBe(false);
  });

  it("every catalogue entry satisfies itself and each of its ancestors (property)", () => {
    const entries = allPermissionEntries();
    fc.assert(
      fc.property(fc.constantFrom(...entries), (entry) => {
        expect(satisfies(entry, entry)).toBe(true);
        expect(satisfies(entry, { name: entry.name, cat: null, sub: null })).toBe(true);
        if (entry.cat !== null) expect(satisfies(entry, { name: entry.name, cat: entry.cat, sub: null })).toBe(true);
      }),
    );
  });

  it("holding everything satisfies every requirement, holding nothing satisfies none (property)", () => {
    const entries = allPermissionEntries();
    fc.assert(
      fc.property(fc.constantFrom(...entries), (required) => {
        expect(hasPermission(entries, required)).toBe(true);
        expect(hasPermission([], required)).toBe(false);
      }),
    );
  });
});
