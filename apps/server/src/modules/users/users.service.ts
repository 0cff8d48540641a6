import {
  allowedStatusChange,
  isStaffRole,
  type RegistrationInput,
  ROLE,
  type UpdateUserInput,
  USER_STATUS,
  USER_STATUSES,
} from "@cargodesk/shared";
import { and, eq, inArray, isNull, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { uploads, users } from "../../db/schema/index";
import { AppError } from "../../lib/app-error";
import { audit } from "../../lib/audit";
import { findAccount, findChildByName } from "../../lib/books/accounts";
import { getIntegration } from "../../lib/books/integration";
import type { Ctx } from "../../lib/context";
import { hashPassword } from "../../lib/passwords";
import { loadCompany } from "../../lib/pdf";
import { addChild } from "../chart";
import {
  assertMayChangeStatus,
  assertMayCreate,
  assertMayEdit,
  auditRefusals,
  endSessions,
  lockApprovedAdmins,
} from "./privileges";

/** 409 naming the field when e-mail, user name or CNIC is taken by someone else. */
async function assertUnique(
  tx: Db,
  fields: { email: string; userName?: string; cnic: string | null },
  exceptId?: number,
) {
  const clashes = await tx
    .select({ id: users.id, email: users.email, userName: users.userName, cnic: users.cnic })
    .from(users)
    .where(
      or(
        eq(sql`lower(${users.email})`, fields.email.toLowerCase()),
        fields.userName ? eq(sql`lower(${users.userName})`, fields.userName.toLowerCase()) : undefined,
        fields.cnic ? eq(users.cnic, fields.cnic) : undefined,
      ),
    );
  for (const clash of clashes.filter((row) => row.id !== exceptId)) {
    if (clash.email.toLowerCase() === fields.email.toLowerCase())
      throw new AppError("EMAIL_TAKEN", "email: This e-mail is already registered", { field: "email" });
    if (fields.userName && clash.userName.toLowerCase() === fields.userName.toLowerCase()) {
      throw new AppError("USER_NAME_TAKEN", "userName: This user name is already taken", { field: "userName" });
    }
    if (fields.cnic && clash.cnic === fields.cnic)
      throw new AppError("CNIC_TAKEN", "cnic: This CNIC is already registered", { field: "cnic" });
  }
}

/** A user name from the e-mail's local part, made unique with a number when needed. */
async function freeUserName(tx: Db, email: string): Promise<string> {
  const base = (email.split("@")[0] ?? "user").replace(/[^A-Za-z0-9._-]/g, "").slice(0, 40) || "user";
  for (let suffix = 0; ; suffix += 1) {
    const candidate = suffix === 0 ? base : `${base}${suffix}`;
    const [taken] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(sql`lower(${users.userName})`, candidate.toLowerCase()));
    if (!taken) return candidate;
  }
}

/** Roles 1 and 4 are the company's own people: company fields are fixed, as the spec says. */
async function companyFields(tx: Db, input: UpdateUserInput | RegistrationInput) {
  if (!isStaffRole(input.role)) {
    return {
      companyName: input.companyName,
      webSite: input.webSite,
      gst: input.gst,
      ntn: input.ntn,
      address: input.address,
    };
  }
  const company = await loadCompany(tx);
  return { companyName: company.name, webSite: null, gst: null, ntn: null, address: company.address || null };
}

/** Images named in the form become the user's, unless they already belong to someone else. */
async function claimImages(tx: Db, userId: number, names: (string | null)[], actor: Ctx["user"]) {
  const actorId = actor?.id ?? null;
  const actorIsStaff = actor !== null && isStaffRole(actor.roleId);
  const wanted = names.filter((name): name is string => Boolean(name));
  if (wanted.length === 0) return;
  // Locked: the sweep of unclaimed images waits, then keeps an image claimed here.
  const rows = await tx.select().from(uploads).where(inArray(uploads.name, wanted)).for("update");
  for (const name of wanted) {
    const row = rows.find((upload) => upload.name === name);
    if (!row) throw new AppError("VALIDATION", `${name}: No such uploaded image`);
    // Staff may hand over images they uploaded themselves while filling in someone's form.
    const handedOver = row.ownerUserId !== null && row.ownerUserId === actorId && actorIsStaff;
    if (row.ownerUserId !== null && row.ownerUserId !== userId && !handedOver) {
      throw new AppError("IMAGE_NOT_YOURS", "An image in the form belongs to someone else");
    }
  }
  const claimable =
    actorIsStaff && actorId !== null
      ? or(isNull(uploads.ownerUserId), eq(uploads.ownerUserId, actorId))
      : isNull(uploads.ownerUserId);
  await tx
    .update(uploads)
    .set({ ownerUserId: userId })
    .where(and(inArray(uploads.name, wanted), claimable));
}

