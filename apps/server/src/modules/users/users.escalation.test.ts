import { perm, ROLE, USER_STATUS } from "@cargodesk/shared";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, userPermissions, users } from "../../db/schema/index";
import { adminToken, bearer, createTestApp, createUser, loginCargo, type TestApp } from "../../test/harness";

let t: TestApp;
let admin: string;
let adminId: number;
beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t.app);
  adminId = (await t.app.inject({ method: "GET", url: "/api/users/me", headers: bearer(admin) })).json<{ id: number }>()
    .id;
});
afterAll(() => t.close());

const call = (method: "GET" | "POST" | "PUT", url: string, as: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: bearer(as) });

/** A staff member holding only the given permissions, signed in. */
async function employee(...permissions: ReturnType<typeof perm>[]) {
  const user = await createUser(t.db, { permissions });
  return { ...user, token: await loginCargo(t.app, user.email, user.password) };
}

async function stored(id: number) {
  const [row] = await t.db.select().from(users).where(eq(users.id, id));
  if (!row) throw new Error(`no user ${id}`);
  return row;
}

const cnicOf = (id: number) => `61101${String(id).padStart(8, "0")}`;

/** The edit form's payload for a stored staff user, with changes. */
async function editPayload(id: number, changes: Record<string, unknown> = {}) {
  const row = await stored(id);
  return {
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    cnic: row.cnic ?? cnicOf(id),
    phone_number: row.phoneNumber ?? "03001234567",
    role: row.roleId,
    companyName: row.companyName,
    webSite: row.webSite,
    gst: row.gst,
    ntn: row.ntn,
    address: row.address,
    ...changes,
  };
}

async function refusals(actorId: number, action: string) {
  return t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.actorId, actorId), eq(auditLog.action, action)));
}

let serial = 0;
function newStaff(role: number) {
  serial += 1;
  return {
    firstName: "Bilal",
    lastName: "Ahmed",
    email: `staff${serial}@escalation.test`,
    cnic: `35202${String(serial).padStart(8, "0")}`,
    phone_number: "03001234567",
    role,
    password: "Secret@123",
    confirmPassword: "Secret@123",
    term_and_condition: true,
  };
}

describe("User Edit alone", () => {
  it("cannot make its holder an Admin", async () => {
    const clerk = await employee(perm("User", "User Edit"));
    const answer = await call(
      "PUT",
      `/api/user_cargo/${clerk.id}`,
      clerk.token,
      await editPayload(clerk.id, { role: 1 }),
    );
    expect(answer.statusCode).toBe(403);
    expect(answer.json()).toMatchObject({
      code: "FORBIDDEN",
      message: "You cannot change your own role",
    });
    expect((await stored(clerk.id)).roleId).toBe(ROLE.employee);
    const [audited] = await refusals(clerk.id, "refused:own role");
    expect(audited).toMatchObject({ targetUserId: clerk.id, details: { from: ROLE.employee, to: ROLE.admin } });
  });

  it("cannot change the holder's own role even to a customer's", async () => {
    const clerk = await employee(perm("User", "User Edit"));
    const answer = await call(
      "PUT",
      `/api/user_cargo/${clerk.id}`,
      clerk.token,
      await editPayload(clerk.id, {
        role: ROLE.individualCustomer,
        companyName: "Self Made",
        ntn: "1234567-8",
        address: "Karachi",
      }),
    );
    expect(answer.statusCode).toBe(403);
    expect(answer.json().message).toBe("You cannot change your own role");
    expect((await stored(clerk.id)).roleId).toBe(ROLE.employee);
  });

  it("cannot make another employee an Admin, nor demote an Admin", async () => {
    const clerk = await employee(perm("User", "User Edit"));
    const other = await createUser(t.db);
    const promote = await call(
      "PUT",
      `/api/user_cargo/${other.id}`,
      clerk.token,
      await editPayload(other.id, { role: 1 }),
    );
    expect(promote.statusCode).toBe(403);
    expect(promote.json().message).toBe("Only an Admin gives or removes the Admin role");
    expect((await refusals(clerk.id, "refused:role")).map((row) => row.targetUserId)).toEqual([other.id]);
    const second = await createUser(t.db, { roleId: ROLE.admin });
    const demote = await call(
      "PUT",
      `/api/user_cargo/${second.id}`,
      clerk.token,
      await editPayload(second.id, { role: ROLE.employee }),
    );
    expect(demote.statusCode).toBe(403);
    expect((await stored(second.id)).roleId).toBe(ROLE.admin);
    expect((await stored(other.id)).roleId).toBe(ROLE.employee);
  });

  it("cannot change an Admin's e-mail, so cannot take the account over by a password reset", async () => {
    const clerk = await employee(perm("User", "User Edit"));
    const before = await stored(adminId);
    const answer = await call(
      "PUT",
      `/api/user_cargo/${adminId}`,
      clerk.token,
      await editPayload(adminId, { email: "clerk-owns-this@example.com" }),
    );
    expect(answer.statusCode).toBe(403);
    expect(answer.json().message).toBe("Only an Admin changes an Admin's e-mail");
    expect((await stored(adminId)).email).toBe(before.email);
    const [audited] = await refusals(clerk.id, "refused:admin email");
    expect(audited?.targetUserId).toBe(adminId);
  });

  it("still edits an employee's details, and an Admin's name", async () => {
    const clerk = await employee(perm("User", "User Edit"));
    const other = await createUser(t.db);
    const renamed = await call(
      "PUT",
      `/api/user_cargo/${other.id}`,
      clerk.token,
      await editPayload(other.id, { firstName: "RENAMED", email: `renamed${other.id}@test.local` }),
    );
    expect(renamed.statusCode).toBe(200);
    const second = await createUser(t.db, { roleId: ROLE.admin });
    const adminName = await call(
      "PUT",
      `/api/user_cargo/${second.id}`,
      clerk.token,
      await editPayload(second.id, { lastName: "Qureshi" }),
    );
    expect(adminName.statusCode).toBe(200);
  });
});

