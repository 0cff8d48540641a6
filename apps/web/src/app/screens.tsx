import { ACCOUNTS_GROUPS, hasPermission, type PermissionEntry, perm } from "@cargodesk/shared";
import DashboardIcon from "@mui/icons-material/Dashboard";
import type SvgIcon from "@mui/material/SvgIcon";
import { type ComponentType, type LazyExoticComponent, lazy } from "react";
import { BACKUP_SCREENS } from "../features/backup/screens";
import { BARCODE_SCREENS } from "../features/barcode/screens";
import { CARGO_LEDGER_SCREENS } from "../features/cargo-ledger/screens";
import { CHART_SCREENS } from "../features/chart/screens";
import { COMPLAINT_SCREENS } from "../features/complaints/screens";
import { COUPON_SCREENS } from "../features/coupons/screens";
import { DEAL_SCREENS } from "../features/deals/screens";
import { FLOOR_SCREENS } from "../features/floor/screens";
import { INVENTORY_LEDGER_SCREENS } from "../features/inventory-ledger/screens";
import { ISSUANCE_SCREENS } from "../features/issuance/screens";
import { KDS_SCREENS } from "../features/kds/screens";
import { MASTER_DATA_SCREENS } from "../features/master-data/screens";
import { MENU_CATEGORY_SCREENS } from "../features/menu-categories/screens";
import { MENU_OPTION_SCREENS } from "../features/menu-options/screens";
import { ORDER_VIEW_SCREENS } from "../features/order-view/screens";
import { CARGO_PERMISSION_SCREEN, SETTING_PERMISSION_SCREEN } from "../features/permissions/screens";
import { POS_SCREENS } from "../features/pos/screens";
import { POS_CUSTOMER_SCREENS } from "../features/pos-customers/screens";
import { POS_DAY_SCREENS } from "../features/pos-days/screens";
import { PRODUCT_SCREENS } from "../features/products/screens";
import { RATE_SCREENS } from "../features/rates/screens";
import { RECEIVING_SCREENS } from "../features/receiving/screens";
import { RECIPE_SCREENS } from "../features/recipes/screens";
import { REPORT_SCREENS } from "../features/reports/screens";
import { CREATE_SHIPMENT_SCREEN } from "../features/shipments/create/screen";
import { SHIPMENT_SCREENS } from "../features/shipments/screens";
import { STOCK_COUNT_SCREENS } from "../features/stock-counts/screens";
import { STORE_PRODUCT_SCREENS } from "../features/store-products/screens";
import { TABLE_ORDER_SCREENS } from "../features/table-order/screens";
import { UNIT_SCREENS } from "../features/units/screens";
import { CARGO_USER_SCREENS, LIST_USER_SCREEN, SETTING_ADD_USER_SCREEN } from "../features/users/screens";
import { VENDOR_SCREENS } from "../features/vendors/screens";
import { VOUCHER_SCREENS } from "../features/vouchers/screens";
import type { PreloadablePage } from "./lazy-page";

/** "fullscreen": an accounts module's screen with the whole window and no sidebar (POS, Order View ...; design D14). */
export type ScreenArea = "accounts" | "cargo" | "fullscreen";

/**
 * One screen of the app. The router, the home tiles, the accounts sidebar, the cargo drawer and
 * the dashboard cards are all derived from SCREENS, so a menu entry exists only for a real screen.
 */
export interface Screen {
  readonly path: string;
  /** The page heading, shown in the top bar. */
  readonly title: string;
  /** Which shell it opens in. */
  readonly area: ScreenArea;
  /** What the signed-in user must hold. Its `name` is the module (home tile) it belongs to, unless `module` says otherwise. */
  readonly permission: PermissionEntry;
  /** Other permissions that open it too (the Reports module opens every accounting report). */
  readonly alsoPermitted?: readonly PermissionEntry[];
  /** The module (home tile, sidebar section) it sits in, when not its permission's group. */
  readonly module?: string;
  /** Where the side menu lists it: a group heading and the entry's own label. */
  readonly menu: { readonly group: string; readonly item: string };
  /** false: reached only from another screen (it needs a record or a search), so menus leave it out. */
  readonly inMenu?: false;
  readonly icon: typeof SvgIcon;
  readonly component: LazyExoticComponent<ComponentType> | PreloadablePage;
}

const CORE_SCREENS: readonly Screen[] = [
  // Setting's first screen: the /setting entry route opens it.
  LIST_USER_SCREEN,
  SETTING_ADD_USER_SCREEN,
  {
    path: "/cargo/dashboard/dashboard",
    title: "Dashboard",
    area: "cargo",
    permission: perm("Dashboard", "Dashboard View"),
    menu: { group: "Dashboard", item: "Dashboard" },
    icon: DashboardIcon,
    component: lazy(() => import("../features/dashboard/DashboardPage")),
  },
  ...CARGO_USER_SCREENS,
  CARGO_PERMISSION_SCREEN,
];

