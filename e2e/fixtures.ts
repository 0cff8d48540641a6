import type { PermissionEntry } from "@cargodesk/shared";
import { TEST_ADMIN } from "../apps/server/src/test/test-users";

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3199);
/** The port of the server Playwright worker `index` drives: E2E_PORT, E2E_PORT + 1, ... */
export const serverPort = (index: number): number => E2E_PORT + index;
export const E2E_JWT_SECRET = "e2e-secret-e2e-secret-e2e-secret-e2e-secret";

export interface E2eUser {
  userName: string;
  email: string;
  password: string;
  roleId: number;
  userStatusId: number;
  permissions: PermissionEntry[];
  /** Starts locked out after too many wrong passwords (for an hour), for the unlock test. */
  locked?: boolean;
}

/** The admin of the template every server starts from, the API tests' own. */
export const ADMIN = TEST_ADMIN;

const user = (name: string, roleId: number, userStatusId: number, permissions: PermissionEntry[] = []): E2eUser => ({
  userName: name,
  email: `${name}@e2e.local`,
  password: "Secret@123",
  roleId,
  userStatusId,
  permissions,
});

/** People the browser tests sign in as; written to the database before the server starts. */
export const USERS = {
  /** An employee who may only see the dashboard and the country list. */
  clerk: user("clerk", 4, 2, [
    { name: "Dashboard", cat: "Dashboard View", sub: null },
    { name: "Country", cat: "Country View", sub: null },
  ]),
  /** An employee who may only read the user list on the accounts side. */
  accountant: user("accountant", 4, 2, [{ name: "Setting", cat: "User", sub: "List User" }]),
  /** An employee holding only the Reports module (the spec's /report). */
  reportsReader: user("reportsreader", 4, 2, [{ name: "Reports", cat: null, sub: null }]),
  /** An employee who may only enter Cash Payment vouchers (accounting suite). */
  cashier: user("cashier", 4, 2, [{ name: "Accounts", cat: "Voucher", sub: "CPV" }]),
  pending: user("pendingcustomer", 2, 1),
  blocked: user("blockedcustomer", 3, 4),
  /** An employee who may only read the Product List (and mark products sold out), not add or edit them. */
  productLister: user("productlister", 4, 2, [{ name: "Master Control", cat: "Product", sub: "Product List" }]),
  /** An employee who uploads rate sheets and reads the rate logs. */
  rates: user("rateclerk", 4, 2, [
    { name: "Rate", cat: "Rate Upload", sub: null },
    { name: "Rate", cat: "Rate Logs", sub: null },
  ]),
  /** Complaint tests: approved by the tests (opening a receivable account), then booked for. */
  complaintCustomer: user("complaintcustomer", 2, 1),
  /** Owns a complaint complaintcustomer must not see. */
  complaintOtherCustomer: user("complaintother", 3, 1),
  /** Shipment list tests: approved by the tests (opening a receivable account), then booked for. */
  listCustomer: user("listcustomer", 2, 1),
  /** Owns shipments listcustomer must not see. */
  listOtherCustomer: user("listothercustomer", 2, 2),
  /** A customer the create-shipment tests approve (opening their receivable account) and book for. */
  wizardCustomer: user("wizardcustomer", 2, 1),
  /** Dashboard and cargo ledger tests: approved by the tests (opening their receivable accounts), booked and posted for. */
  ledgerCustomer1: user("ledgercustomer1", 2, 1),
  ledgerCustomer2: user("ledgercustomer2", 3, 1),
  /** cache-invalidation.spec: approved by the test, booked for and posted while the dashboard is cached. */
  cacheCustomer: user("cachecustomer", 2, 1),
  /** An employee (type 4) with Ledger Search: picks an account and generates the PDF; Search stays disabled. */
  ledgerClerk: user("ledgerclerk", 4, 2, [
    { name: "Dashboard", cat: "Dashboard View", sub: null },
    { name: "Ledger", cat: "Ledger Search", sub: null },
  ]),
  /** An employee who may only view Setting > Restaurant (the company profile and the Outlet and POS section). */
  restaurantViewer: user("restaurantviewer", 4, 2, [{ name: "Setting", cat: "Restaurant", sub: "List Restaurant" }]),
  /** pos-register.spec: a cashier holding only POS (the till), and a manager who approves at the till (Day Close). */
  posCashier: user("poscashier", 4, 2, [{ name: "POS", cat: null, sub: null }]),
  posManager: user("posmanager", 4, 2, [{ name: "Setting", cat: "Day Close", sub: null }]),
  /** order-view.spec: someone who watches the orders (Order View only): no refund, no filters from the POS. */
  orderViewer: user("orderviewer", 4, 2, [{ name: "Order View", cat: null, sub: null }]),
  /** Locked out by wrong passwords when the server starts; the admin unlocks them in sign-in-lock.spec. */
  lockedEmployee: {
    ...user("lockedemployee", 4, 2, [{ name: "Dashboard", cat: "Dashboard View", sub: null }]),
    locked: true,
  },
} as const;
