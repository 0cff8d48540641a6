import {
  allPermissionEntries,
  CUSTOMER_PERMISSIONS,
  isStaffRole,
  type PermissionEntry,
  permissionKey,
  ROLE,
  satisfies,
  USER_STATUS,
} from "@cargodesk/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { userPermissions, users } from "./db/schema/index";
import type { Access } from "./plugins/access";
import { createTestApp, type TestApp } from "./test/harness";
import { type Operation, operationName, operationsOf } from "./test/openapi";

/**
 * Every operation of the OpenAPI document, called as anonymous, as each role and as an employee
 * holding each single permission of the catalogue, against the answer its access declaration
 * (`config.access`) gives. Customers' reach is also pinned by an explicit table, so a route that
 * loosens its declaration fails here. Each request carries a NUL byte in an extra query parameter:
 * a caller let in gets the input guard's 400 (which runs after the access check and before any
 * handler), a caller kept out gets 401 or 403, and no handler ever runs.
 */

/** What customers (roles 2 and 3) may call; everything else answers them 403. Edit with care. */
const CUSTOMER_OPERATIONS = [
  "GET /api/health",
  "GET /api/ready",
  "POST /api/users/login",
  "POST /api/user_cargo/cargo_login",
  "GET /api/users/me",
  "POST /api/users/me/sign_out_everywhere",
  "POST /api/user_cargo/get_cus_role",
  "POST /api/user_cargo/cargo_register",
  "POST /api/user_cargo/forgot_password",
  "POST /api/user_cargo/reset_password/{code}",
  "GET /api/user_cargo/{id}",
  "GET /api/cargo_permission/get_user_permission/{id}",
  "GET /api/country/get_country",
  "POST /api/upload_files",
  "GET /api/get_image_data_by_path/{path}",
  "GET /api/sender",
  "POST /api/sender",
  "GET /api/sender/{id}",
  "PUT /api/sender/{id}",
  "GET /api/receiver",
  "POST /api/receiver",
  "GET /api/receiver/{id}",
  "PUT /api/receiver/{id}",
  "GET /api/currency",
  "GET /api/currency/{id}",
  "GET /api/service_type",
  "GET /api/service_type/get_service_type",
  "GET /api/uom",
  "GET /api/shipment/shipment_purpose",
  "GET /api/shipment/shipment_tax_type",
  "GET /api/rate/get_weight",
  "POST /api/rate/calculate_rate",
  "POST /api/rate/rate_inquiry",
  "POST /api/rate/quotation_pdf",
  "POST /api/cargo_accounts/get_ledger_dashboard",
  "GET /api/cargo_accounts/dashboard_customers",
  "GET /api/cargo_accounts/get_levelFive",
  "GET /api/shipment/get_levelFive_account",
  "GET /api/setting/company/logo",
  "POST /api/cargo_accounts/get_ledger",
  "POST /api/cargo_accounts/get_ledger_pdf",
  "GET /api/shipment/shipment_status",
  "GET /api/shipment/get_shipment_with_statusId/{id}",
  "GET /api/shipment/shipment_with_trackingId/{cn}",
  "GET /api/shipment/shipment_tracking_history/{trackingId}",
  "GET /api/shipment/{id}",
  "PUT /api/shipment/{id}",
  "GET /api/shipment/{id}/waybill.pdf",
  "GET /api/shipment/{id}/invoice.pdf",
  "POST /api/shipment/waybills.pdf",
  "POST /api/shipment",
  "GET /api/shipment",
  "POST /api/shipment/get_shipment_with_dates",
  "POST /api/shipment/quote",
  "GET /api/complaint/get_complaint",
  "GET /api/complaint/get_complaint_with_id/{id}",
  "GET /api/complaint/get_complaint_status",
  "POST /api/complaint/add_complaint",
];

/** Table Order's floor and check moves: the waiter (Table Order) and the register (POS), no one else. */
const TABLE_ORDER_OPERATIONS = [
  "GET /api/pos/floor",
  "GET /api/pos/stream",
  "PUT /api/pos/table/{id}/status",
  "POST /api/pos/order/{id}/editing",
  "POST /api/pos/order/{id}/transfer",
  "POST /api/pos/order/{id}/merge",
  "POST /api/pos/order/{id}/split",
];

