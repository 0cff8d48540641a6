import { AUTH_MESSAGES, perm, ROLE, USER_MESSAGES } from "@cargodesk/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts, auditLog, users } from "../../db/schema/index";
import { adminToken, bearer, createTestApp, createUser, loginCargo, multipart, type TestApp } from "../../test/harness";

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await adminToken(t.app);
});
afterAll(() => t.close());

let serial = 0;
/** A valid public registration; each call gets its own e-mail and CNIC. */
function registration(overrides: Record<string, unknown> = {}) {
  serial += 1;
  return {
    firstName: "Ahmed",
    lastName: "Khan",
    email: `customer${serial}@example.com`,
    cnic: `42101${String(serial).padStart(8, "0")}`,
    phone_number: "03001234567",
    companyName: "Khan Traders",
    webSite: "https://khantraders.pk",
    gst: "",
    ntn: "1234567-8",
    address: "Shop 12, Saddar, Karachi",
    role: ROLE.businessCustomer,
    password: "Secret@123",
    confirmPassword: "Secret@123",
    term_and_condition: true,
    ...overrides,
  };
}
const register = (payload: object, as?: string) =>
  t.app.inject({ method: "POST", url: "/api/user_cargo/cargo_register", payload, headers: as ? bearer(as) : {} });
const api = (method: "GET" | "POST" | "PUT", url: string, payload?: object, as = token) =>
  t.app.inject({ method, url, payload, headers: bearer(as) });

