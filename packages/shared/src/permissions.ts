/**
 * The one permission catalogue. It drives the home tiles, both side menus, both permission
 * screens and the server's checks. Names are the spec's, spelling included ("Trail Balance").
 *
 * A stored permission is a row (permissions_name, permissions_cat_name, permissions_sub_cat_name).
 * The accounts grid shows the ten `accounts` groups at indexes 0-9: groups 0, 1, 2 and 9 have
 * categories with sub-items, groups 3-8 are flat. The `cargo` groups carry the action
 * permissions of the cargo screens (Sender Edit, Shipment Post, ...).
 */

export type PermissionArea = "accounts" | "cargo";

export interface PermissionCategory {
  readonly name: string;
  readonly subs: readonly string[];
}

export interface PermissionGroup {
  readonly name: string;
  readonly area: PermissionArea;
  readonly categories: readonly PermissionCategory[];
}

/** One held permission, or one requirement: a group, a category of it, or a sub-item. */
export interface PermissionEntry {
  readonly name: string;
  readonly cat: string | null;
  readonly sub: string | null;
}

const cat = (name: string, subs: readonly string[] = []): PermissionCategory => ({ name, subs });
const levelSubs = ["Add", "Detail", "Upload", "Report"] as const;

export const PERMISSION_GROUPS: readonly PermissionGroup[] = [
  {
    name: "Store",
    area: "accounts",
    categories: [
      cat("Store Product", ["Store Product Upload", "Store Product List", "Difference Report"]),
      cat("Issuance", ["Issuance Add", "Issuance List", "Issuance Report With Id", "Issuance Report With Dates"]),
      cat("Receiving", ["Receiving Add", "Receiving List", "Receiving Report With Id", "Receiving Report With Dates"]),
      cat("Inventory Ledger"),
      cat("UOM"),
    ],
  },
  {
    name: "Master Control",
    area: "accounts",
    categories: [
      cat("Menu"),
      cat("Flavour"),
      cat("Size"),
      cat("Barcode"),
      cat("Product", ["Product Add", "Product Upload", "Product List"]),
      cat("Recipe"),
      cat("Deal"),
      cat("Hall"),
      cat("Table"),
      cat("Customer"),
      cat("Coupon"),
      cat("Vendor"),
      // Not in the spec's catalogue, but its sidebar lists /inventory/uom/adduom and /listUom (design D13).
      cat("UOM"),
    ],
  },
  {
    name: "Accounts",
    area: "accounts",
    categories: [
      cat("Level Two", levelSubs),
      cat("Level Three", levelSubs),
      cat("Level Four", levelSubs),
      cat("Voucher", ["CPV", "CRV", "BPV", "BRV", "JV"]),
      cat("Voucher Verification"),
      cat("Voucher Search"),
      cat("Accounts Ledger"),
      cat("Trail Balance Report"),
      cat("Chart Of Account Report"),
      cat("Aging Report"),
      cat("Cash Book Report"),
      cat("Profit Loss Report"),
      cat("Transaction Summary"),
    ],
  },
  { name: "POS", area: "accounts", categories: [] },
  { name: "Reports", area: "accounts", categories: [] },
  { name: "Order View", area: "accounts", categories: [] },
  { name: "Kitchen Display System", area: "accounts", categories: [] },
  { name: "Table Order", area: "accounts", categories: [] },
  { name: "BackUp", area: "accounts", categories: [] },
  {
    name: "Setting",
    area: "accounts",
    categories: [
      cat("Restaurant", ["Add Restaurant", "List Restaurant"]),
      cat("Accounts Integration", ["Add Accounts Integration", "List Accounts Integration"]),
      cat("User", ["Add User", "List User"]),
      cat("Day Open"),
      cat("Day Close"),
      cat("DayOpen Record"),
      cat("Permission"),
    ],
  },
  {
    name: "Dashboard",
    area: "cargo",
    categories: [cat("Dashboard View")],
  },
  {
    name: "User",
    area: "cargo",
    categories: [cat("User Add"), cat("User View"), cat("User Edit"), cat("User Edit Status")],
  },
  {
    name: "Permissions",
    area: "cargo",
    categories: [cat("User Permissions")],
  },
  {
    name: "Rate",
    area: "cargo",
    categories: [cat("Rate Upload"), cat("Rate Logs"), cat("Rate Inquiry")],
  },
  {
    name: "Complain",
    area: "cargo",
    categories: [cat("Complaint Add"), cat("Complaint View"), cat("Complaint Edit")],
  },
  {
    name: "Sender",
    area: "cargo",
    categories: [cat("Sender Add"), cat("Sender View"), cat("Sender Edit"), cat("Sender Delete")],
  },
  {
    name: "Receiver",
    area: "cargo",
    categories: [cat("Receiver Add"), cat("Receiver View"), cat("Receiver Edit"), cat("Receiver Delete")],
  },
  {
    name: "Country",
    area: "cargo",
    categories: [cat("Country Add"), cat("Country View"), cat("Country Edit"), cat("Country Delete")],
  },
  {
    name: "Packages",
    area: "cargo",
    categories: [cat("Packages Add"), cat("Packages View"), cat("Packages Edit"), cat("Packages Delete")],
  },
  {
    name: "Service",
    area: "cargo",
    categories: [cat("Service Add"), cat("Service View"), cat("Service Edit"), cat("Service Delete")],
  },
  {
    name: "Currency",
    area: "cargo",
    categories: [cat("Currency Add"), cat("Currency View"), cat("Currency Edit"), cat("Currency Delete")],
  },
  {
    name: "Shipment",
    area: "cargo",
    categories: [
      cat("Shipment Add"),
      cat("Shipment View"),
      cat("Shipment Edit"),
      cat("Shipment Delete"),
      cat("Shipment Post"),
      cat("Shipment Edit Status"),
    ],
  },
  {
    name: "Reporting",
    area: "cargo",
    categories: [cat("Ledger Report")],
  },
  {
    name: "Ledger",
    area: "cargo",
    categories: [cat("Ledger Search")],
  },
];