/**
 * Public registration creates a pending customer; an administrator's "add user" creates an
 * approved user of any role. One transaction.
 */
export async function registerUser(
  ctx: Ctx,
  input: RegistrationInput,
  by: "public" | "admin",
): Promise<{ id: number }> {
  if (by === "public") {
    if (input.role !== ROLE.businessCustomer && input.role !== ROLE.individualCustomer) {
      throw new AppError("VALIDATION", "role: Please select an Account Type", [
        { field: "role", message: "Please select an Account Type" },
      ]);
    }
    const accepted =
      input.term_and_condition === true || input.term_and_condition === 1 || input.term_and_condition === "true";
    if (!accepted)
      throw new AppError("VALIDATION", "term_and_condition: Please accept the Terms of Use", [
        { field: "term_and_condition", message: "Please accept the Terms of Use" },
      ]);
  }
  if (by === "admin") await auditRefusals(ctx, async () => assertMayCreate(ctx, input.role, input.email));
  const passwordHash = await hashPassword(input.password);
  return ctx.db.transaction(async (tx) => {
    await assertUnique(tx, { email: input.email, userName: input.userName, cnic: input.cnic });
    const userName = input.userName ?? (await freeUserName(tx, input.email));
    const status = by === "public" ? USER_STATUS.pending : USER_STATUS.approved;
    const [row] = await tx
      .insert(users)
      .values({
        userName,
        email: input.email,
        passwordHash,
        firstName: input.firstName,
        lastName: input.lastName,
        cnic: input.cnic,
        phoneNumber: input.phone_number,
        roleId: input.role,
        userStatusId: status,
        companyLogo: input.companyLogo,
        cnicFrontImage: input.cnicFrontImage,
        cnicBackImage: input.cnicBackImage,
        ...(await companyFields(tx, input)),
      })
      .returning({ id: users.id });
    if (!row) throw new Error("user not stored");
    await claimImages(tx, row.id, [input.companyLogo, input.cnicFrontImage, input.cnicBackImage], ctx.user);
    await audit(tx, ctx.user?.id ?? null, by === "public" ? "registered" : "created", row.id, {
      roleId: input.role,
      userStatusId: status,
    });
    if (status === USER_STATUS.approved && !isStaffRole(input.role)) await openReceivable(tx, row.id);
    return row;
  });
}

export async function updateUser(
  ctx: Ctx,
  id: number,
  input: UpdateUserInput,
  creditLimitMinor?: number,
): Promise<void> {
  const roleChange = await auditRefusals(ctx, () =>
    ctx.db.transaction(async (tx) => {
      const approvedAdmins = await lockApprovedAdmins(tx);
      const [before] = await tx.select().from(users).where(eq(users.id, id)).for("update");
      if (!before) throw new AppError("NOT_FOUND", "No such user");
      assertMayEdit(ctx, approvedAdmins, before, input);
      await assertUnique(tx, { email: input.email, cnic: input.cnic }, id);
      await tx
        .update(users)
        .set({
          firstName: input.firstName,
          lastName: input.lastName,
          email: input.email,
          cnic: input.cnic,
          phoneNumber: input.phone_number,
          roleId: input.role,
          companyLogo: input.companyLogo,
          cnicFrontImage: input.cnicFrontImage,
          cnicBackImage: input.cnicBackImage,
          updatedAt: new Date(),
          ...(await companyFields(tx, input)),
          ...(creditLimitMinor !== undefined && { creditLimitMinor }),
        })
        .where(eq(users.id, id));
      if (creditLimitMinor !== undefined && creditLimitMinor !== before.creditLimitMinor)
        await audit(tx, ctx.user?.id ?? null, "credit limit", id, {
          from: before.creditLimitMinor,
          to: creditLimitMinor,
        });
      await claimImages(tx, id, [input.companyLogo, input.cnicFrontImage, input.cnicBackImage], ctx.user);
      if (before.roleId === input.role) return null;
      await audit(tx, ctx.user?.id ?? null, "role", id, { from: before.roleId, to: input.role });
      await endSessions(tx, id);
      return { from: before.roleId, to: input.role };
    }),
  );
  if (roleChange) ctx.log.event("user.role_changed", { userId: id, ...roleChange, by: ctx.user?.id ?? null });
}