describe("registration", () => {
  it("checks every field with the spec's messages", async () => {
    const response = await register(
      registration({
        firstName: "Ali",
        email: "nope",
        phone_number: "12345",
        cnic: "42101-1234567-1",
        webSite: "khan traders",
        companyName: "Abc",
        confirmPassword: "Other@123",
      }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual(
      expect.arrayContaining([
        { field: "firstName", message: USER_MESSAGES.firstName4 },
        { field: "email", message: USER_MESSAGES.email },
        { field: "phone_number", message: USER_MESSAGES.cell },
        { field: "cnic", message: USER_MESSAGES.cnic },
        { field: "webSite", message: USER_MESSAGES.website },
        { field: "confirmPassword", message: USER_MESSAGES.passwordMatch },
        { field: "companyName", message: USER_MESSAGES.company4 },
      ]),
    );
    expect((await register(registration({ phone_number: "+923001234567" }))).statusCode).toBe(400);
    expect((await register(registration({ phone_number: "3001234567" }))).statusCode).toBe(200);
  });

  it("creates a pending customer who cannot sign in until approved, then gets a receivable account", async () => {
    const payload = registration();
    const response = await register(payload);
    expect(response.json().message).toBe(USER_MESSAGES.registered);
    const login = () =>
      t.app.inject({
        method: "POST",
        url: "/api/user_cargo/cargo_login",
        payload: { email: payload.email, password: payload.password },
      });
    expect((await login()).json().message).toBe(AUTH_MESSAGES.pending);
    const [row] = await t.db.select().from(users).where(eq(users.id, response.json().id));
    expect(row).toMatchObject({
      userStatusId: 1,
      firstName: "AHMED",
      companyName: "KHAN TRADERS",
      roleId: 2,
      receivableAccountId: null,
    });

    const approved = await api("POST", `/api/user_cargo/update_user_status/${row?.id}`, { userStatusId: 2 });
    expect(approved.statusCode).toBe(200);
    expect((await login()).statusCode).toBe(200);
    const [after] = await t.db
      .select()
      .from(users)
      .where(eq(users.id, row?.id ?? 0));
    const [receivable] = await t.db
      .select()
      .from(accounts)
      .where(eq(accounts.id, after?.receivableAccountId ?? 0));
    expect(receivable?.name).toContain("KHAN TRADERS");
    expect(receivable?.allLevelKey).toMatch(/^1-01-003-\d{4}$/);
  });

  it("refuses a staff role, missing terms, and duplicates with 409 naming the field", async () => {
    expect((await register(registration({ role: ROLE.admin }))).statusCode).toBe(400);
    expect((await register(registration({ term_and_condition: false }))).json().details[0].field).toBe(
      "term_and_condition",
    );
    const first = registration();
    await register(first);
    const sameEmail = await register(registration({ email: first.email.toUpperCase() }));
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json().message).toMatch(/^email:/);
    const sameCnic = await register(registration({ cnic: first.cnic }));
    expect(sameCnic.json().message).toMatch(/^cnic:/);
    const sameName = await register(registration({ userName: "admin" }));
    expect(sameName.json().message).toMatch(/^userName:/);
  });

  it("staff with User Add create approved users of any role, with the company fields fixed for staff", async () => {
    const response = await register(
      registration({ role: ROLE.employee, companyName: "", ntn: "", address: "", webSite: "https://x.pk" }),
      token,
    );
    expect(response.json().message).toBe(USER_MESSAGES.created);
    const [row] = await t.db.select().from(users).where(eq(users.id, response.json().id));
    expect(row).toMatchObject({
      userStatusId: 2,
      roleId: 4,
      companyName: "CARGODESK COURIER & CARGO",
      webSite: null,
      ntn: null,
      gst: null,
    });
    expect((await t.app.inject({ method: "POST", url: "/api/user_cargo/get_cus_role" })).json()).toEqual([
      { id: 2, role: "Business customer" },
      { id: 3, role: "Individual customer" },
    ]);
  });
});

describe("user administration", () => {
  it("follows the spec's status rules and records who did what", async () => {
    const user = await createUser(t.db, { roleId: ROLE.individualCustomer, userStatusId: 1 });
    const set = (userStatusId: number) =>
      api("POST", `/api/user_cargo/update_user_status/${user.id}`, { userStatusId });
    expect((await set(4)).statusCode).toBe(409); // Block is disabled at 1
    expect((await set(3)).statusCode).toBe(200); // Cancel
    expect((await set(2)).statusCode).toBe(200); // Approve
    expect((await set(3)).statusCode).toBe(409); // Cancel is disabled at 2
    expect((await set(4)).statusCode).toBe(200); // Block
    expect((await set(3)).statusCode).toBe(409); // Cancel is disabled at 4
    expect((await set(2)).statusCode).toBe(200); // Unblock
    const log = (await api("GET", `/api/audit_log?userId=${user.id}`)).json();
    expect(
      log
        .filter((entry: { action: string }) => entry.action === "status")
        .map((entry: { details: { to: number } }) => entry.details.to),
    ).toEqual([2, 4, 2, 3]);
    expect(log[0].actorId).toBe(1);
  });

  it("edits a user (first name at least 3) and records a role change", async () => {
    const user = await createUser(t.db, { roleId: ROLE.employee });
    const edit = (firstName: string, role: number) =>
      api("PUT", `/api/user_cargo/${user.id}`, {
        firstName,
        lastName: "",
        email: user.email,
        cnic: "4210199999999",
        phone_number: "03211234567",
        role,
        companyName: "Any Co",
        ntn: "1",
        address: "Lahore",
      });
    expect((await edit("Al", 4)).json().details[0]).toEqual({ field: "firstName", message: USER_MESSAGES.firstName3 });
    expect((await edit("Ali", 1)).statusCode).toBe(200);
    expect((await api("GET", `/api/user_cargo/${user.id}`)).json()).toMatchObject({
      firstName: "ALI",
      roleId: 1,
      role: { role: "Admin" },
    });
    const log = await t.db.select().from(auditLog).where(eq(auditLog.targetUserId, user.id));
    expect(log.some((entry) => entry.action === "role")).toBe(true);
  });

  it("enforces User Edit, User Edit Status and own-record reading on the server", async () => {
    const viewer = await createUser(t.db, { permissions: [perm("User", "User View")] });
    const viewerToken = await loginCargo(t.app, viewer.email, viewer.password);
    const other = await createUser(t.db, { roleId: ROLE.businessCustomer });
    expect((await api("GET", `/api/user_cargo/${other.id}`, undefined, viewerToken)).statusCode).toBe(200);
    expect((await api("PUT", `/api/user_cargo/${other.id}`, {}, viewerToken)).statusCode).toBe(403);
    expect(
      (await api("POST", `/api/user_cargo/update_user_status/${other.id}`, { userStatusId: 4 }, viewerToken))
        .statusCode,
    ).toBe(403);
    const customerToken = await loginCargo(t.app, other.email, other.password);
    expect((await api("GET", `/api/user_cargo/${other.id}`, undefined, customerToken)).statusCode).toBe(200);
    expect((await api("GET", `/api/user_cargo/${viewer.id}`, undefined, customerToken)).statusCode).toBe(403);
    expect((await api("GET", "/api/audit_log", undefined, viewerToken)).statusCode).toBe(403);
  });
});

describe("images", () => {
  const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from("png-body")]);
  const upload = (content: Buffer, name: string, as?: string) => {
    const body = multipart({}, { field: "image", name, content });
    return t.app.inject({
      method: "POST",
      url: "/api/upload_files",
      payload: body.payload,
      headers: { ...body.headers, ...(as ? bearer(as) : {}) },
    });
  };

  it("accepts PNG and JPEG by content only, and shows an image only to staff and its owner", async () => {
    expect((await upload(Buffer.from("%PDF-1.7 not an image"), "cnic.jpg")).statusCode).toBe(400);
    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from("jpeg")]);
    expect((await upload(jpeg, "whatever.txt")).json().path).toMatch(/^img_[a-f0-9]{32}\.jpg$/);
    const front = (await upload(PNG, "front.png")).json().path;
    const payload = registration({ cnicFrontImage: front });
    const created = (await register(payload)).json().id;
    await api("POST", `/api/user_cargo/update_user_status/${created}`, { userStatusId: 2 });
    const ownerToken = await loginCargo(t.app, payload.email, payload.password);
    const stranger = await createUser(t.db, { roleId: ROLE.businessCustomer });
    const strangerToken = await loginCargo(t.app, stranger.email, stranger.password);
    const read = (as: string, path = front) =>
      t.app.inject({ method: "GET", url: `/api/get_image_data_by_path/${path}`, headers: bearer(as) });
    expect((await read(ownerToken)).rawPayload.equals(PNG)).toBe(true);
    expect((await read(token)).statusCode).toBe(200);
    expect((await read(strangerToken)).statusCode).toBe(403);
    expect((await read(token, "..%2F..%2Fjwt-secret")).statusCode).toBe(400);
    expect((await t.app.inject({ method: "GET", url: `/api/get_image_data_by_path/${front}` })).statusCode).toBe(401);
    const stolen = await register(registration({ cnicBackImage: front }));
    expect(stolen.statusCode).toBe(403);
  });
});