/** The ten groups of the accounts permission grid, indexes 0-9. */
export const ACCOUNTS_GROUPS = PERMISSION_GROUPS.filter((g) => g.area === "accounts");
export const CARGO_GROUPS = PERMISSION_GROUPS.filter((g) => g.area === "cargo");

/** Builds a requirement and checks at load time that it names something in the catalogue. */
export function perm(name: string, cat: string | null = null, sub: string | null = null): PermissionEntry {
  const entry = { name, cat, sub };
  if (!isInCatalogue(entry)) {
    throw new Error(`Permission not in the catalogue: ${permissionKey(entry)}`);
  }
  return entry;
}

export function isInCatalogue(entry: PermissionEntry): boolean {
  const group = PERMISSION_GROUPS.find((g) => g.name === entry.name);
  if (!group) return false;
  if (entry.cat === null) return entry.sub === null;
  const category = group.categories.find((c) => c.name === entry.cat);
  if (!category) return false;
  return entry.sub === null || category.subs.includes(entry.sub);
}

export function permissionKey(entry: PermissionEntry): string {
  return [entry.name, entry.cat, entry.sub].filter((part) => part !== null).join(" > ");
}

/** Every row of the catalogue: each group, each category, each sub-item. Admin holds these. */
export function allPermissionEntries(groups: readonly PermissionGroup[] = PERMISSION_GROUPS): PermissionEntry[] {
  const rows: PermissionEntry[] = [];
  for (const group of groups) {
    rows.push({ name: group.name, cat: null, sub: null });
    for (const category of group.categories) {
      rows.push({ name: group.name, cat: category.name, sub: null });
      for (const sub of category.subs) rows.push({ name: group.name, cat: category.name, sub });
    }
  }
  return rows;
}

/**
 * A held row satisfies a requirement when it names the same thing or something beneath it:
 * holding "Accounts > Voucher > CPV" lets you into the Accounts module and the Voucher category,
 * but not into "Voucher > JV".
 */
export function satisfies(held: PermissionEntry, required: PermissionEntry): boolean {
  return (
    held.name === required.name &&
    (required.cat === null || held.cat === required.cat) &&
    (required.sub === null || held.sub === required.sub)
  );
}

export function hasPermission(held: readonly PermissionEntry[], required: PermissionEntry): boolean {
  return held.some((row) => satisfies(row, required));
}

/**
 * What customers (roles 2 and 3) may do: their own dashboard, address book, shipments (editing one
 * only until its charge is posted), complaints, ledger, rates.
 */
export const CUSTOMER_PERMISSIONS: readonly PermissionEntry[] = [
  { name: "Dashboard", cat: "Dashboard View", sub: null },
  { name: "Shipment", cat: "Shipment Add", sub: null },
  { name: "Shipment", cat: "Shipment View", sub: null },
  { name: "Shipment", cat: "Shipment Edit", sub: null },
  { name: "Sender", cat: "Sender Add", sub: null },
  { name: "Sender", cat: "Sender View", sub: null },
  { name: "Sender", cat: "Sender Edit", sub: null },
  { name: "Receiver", cat: "Receiver Add", sub: null },
  { name: "Receiver", cat: "Receiver View", sub: null },
  { name: "Receiver", cat: "Receiver Edit", sub: null },
  { name: "Complain", cat: "Complaint Add", sub: null },
  { name: "Complain", cat: "Complaint View", sub: null },
  { name: "Rate", cat: "Rate Inquiry", sub: null },
  { name: "Reporting", cat: "Ledger Report", sub: null },
  { name: "Ledger", cat: "Ledger Search", sub: null },
];
