import { sql } from "drizzle-orm";
import { bigint, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { accounts } from "./accounts";

export const roles = pgTable("roles", {
  id: integer("id").primaryKey(),
  role: text("role").notNull(),
});

export const userStatuses = pgTable("user_statuses", {
  id: integer("id").primaryKey(),
  status: text("status").notNull(),
});

export const users = pgTable(
  "users",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    userName: text("user_name").notNull(),
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    firstName: text("first_name").notNull().default(""),
    lastName: text("last_name").notNull().default(""),
    companyName: text("company_name"),
    webSite: text("web_site"),
    gst: text("gst"),
    ntn: text("ntn"),
    cnic: text("cnic"),
    address: text("address"),
    phoneNumber: text("phone_number"),
    roleId: integer("role_id")
      .notNull()
      .references(() => roles.id),
    userStatusId: integer("user_status_id")
      .notNull()
      .references(() => userStatuses.id),
    companyLogo: text("company_logo"),
    cnicFrontImage: text("cnic_front_image"),
    cnicBackImage: text("cnic_back_image"),
    lastLogin: timestamp("last_login", { withTimezone: true }),
    /** The sign-in before the current one, for "Last sign-in" on the user's own screens. */
    previousLogin: timestamp("previous_login", { withTimezone: true }),
    /** The customer's postable receivable account, created when they are approved. */
    receivableAccountId: integer("receivable_account_id").references(() => accounts.id),
    /** Minor units; 0 means none. */
    creditLimitMinor: bigint("credit_limit", { mode: "number" }).notNull().default(0),
    /** Raised to end every token issued before (password change or reset, block, role change, sign out everywhere). */
    tokenVersion: integer("token_version").notNull().default(0),
    /** Wrong passwords since the last successful sign-in; drives the growing delay and the lock. */
    failedSignIns: integer("failed_sign_ins").notNull().default(0),
    /** Until when sign-in is refused after too many wrong passwords; an admin can lift it. */
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("users_user_name_key").on(sql`lower(${t.userName})`),
    uniqueIndex("users_email_key").on(sql`lower(${t.email})`),
    uniqueIndex("users_cnic_key").on(t.cnic),
    index("users_role_idx").on(t.roleId),
    /** Shipment Details sorted by customer: the name the list shows (company, else first and last name). */
    index("users_customer_sort_idx").on(
      sql`lower(coalesce(nullif(${t.companyName}, ''), trim(${t.firstName} || ' ' || ${t.lastName})))`,
      t.id,
    ),
  ],
);

/** Per-user permissions: one row per ticked group, category or sub-item of the catalogue. */
export const userPermissions = pgTable(
  "user_permissions",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    permissionsName: text("permissions_name").notNull(),
    permissionsCatName: text("permissions_cat_name"),
    permissionsSubCatName: text("permissions_sub_cat_name"),
  },
  (t) => [
    uniqueIndex("user_permissions_unique").on(
      t.userId,
      t.permissionsName,
      sql`coalesce(${t.permissionsCatName}, '')`,
      sql`coalesce(${t.permissionsSubCatName}, '')`,
    ),
  ],
);

/** A password reset code: stored hashed, valid 15 minutes, used once. */
export const passwordResets = pgTable(
  "password_resets",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    /** Wrong codes tried against this reset; it dies after five. */
    failedAttempts: integer("failed_attempts").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("password_resets_user_idx").on(t.userId)],
);

/** Mail that was not sent through SMTP (no SMTP_URL): kept here and written to the log. */
export const outbox = pgTable("outbox", {
  id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
  to: text("to").notNull(),
  subject: text("subject").notNull(),
  body: text("body").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Who changed a user's status, role or permissions, when, and what. */
export const auditLog = pgTable(
  "audit_log",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    actorId: integer("actor_id").references(() => users.id),
    action: text("action").notNull(),
    targetUserId: integer("target_user_id").references(() => users.id, { onDelete: "cascade" }),
    details: jsonb("details").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("audit_log_target_idx").on(t.targetUserId, t.id),
    // The X report and Day Close count a counter session's drawer openings without a sale.
    index("audit_log_no_sale_session_idx")
      .on(sql`((${t.details}->>'sessionId')::int)`)
      .where(sql`${t.action} = 'pos.no_sale'`),
  ],
);

/** Uploaded images and whom they belong to; an anonymous upload is claimed by the registration that uses it. */
export const uploads = pgTable("uploads", {
  name: text("name").primaryKey(),
  ownerUserId: integer("owner_user_id").references(() => users.id, { onDelete: "set null" }),
  mime: text("mime").notNull(),
  bytes: integer("bytes").notNull(),
  /** The address an anonymous upload came from, for its per-address quota. */
  uploaderAddress: text("uploader_address"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