const statusName = (id: number) => USER_STATUSES.find((status) => status.id === id)?.status ?? String(id);

/** Approve, cancel, block or unblock, by the spec's rules. Approving a customer opens their receivable account. */
export async function changeStatus(ctx: Ctx, id: number, to: number): Promise<void> {
  const from = await auditRefusals(ctx, () =>
    ctx.db.transaction(async (tx) => {
      const approvedAdmins = await lockApprovedAdmins(tx);
      const [user] = await tx.select().from(users).where(eq(users.id, id)).for("update");
      if (!user) throw new AppError("NOT_FOUND", "No such user");
      assertMayChangeStatus(ctx, approvedAdmins, user, to);
      if (!allowedStatusChange(user.userStatusId, to)) {
        throw new AppError(
          "USER_STATUS_CHANGE_REFUSED",
          `A ${statusName(user.userStatusId)} user cannot be set to ${statusName(to)}`,
        );
      }
      await tx.update(users).set({ userStatusId: to, updatedAt: new Date() }).where(eq(users.id, id));
      await audit(tx, ctx.user?.id ?? null, "status", id, { from: user.userStatusId, to });
      if (to !== USER_STATUS.approved) await endSessions(tx, id);
      if (to === USER_STATUS.approved && !isStaffRole(user.roleId) && user.receivableAccountId === null)
        await openReceivable(tx, id);
      return user.userStatusId;
    }),
  );
  ctx.log.event("user.status_changed", { userId: id, from, to, by: ctx.user?.id ?? null });
}

/**
 * "Sign out everywhere" by an Admin or a User Edit Status holder, or by the user themself: every
 * token the user holds stops working. Answers the new token version.
 */
export async function signOutEverywhere(ctx: Ctx, id: number): Promise<number> {
  return auditRefusals(ctx, () =>
    ctx.db.transaction(async (tx) => {
      const [user] = await tx.select().from(users).where(eq(users.id, id)).for("update");
      if (!user) throw new AppError("NOT_FOUND", "No such user");
      if (user.id !== ctx.user?.id) assertMayChangeStatus(ctx, [], user, null);
      const version = await endSessions(tx, id);
      await audit(tx, ctx.user?.id ?? null, "sign out everywhere", id, {});
      return version;
    }),
  );
}

/** The customer's postable account under the receivables group of Accounts Integration. */
async function openReceivable(tx: Db, userId: number): Promise<void> {
  const [user] = await tx.select().from(users).where(eq(users.id, userId));
  if (!user || user.receivableAccountId !== null) return;
  const groupId = (await getIntegration(tx))?.receivablesGroupId;
  const group = groupId ? await findAccount(tx, groupId) : undefined;
  if (!group)
    throw new AppError("INTEGRATION_NOT_SET", "Set the customers' receivables group in Accounts Integration first");
  const title = (user.companyName || `${user.firstName} ${user.lastName}`).trim().toUpperCase().slice(0, 80);
  const name = `${title} (${user.userName})`.slice(0, 100);
  // A level 3 group takes the account directly; under a level 2 group it goes in a CUSTOMERS group.
  const parent =
    group.level === 3
      ? group
      : ((await findChildByName(tx, group.id, "CUSTOMERS")) ?? (await addChild(tx, group.id, "CUSTOMERS")));
  const account = await addChild(tx, parent.id, name);
  await tx.update(users).set({ receivableAccountId: account.id }).where(eq(users.id, userId));
  await audit(tx, null, "receivable account", userId, { accountId: account.id, allLevelKey: account.allLevelKey });
}