describe("permission assignment", () => {
  it("replaces an employee's permissions, effective on the next request, and refuses unknown names", async () => {
    const employee = await createUser(t.db);
    const employeeToken = await loginCargo(t.app, employee.email, employee.password);
    expect((await api("GET", "/api/currency", undefined, employeeToken)).statusCode).toBe(403);
    const groups = (await api("GET", "/api/cargo_permission/get_all_permission")).json();
    expect(groups.slice(0, 10).map((g: { permissions_name: string }) => g.permissions_name)).toEqual([
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
    const save = (permission: object[]) =>
      api("POST", "/api/cargo_permission/add_permission_data", { user: employee.id, permission });
    expect((await save([{ permissions_name: "Currency", permissions_cat_name: "Currency View" }])).json().message).toBe(
      "Added successfully...",
    );
    expect((await api("GET", "/api/currency", undefined, employeeToken)).statusCode).toBe(200);
    expect((await api("GET", `/api/cargo_permission/get_user_permission/${employee.id}`)).json()).toEqual([
      { permissions_name: "Currency", permissions_cat_name: "Currency View", permissions_sub_cat_name: null },
    ]);
    const bad = await save([{ permissions_name: "Currency", permissions_cat_name: "Currency Fly" }]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].field).toBe("permission.0");
    const customer = await createUser(t.db, { roleId: ROLE.businessCustomer });
    expect(
      (await api("POST", "/api/cargo_permission/add_permission_data", { user: customer.id, permission: [] }))
        .statusCode,
    ).toBe(400);
    const staff = (await api("GET", "/api/user_cargo/get_admin_and_employee_user")).json();
    expect(staff.every((u: { roleId: number }) => u.roleId === 1 || u.roleId === 4)).toBe(true);
    const log = await t.db.select().from(auditLog).where(eq(auditLog.targetUserId, employee.id));
    expect(log[0]?.details).toEqual({ granted: ["Currency > Currency View"], revoked: [] });
  });
});