describe("User Add alone", () => {
  it("cannot create an Admin, but creates an employee", async () => {
    const clerk = await employee(perm("User", "User Add"));
    const payload = newStaff(ROLE.admin);
    const answer = await call("POST", "/api/user_cargo/cargo_register", clerk.token, payload);
    expect(answer.statusCode).toBe(403);
    expect(answer.json().message).toBe("Only an Admin creates an Admin");
    expect(await t.db.select().from(users).where(eq(users.email, payload.email))).toEqual([]);
    const [audited] = await refusals(clerk.id, "refused:create admin");
    expect(audited).toMatchObject({ targetUserId: null, details: { email: payload.email } });
    expect(
      (await call("POST", "/api/user_cargo/cargo_register", clerk.token, newStaff(ROLE.employee))).statusCode,
    ).toBe(200);
  });

  it("lets an Admin create an Admin", async () => {
    expect((await call("POST", "/api/user_cargo/cargo_register", admin, newStaff(ROLE.admin))).statusCode).toBe(200);
  });
});

describe("User Edit Status alone", () => {
  const setStatus = (id: number, userStatusId: number, as: string) =>
    call("POST", `/api/user_cargo/update_user_status/${id}`, as, { userStatusId });

  it("cannot block the only admin, nor any Admin", async () => {
    const clerk = await employee(perm("User", "User Edit Status"));
    const answer = await setStatus(adminId, USER_STATUS.blocked, clerk.token);
    expect(answer.statusCode).toBe(403);
    expect(answer.json().message).toBe("Only an Admin changes an Admin's status");
    expect((await stored(adminId)).userStatusId).toBe(USER_STATUS.approved);
    expect((await refusals(clerk.id, "refused:admin status")).length).toBe(1);
    const second = await createUser(t.db, { roleId: ROLE.admin });
    expect((await setStatus(second.id, USER_STATUS.blocked, clerk.token)).statusCode).toBe(403);
  });

  it("cannot change its holder's own status, but blocks an employee", async () => {
    const clerk = await employee(perm("User", "User Edit Status"));
    const own = await setStatus(clerk.id, USER_STATUS.blocked, clerk.token);
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe("You cannot change your own status");
    expect((await refusals(clerk.id, "refused:own status")).length).toBe(1);
    const other = await createUser(t.db);
    expect((await setStatus(other.id, USER_STATUS.blocked, clerk.token)).statusCode).toBe(200);
  });

  it("lets an Admin block and unblock another Admin while another approved Admin remains", async () => {
    const second = await createUser(t.db, { roleId: ROLE.admin });
    expect((await setStatus(second.id, USER_STATUS.blocked, admin)).statusCode).toBe(200);
    expect((await setStatus(second.id, USER_STATUS.approved, admin)).statusCode).toBe(200);
  });
});