/** Every screen: each feature that has screens exports its own list beside its pages. */
export const SCREENS: readonly Screen[] = [
  ...CORE_SCREENS,
  ...MASTER_DATA_SCREENS,
  CREATE_SHIPMENT_SCREEN,
  ...CHART_SCREENS,
  ...VOUCHER_SCREENS,
  ...REPORT_SCREENS,
  ...RATE_SCREENS,
  ...SHIPMENT_SCREENS,
  ...COMPLAINT_SCREENS,
  ...BACKUP_SCREENS,
  ...CARGO_LEDGER_SCREENS,
  ...STORE_PRODUCT_SCREENS,
  ...UNIT_SCREENS,
  ...RECEIVING_SCREENS,
  ...ISSUANCE_SCREENS,
  ...STOCK_COUNT_SCREENS,
  ...INVENTORY_LEDGER_SCREENS,
  ...VENDOR_SCREENS,
  ...POS_CUSTOMER_SCREENS,
  ...COUPON_SCREENS,
  ...MENU_CATEGORY_SCREENS,
  ...MENU_OPTION_SCREENS,
  ...BARCODE_SCREENS,
  ...FLOOR_SCREENS,
  ...PRODUCT_SCREENS,
  ...RECIPE_SCREENS,
  ...DEAL_SCREENS,
  ...ORDER_VIEW_SCREENS,
  ...POS_DAY_SCREENS,
  ...POS_SCREENS,
  ...KDS_SCREENS,
  ...TABLE_ORDER_SCREENS,
  SETTING_PERMISSION_SCREEN,
];

/** The accounts modules' entry routes (spec: accounting.md section 2), keyed by module name. */
export const MODULE_ENTRIES: readonly { readonly path: string; readonly module: string }[] = [
  { path: "/store", module: "Store" },
  { path: "/inventory", module: "Master Control" },
  { path: "/accounts", module: "Accounts" },
  { path: "/pos", module: "POS" },
  { path: "/report", module: "Reports" },
  { path: "/order", module: "Order View" },
  { path: "/kds", module: "Kitchen Display System" },
  { path: "/table", module: "Table Order" },
  { path: "/setting", module: "Setting" },
];

export const DASHBOARD_PATH = "/cargo/dashboard/dashboard";
export const HOME_PATH = "/home";

/** The module (home tile) a screen sits in. */
export const moduleOf = (screen: Screen): string => screen.module ?? screen.permission.name;

/** Whether these permissions open the screen: its own permission or one of the others it allows. */
export const mayOpen = (held: readonly PermissionEntry[], screen: Screen): boolean =>
  hasPermission(held, screen.permission) || (screen.alsoPermitted ?? []).some((entry) => hasPermission(held, entry));

/** The permission groups (modules) that have at least one screen; the others have none built yet. */
export const GROUPS_WITH_SCREENS: ReadonlySet<string> = new Set(SCREENS.map(moduleOf));

export function permittedScreens(held: readonly PermissionEntry[], area?: ScreenArea): Screen[] {
  return SCREENS.filter((screen) => (area === undefined || screen.area === area) && mayOpen(held, screen));
}

export interface AccountsModule {
  readonly name: string;
  /** The module's screens this user may open, in registry order; never empty. */
  readonly screens: readonly Screen[];
}

/** The accounts modules (home tiles) in catalogue order that have at least one permitted screen. */
export function availableModules(held: readonly PermissionEntry[]): AccountsModule[] {
  const screens = permittedScreens(held).filter((screen) => screen.area !== "cargo");
  return ACCOUNTS_GROUPS.map((group) => ({
    name: group.name,
    screens: screens.filter((screen) => moduleOf(screen) === group.name),
  })).filter((module) => module.screens.length > 0);
}

/**
 * Where "home" is for this user: the cargo dashboard when they may open it, else the module tiles
 * when some accounts module is open to them, else their first permitted screen, else the tiles
 * (which then explain that nothing is available).
 */
export function homePathFor(held: readonly PermissionEntry[]): string {
  const screens = permittedScreens(held);
  if (screens.some((screen) => screen.path === DASHBOARD_PATH)) return DASHBOARD_PATH;
  if (screens.some((screen) => screen.area !== "cargo")) return HOME_PATH;
  return screens[0]?.path ?? HOME_PATH;
}

/** Where the cargo half starts for this user (the dashboard, else their first cargo screen), or null. */
export function cargoEntryFor(held: readonly PermissionEntry[]): string | null {
  const screens = permittedScreens(held, "cargo").filter((screen) => screen.inMenu !== false);
  if (screens.some((screen) => screen.path === DASHBOARD_PATH)) return DASHBOARD_PATH;
  return screens[0]?.path ?? null;
}

/** True when some accounts module is open to this user, so the home tiles have something to offer. */
export const hasAccountsModules = (held: readonly PermissionEntry[]): boolean => availableModules(held).length > 0;

export interface MenuGroup {
  readonly label: string;
  readonly screens: readonly Screen[];
}

/** Groups screens under their menu headings, keeping the order in which headings first appear. */
export function menuGroups(screens: readonly Screen[]): MenuGroup[] {
  const groups = new Map<string, Screen[]>();
  for (const screen of screens) {
    if (screen.inMenu === false) continue;
    const group = groups.get(screen.menu.group);
    if (group) group.push(screen);
    else groups.set(screen.menu.group, [screen]);
  }
  return [...groups].map(([label, members]) => ({ label, screens: members }));
}
