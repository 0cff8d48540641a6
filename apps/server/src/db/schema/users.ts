import { sql } from "drizzle-orm";
import { index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

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
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("users_user_name_key").on(sql`lower(${t.userName})`),
    uniqueIndex("users_email_key").on(sql`lower(${t.email})`),
    uniqueIndex("users_cnic_key").on(t.cnic),
    index("users_role_idx").on(t.roleId),
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
