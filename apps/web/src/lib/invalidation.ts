import type { QueryClient, QueryKey } from "@tanstack/react-query";
import { authKeys } from "../features/auth/api";
import { backupKeys } from "../features/backup/api";
import { barcodeKeys } from "../features/barcode/api";
import { cargoLedgerKeys } from "../features/cargo-ledger/api";
import { chartKeys } from "../features/chart/api";
import { companyKeys } from "../features/company/api";
import { complaintKeys } from "../features/complaints/api";
import { couponKeys } from "../features/coupons/api";
import { dashboardKeys } from "../features/dashboard/api";
import { dealKeys } from "../features/deals/api";
import { floorKeys } from "../features/floor/api";
import { stockKeys } from "../features/inventory-ledger/api";
import { issuanceKeys } from "../features/issuance/api";
import { masterKeys } from "../features/master-data/api";
import { menuCategoryKeys } from "../features/menu-categories/api";
import { menuOptionKeys } from "../features/menu-options/api";
import { permissionKeys } from "../features/permissions/api";
import { posKeys } from "../features/pos/api";
import { posCustomerKeys } from "../features/pos-customers/api";
import { posDayKeys } from "../features/pos-days/api";
import { productKeys } from "../features/products/api";
import { receivingKeys } from "../features/receiving/api";
import { recipeKeys } from "../features/recipes/api";
import { reportKeys } from "../features/reports/api";
import { restaurantKeys } from "../features/restaurant-settings/api";
import { shipmentKeys } from "../features/shipments/api";
import { stockCountKeys } from "../features/stock-counts/api";
import { storeProductKeys } from "../features/store-products/api";
import { unitKeys } from "../features/units/api";
import { userKeys } from "../features/users/api";
import { vendorKeys } from "../features/vendors/api";
import { voucherKeys } from "../features/vouchers/api";

/**
 * The one map of what each kind of change makes stale. Every mutation's onSuccess (or onSettled)
 * calls `invalidateAfter(client, change)` instead of naming keys itself, so approving a voucher
 * reloads the ledgers, reports, cargo ledger and dashboard at once instead of after staleTime.
 *
 * This is the one lib file that imports from features: the prefixes come from each feature's own
 * key factory, so a renamed key cannot leave the map pointing at nothing. The features import this
 * file back, so the prefixes are read when a change happens, never while the modules load.
 */

/** Everything that reads the books: the voucher lists and pickers, every report and ledger, the cargo ledger, the dashboard. */
const books = (): QueryKey[] => [voucherKeys.all, reportKeys.all, cargoLedgerKeys.all, dashboardKeys.all];