interface Principal {
  label: string;
  /** null: no token at all. */
  token: string | null;
  roleId: number | null;
  permissions: readonly PermissionEntry[];
}

type Outcome = "in" | 401 | 403;

/** The answer the declaration promises this caller. */
function expected(rule: Access, principal: Principal): Outcome {
  if (rule.kind === "public" || rule.kind === "optional") return "in";
  if (principal.roleId === null) return 401;
  if (rule.kind === "signedIn") return "in";
  if (principal.roleId === ROLE.admin) return "in";
  if (rule.kind === "admin") return 403;
  if (rule.kind === "staff") return isStaffRole(principal.roleId) ? "in" : 403;
  const held = isStaffRole(principal.roleId) ? principal.permissions : CUSTOMER_PERMISSIONS;
  const allowed = rule.anyOf.some((required) => held.some((row) => satisfies(row, required)));
  return allowed ? "in" : 403;
}

function outcomeOf(status: number, body: string): Outcome | string {
  if (status === 401 || status === 403) return status;
  // Let in: the input guard refused the NUL in the extra parameter, so nothing else ran.
  if (status === 400 && body.includes('"field":"_"')) return "in";
  return `${status} ${body.slice(0, 120)}`;
}

let t: TestApp;
let operations: { operation: Operation; rule: Access }[];
const fixed: Principal[] = [];
const singles: Principal[] = [];

/** Users straight into the table in one statement (no password hashing), tokens minted directly. */
async function principals(prefix: string, wanted: { label: string; roleId: number; permissions: PermissionEntry[] }[]) {
  const rows = await t.db
    .insert(users)
    .values(
      wanted.map((each, index) => ({
        userName: `${prefix}${index}`,
        email: `${prefix}${index}@test.local`,
        passwordHash: "not-a-password",
        firstName: `${prefix.toUpperCase()} ${index}`,
        roleId: each.roleId,
        userStatusId: USER_STATUS.approved,
      })),
    )
    .returning({ id: users.id });
  const held = wanted.flatMap((each, index) =>
    each.permissions.map((entry) => ({
      userId: rows[index]?.id ?? 0,
      permissionsName: entry.name,
      permissionsCatName: entry.cat,
      permissionsSubCatName: entry.sub,
    })),
  );
  if (held.length) await t.db.insert(userPermissions).values(held);
  return Promise.all(
    wanted.map(async (each, index): Promise<Principal> => {
      const id = rows[index]?.id;
      if (!id) throw new Error("user not created");
      return { ...each, token: await t.tokens.sign(id) };
    }),
  );
}

beforeAll(async () => {
  t = await createTestApp();
  operations = operationsOf(t.app).map((operation) => {
    const rule = t.app.routeAccess.get(`${operation.method} ${operation.route}`);
    if (!rule) throw new Error(`${operationName(operation)} has no access declaration`);
    return { operation, rule };
  });
  fixed.push({ label: "anonymous", token: null, roleId: null, permissions: [] });
  fixed.push(
    ...(await principals("role", [
      { label: "admin", roleId: ROLE.admin, permissions: [] },
      { label: "employee without permissions", roleId: ROLE.employee, permissions: [] },
      { label: "business customer", roleId: ROLE.businessCustomer, permissions: [] },
      { label: "individual customer", roleId: ROLE.individualCustomer, permissions: [] },
    ])),
  );
  singles.push(
    ...(await principals(
      "single",
      allPermissionEntries().map((entry) => ({
        label: `employee holding ${permissionKey(entry)}`,
        roleId: ROLE.employee,
        permissions: [entry],
      })),
    )),
  );
});
afterAll(() => t.close());

async function call(operation: Operation, principal: Principal): Promise<Outcome | string> {
  // Path parameters get a value that would be valid; the extra parameter stops every request anyway.
  const url = operation.path.replace(/\{[^}]+\}/g, "1");
  const response = await t.app.inject({
    method: operation.method as "GET",
    url: `${url}?_=%00`,
    headers: principal.token ? { authorization: `Bearer ${principal.token}` } : {},
  });
  return outcomeOf(response.statusCode, response.body);
}