describe("permissions", () => {
  it("nobody changes their own permissions", async () => {
    const clerk = await employee(perm("Permissions", "User Permissions"));
    const answer = await call("POST", "/api/cargo_permission/add_permission_data", clerk.token, {
      user: clerk.id,
      permission: [{ permissions_name: "User", permissions_cat_name: "User Edit" }],
    });
    expect(answer.statusCode).toBe(403);
    expect(answer.json().message).toBe("You cannot change your own permissions");
    const held = await t.db.select().from(userPermissions).where(eq(userPermissions.userId, clerk.id));
    expect(held).toHaveLength(1);
    expect((await refusals(clerk.id, "refused:own permissions")).length).toBe(1);
  });
});

describe("the last approved Admin", () => {
  let own: TestApp;
  beforeAll(async () => {
    own = await createTestApp();
  });
  afterAll(() => own.close());

  /** Two approved Admins in a database of their own, signed in. */
  async function twoAdmins() {
    const [first, second] = [
      await createUser(own.db, { roleId: ROLE.admin }),
      await createUser(own.db, { roleId: ROLE.admin }),
    ];
    const seeded = await own.db.select({ id: users.id }).from(users).where(eq(users.roleId, ROLE.admin));
    for (const row of seeded.filter((user) => user.id !== first.id && user.id !== second.id))
      await own.db.update(users).set({ roleId: ROLE.employee }).where(eq(users.id, row.id));
    return [
      { ...first, token: await loginCargo(own.app, first.email, first.password) },
      { ...second, token: await loginCargo(own.app, second.email, second.password) },
    ] as const;
  }
  const approvedAdmins = async () =>
    (
      await own.db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.roleId, ROLE.admin), eq(users.userStatusId, USER_STATUS.approved)))
    ).length;

  it("two Admins blocking each other at once: one succeeds, the other is refused", async () => {
    const [a, b] = await twoAdmins();
    const answers = await Promise.all([
      own.app.inject({
        method: "POST",
        url: `/api/user_cargo/update_user_status/${b.id}`,
        payload: { userStatusId: USER_STATUS.blocked },
        headers: bearer(a.token),
      }),
      own.app.inject({
        method: "POST",
        url: `/api/user_cargo/update_user_status/${a.id}`,
        payload: { userStatusId: USER_STATUS.blocked },
        headers: bearer(b.token),
      }),
    ]);
    // The loser is refused by the last-Admin rule (403), or, if it started after the winner
    // committed, its own session has already ended (401).
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.statusCode !== 200).map((answer) => answer.statusCode)).toEqual([
      expect.toBeOneOf([401, 403]),
    ]);
    expect(await approvedAdmins()).toBe(1);
  });

  it("two Admins demoting each other at once: one succeeds, the other is refused", async () => {
    const [a, b] = await twoAdmins();
    const demote = async (target: number, as: string) => {
      const [row] = await own.db.select().from(users).where(eq(users.id, target));
      return own.app.inject({
        method: "PUT",
        url: `/api/user_cargo/${target}`,
        headers: bearer(as),
        payload: {
          firstName: row?.firstName,
          lastName: row?.lastName,
          email: row?.email,
          cnic: cnicOf(target),
          phone_number: "03001234567",
          role: ROLE.employee,
        },
      });
    };
    const answers = await Promise.all([demote(b.id, a.token), demote(a.id, b.token)]);
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.statusCode !== 200).map((answer) => answer.statusCode)).toEqual([
      expect.toBeOneOf([401, 403]),
    ]);
    expect(await approvedAdmins()).toBe(1);
  });
});