const staleAfter = {
  /** Add Voucher; an auto-approved company (no separate approver) posts it to the ledger at once. */
  voucherPosted: books,
  voucherApproved: books,
  voucherDisapproved: books,
  voucherReversed: books,
  /** A booking adds to the lists and the dashboard's counts; with its charge posted it reaches the books. */
  shipmentBooked: () => [shipmentKeys.all, ...books()],
  shipmentEdited: () => [shipmentKeys.all, dashboardKeys.all],
  shipmentDeleted: () => [shipmentKeys.all, dashboardKeys.all],
  /** A tracking entry added or the history replaced: the shipment, the lists' status column, the dashboard's counts. */
  shipmentStatusChanged: () => [shipmentKeys.all, dashboardKeys.all, ["tracking"]],
  /** One shipment's charge or a bulk post: the shipments show "posted" and the vouchers reach the books. */
  shipmentChargePosted: () => [shipmentKeys.all, ...books()],
  /** A chart node added, renamed, uploaded or deleted: the chart, every account picker and balance, the integration view (under chart). */
  chartChanged: () => [chartKeys.all, ...books()],
  /** The account integration settings name the cash and bank groups the voucher pickers offer. */
  integrationChanged: () => [chartKeys.all, voucherKeys.all],
  rateSheetUploaded: () => [["rates"], ["shipment-lookups"]],
  /** Registered, edited, approved, blocked or unlocked: an approved customer gets an account and shows in the pickers. */
  userChanged: () => [userKeys.all, chartKeys.all, cargoLedgerKeys.accounts(), dashboardKeys.customers()],
  /** The signed-in user's own menus follow at once. */
  permissionsChanged: () => [permissionKeys.all, authKeys.me()],
  complaintChanged: () => [complaintKeys.all],
  /** Master data (countries, services, packages, currencies...) feeds the lists and the pickers. */
  masterDataChanged: () => [masterKeys.all, ["shipment-lookups"]],
  companyChanged: () => [companyKeys.all],
  backupChanged: () => [backupKeys.all],
  /** A vendor added, changed or deleted: the vendor lists and pickers, and the chart that holds its payable account. */
  vendorChanged: () => [vendorKeys.all, chartKeys.all],
  /** A restaurant customer added, changed or deleted: the customer lists, the chart (house account), the books (opening JV). */
  posCustomerChanged: () => [posCustomerKeys.all, chartKeys.all, ...books()],
  /** A POS order created, changed, held, sent, paid or refunded: order lists, the open day's figures (Day Close too), the customer's visits. */
  posOrderChanged: () => [posKeys.orderLists(), posKeys.day(), posCustomerKeys.all, posDayKeys.all],
  /** A pay-in, pay-out or drop at a counter: the open day's expected cash. */
  posCashMoved: () => [posKeys.day()],
  /** Day Open: a day or a counter opened: Day Open, Day Close, DayOpen Record and the register's day. */
  dayOpened: () => [posDayKeys.all, posKeys.day()],
  /** A counter counted and closed on Day Close: the checklist, the records, the register's day. */
  counterClosed: () => [posDayKeys.all, posKeys.day()],
  /** A stock exception accepted on Day Close: the checklist and the stock screens that flag it. */
  stockExceptionAccepted: () => [posDayKeys.all, stockKeys.all],
  /** Day Close posted the day: the days, every POS read (orders now carry their voucher), stock moves and the books. */
  dayClosed: () => [posDayKeys.all, posKeys.all, stockKeys.all, ...books()],
  /** A coupon or promotion added, changed, (de)activated or deleted: the coupon lists. */
  couponChanged: () => [couponKeys.all],
  /** A menu category added, changed, sorted or deleted: the category tree and the pickers that list categories. */
  menuCategoryChanged: () => [menuCategoryKeys.all],
  /** A flavour or size added, changed or deleted: both lists and the variant pickers. */
  menuOptionChanged: () => [menuOptionKeys.all],
  /** A product added, changed, uploaded or marked sold out: the product lists and Product Add's copy of it. */
  productChanged: () => [productKeys.all],
  /** A recipe version saved: the recipe lists and the products' recipe costs and states. */
  recipeChanged: () => [recipeKeys.all, productKeys.all],
  /** In-store codes given to variants and store products: the Barcode screen and both product lists. */
  barcodesAssigned: () => [barcodeKeys.all, productKeys.all, storeProductKeys.all],
  /** A hall or table added, changed, deleted or moved on the floor layout. */
  floorChanged: () => [floorKeys.all],
  /** A deal added, changed, (de)activated or deleted: the deal list and Add Deal's copy of it. */
  dealChanged: () => [dealKeys.all],
  /** Setting > Restaurant: the outlet's POS settings, a tax class, payment method, station or printer. */
  restaurantSettingsChanged: () => [restaurantKeys.all],
  /** A counter saved: it may have opened its own cash account in the chart. */
  counterChanged: () => [restaurantKeys.all, chartKeys.all],
  /** A GRN saved, posted or reversed: the receiving lists and reports, the vendors' balances, stock on hand (the Store Product List too) and the books. */
  receivingChanged: () => [receivingKeys.all, vendorKeys.all, stockKeys.all, storeProductKeys.all, ...books()],
  /** An issuance saved, posted or reversed: the issuance lists and reports, stock on hand and the ledgers, the books. */
  issuanceChanged: () => [issuanceKeys.all, stockKeys.all, storeProductKeys.all, ...books()],
  /** A count started, saved or posted: the counts, stock on hand and the inventory ledger, the books (its JV). */
  stockCountChanged: () => [stockCountKeys.all, stockKeys.all, storeProductKeys.all, ...books()],
  /** A store product added, changed, uploaded or deleted: the product lists, the units' usage counts, the stock pickers. */
  storeProductChanged: () => [storeProductKeys.all, unitKeys.all, stockKeys.all],
  /** Products with opening stock: also the opening JV in the books. */
  storeStockOpened: () => [storeProductKeys.all, unitKeys.all, stockKeys.all, ...books()],
  /** A unit added, changed or deleted: the unit pickers (shipment lines too) and the product lists' unit names. */
  unitChanged: () => [unitKeys.all, storeProductKeys.all, ["shipment-lookups"]],
} satisfies Record<string, () => QueryKey[]>;

export type Change = keyof typeof staleAfter;

/** The query-key prefixes a change makes stale (exported for the test and for reading). */
export const prefixesAfter = (change: Change): QueryKey[] => staleAfter[change]();

/** Marks every query under the change's prefixes stale; the ones on screen refetch now. */
export function invalidateAfter(client: QueryClient, change: Change): Promise<void> {
  return Promise.all(prefixesAfter(change).map((queryKey) => client.invalidateQueries({ queryKey }))).then(
    () => undefined,
  );
}