/** Runs the calls a few at a time (PostgreSQL answers them in parallel; PGlite one by one). */
async function mismatches(cases: { operation: Operation; rule: Access; principal: Principal }[]): Promise<string[]> {
  const found: string[] = [];
  for (let start = 0; start < cases.length; start += 8) {
    await Promise.all(
      cases.slice(start, start + 8).map(async ({ operation, rule, principal }) => {
        const want = expected(rule, principal);
        const got = await call(operation, principal);
        if (got !== want) found.push(`${operationName(operation)} as ${principal.label}: expected ${want}, got ${got}`);
      }),
    );
  }
  return found;
}

describe("authorization matrix over the OpenAPI document", () => {
  it("finds a declaration for every operation", () => {
    expect(operations.length).toBeGreaterThan(100);
  });

  it("customers reach exactly the operations of the explicit table", () => {
    const customer = fixed.find((each) => each.roleId === ROLE.businessCustomer);
    if (!customer) throw new Error("no customer");
    const reachable = operations
      .filter(({ rule }) => expected(rule, customer) === "in")
      .map(({ operation }) => operationName(operation));
    expect(reachable.sort()).toEqual([...CUSTOMER_OPERATIONS].sort());
  });

  it("Table Order's floor and check moves: 401 without a token, 403 for Order View, in for Table Order and POS", async () => {
    const holder = (name: string) =>
      singles.find((each) => each.permissions[0]?.name === name && !each.permissions[0]?.cat);
    const [waiter, till, viewer] = [holder("Table Order"), holder("POS"), holder("Order View")];
    const anonymous = fixed.find((each) => each.token === null);
    if (!waiter || !till || !viewer || !anonymous) throw new Error("principals missing");
    const found: string[] = [];
    for (const name of TABLE_ORDER_OPERATIONS) {
      const entry = operations.find(({ operation }) => operationName(operation) === name);
      if (!entry) throw new Error(`${name} is not in the OpenAPI document`);
      const rows: [Principal, Outcome][] = [
        [anonymous, 401],
        [viewer, 403],
        [waiter, "in"],
        [till, "in"],
      ];
      for (const [principal, want] of rows) {
        const got = await call(entry.operation, principal);
        if (got !== want) found.push(`${name} as ${principal.label}: expected ${want}, got ${got}`);
      }
    }
    expect(found).toEqual([]);
  });

  it("anonymous, the admin, an employee without permissions and both customers get what each route declares", async () => {
    const cases = operations.flatMap(({ operation, rule }) =>
      fixed.map((principal) => ({ operation, rule, principal })),
    );
    expect(await mismatches(cases)).toEqual([]);
  }, 120_000);

  it("an employee holding a single permission gets in exactly where that permission is listed", async () => {
    // Routes open to every signed-in user or to all staff do not depend on the permission held: the
    // employee without permissions above covers them. A held permission matches a requirement only
    // within its own group, so each guarded operation is tried with every permission of the groups
    // it names (each allowed one and each near miss) and with two of the other groups, taken in turn
    // so that every group is tried against many operations.
    const guarded = operations.filter(({ rule }) => rule.kind === "permission" || rule.kind === "admin");
    const groupNames = [...new Set(allPermissionEntries().map((entry) => entry.name))];
    const cases = guarded.flatMap(({ operation, rule }, index) => {
      const groups = new Set(rule.kind === "permission" ? rule.anyOf.map((entry) => entry.name) : []);
      const near = singles.filter((each) => groups.has(each.permissions[0]?.name ?? ""));
      const otherGroups = groupNames.filter((name) => !groups.has(name));
      const far = [index, index + 11].map((turn) => {
        const group = otherGroups[turn % otherGroups.length];
        const members = singles.filter((each) => each.permissions[0]?.name === group);
        return members[turn % members.length];
      });
      return [...near, ...far].flatMap((principal) => (principal ? [{ operation, rule, principal }] : []));
    });
    const groupsTried = new Set(cases.map(({ principal }) => principal.permissions[0]?.name));
    expect(groupsTried.size).toBe(groupNames.length);
    expect(await mismatches(cases)).toEqual([]);
  }, 120_000);
});
