import { z } from "zod";
import { idSchema } from "./input";

/** The spec's messages, spelling included. */
export const USER_MESSAGES = {
  firstName4: "Please Enter Your First Name (Atleast 4 Character)",
  firstName3: "Please Enter Your First Name (Atleast 3 Character)",
  company4: "Please Enter Your Company Name (Atleast 4 Character)",
  email: "Please Enter Valid Email",
  cell: "Please Enter Valid Cell Number",
  cnic: "Please Enter Valid CNIC (Without Dashes)",
  website: "Please Enter Valid Website URL",
  passwordMatch: "Password and Confirm Password is not Match",
  password: "Password must be at least 8 characters",
  role: "Please select an Account Type",
  ntn: "Please Enter NTN",
  address: "Please Enter Company Address",
  terms: "Please accept the Terms of Use",
  registered: "Registration successful. You can sign in once an administrator approves your account.",
  created: "Added successfully...",
  updated: "Updated successfully...",
  resetSent:
    "If this e-mail is registered, a 6-digit reset code has been sent to it. The code works once, for 15 minutes.",
  resetDone: "Your password has been changed. Please sign in.",
  resetInvalid: "The code is wrong, used or expired. Please ask for a new one.",
  image: "Only .jpg, .jpeg or .png images are accepted",
} as const;

/** A Pakistani mobile number: optional +92 or 0, then 3 and nine digits; at most 11 characters typed. */
export const PK_MOBILE = /^(?:\+92|0)?3\d{9}$/;
export const CNIC = /^\d{13}$/;

const upper = (schema: z.ZodString) => schema.transform((value) => value.toUpperCase());
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((value) => value || null);
const imagePath = z
  .string()
  .regex(/^img_[a-f0-9]{32}\.(png|jpg)$/, USER_MESSAGES.image)
  .nullish()
  .or(z.literal(""))
  .transform((value) => value || null);

/** Fields both registration and the edit form share. */
const personFields = {
  lastName: optionalText(100).transform((value) => value?.toUpperCase() ?? ""),
  email: z
    .string()
    .trim()
    .max(200)
    .pipe(z.email(USER_MESSAGES.email))
    .transform((value) => value.toLowerCase()),
  cnic: z.string().trim().regex(CNIC, USER_MESSAGES.cnic),
  phone_number: z.string().trim().max(11, USER_MESSAGES.cell).regex(PK_MOBILE, USER_MESSAGES.cell),
  companyName: optionalText(150).transform((value) => value?.toUpperCase() ?? null),
  webSite: z
    .union([z.url({ error: USER_MESSAGES.website, protocol: /^https?$/ }), z.literal(""), z.null()])
    .optional()
    .transform((value) => value || null),
  gst: optionalText(50),
  ntn: optionalText(50),
  address: optionalText(300).transform((value) => value?.toUpperCase() ?? null),
  role: z.coerce.number({ error: USER_MESSAGES.role }).int().min(1, USER_MESSAGES.role).max(4, USER_MESSAGES.role),
  companyLogo: imagePath,
  cnicFrontImage: imagePath,
  cnicBackImage: imagePath,
};

const isStaff = (role: number) => role === 1 || role === 4;

/** Customers (roles 2 and 3) must give company name, NTN and company address. */
function requireCompany(
  value: { role: number; companyName: string | null; ntn: string | null; address: string | null },
  ctx: z.RefinementCtx,
) {
  if (isStaff(value.role)) return;
  if (!value.companyName || value.companyName.length < 4)
    ctx.addIssue({ code: "custom", path: ["companyName"], message: USER_MESSAGES.company4 });
  if (!value.ntn) ctx.addIssue({ code: "custom", path: ["ntn"], message: USER_MESSAGES.ntn });
  if (!value.address) ctx.addIssue({ code: "custom", path: ["address"], message: USER_MESSAGES.address });
}

export const registrationSchema = z
  .object({
    ...personFields,
    firstName: upper(z.string().trim().min(4, USER_MESSAGES.firstName4).max(100)),
    userName: z
      .string()
      .trim()
      .min(3, "User name must be at least 3 characters")
      .max(60)
      .regex(/^[A-Za-z0-9._-]+$/, "User name may use letters, digits, dot, dash and underscore")
      .optional(),
    password: z.string().min(8, USER_MESSAGES.password).max(200),
    confirmPassword: z.string().optional(),
    term_and_condition: z
      .union([z.boolean(), z.literal(1), z.literal(0), z.literal("true"), z.literal("false")])
      .optional(),
  })
  .superRefine((value, ctx) => {
    if (value.confirmPassword !== undefined && value.confirmPassword !== value.password) {
      ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: USER_MESSAGES.passwordMatch });
    }
    requireCompany(value, ctx);
  });
export type RegistrationInput = z.infer<typeof registrationSchema>;

export const updateUserSchema = z
  .object({ ...personFields, firstName: upper(z.string().trim().min(3, USER_MESSAGES.firstName3).max(100)) })
  .superRefine(requireCompany);
export type UpdateUserInput = z.infer<typeof updateUserSchema>;

export const userStatusSchema = z.object({
  userStatusId: z.coerce.number().int().min(1).max(4, "Status must be 1 to 4"),
});

export const forgotPasswordSchema = z.object({
  email: z.string().trim().max(200).pipe(z.email(USER_MESSAGES.email)),
});

export const resetPasswordSchema = z
  .object({
    email: z.string().trim().max(200).pipe(z.email(USER_MESSAGES.email)),
    password: z.string().min(8, USER_MESSAGES.password).max(200),
    confirmPassword: z.string().optional(),
  })
  .refine((value) => value.confirmPassword === undefined || value.confirmPassword === value.password, {
    path: ["confirmPassword"],
    message: USER_MESSAGES.passwordMatch,
  });

/**
 * Which status change each button makes, and when the spec enables it: Approve and Cancel are
 * disabled at 2 or 4; a blocked user shows Unblock (to 2); otherwise Block (to 4), disabled at 1.
 */
export function allowedStatusChange(from: number, to: number): boolean {
  if (to === 2) return from === 1 || from === 3 || from === 4;
  if (to === 3) return from === 1;
  if (to === 4) return from === 2 || from === 3;
  return false;
}

export const permissionAssignmentSchema = z.object({
  user: idSchema("Please select a user"),
  permission: z
    .array(
      z.object({
        permissions_name: z.string().min(1),
        permissions_cat_name: z.string().nullish(),
        permissions_sub_cat_name: z.string().nullish(),
      }),
    )
    .max(2000),
});

// ---- Answers ---------------------------------------------------------------------------------------

/** A user as `GET /api/user_cargo` lists them and `GET /api/user_cargo/{id}` reads one (never the password hash). */
export const userSchema = z.object({
  id: z.number().int(),
  userName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  companyName: z.string().nullable(),
  webSite: z.string().nullable(),
  gst: z.string().nullable(),
  ntn: z.string().nullable(),
  cnic: z.string().nullable(),
  address: z.string().nullable(),
  phone_number: z.string().nullable(),
  roleId: z.number().int(),
  role: z.object({ role: z.string() }),
  userStatusId: z.number().int(),
  user_status: z.object({ status: z.string() }),
  companyLogo: z.string().nullable(),
  cnicFrontImage: z.string().nullable(),
  cnicBackImage: z.string().nullable(),
  /** The customer's receivable ledger account (null for staff). */
  receivableAccountId: z.number().int().nullable(),
  /** PKR; 0 means none. */
  creditLimit: z.number(),
  last_login: z.string().nullable(),
  /** Set while sign-in is refused after too many wrong passwords; User Edit Status can lift it. */
  lockedUntil: z.string().nullable(),
  failedSignIns: z.number().int(),
});
export type User = z.infer<typeof userSchema>;

export const roleSchema = z.object({ id: z.number().int(), role: z.string() });
export type Role = z.infer<typeof roleSchema>;

export const userRegisteredSchema = z.object({ message: z.string(), id: z.number().int() });
export const userStatusChangedSchema = z.object({ message: z.string(), data: userSchema.optional() });

/** Admin and employee users, for the permission screen. */
export const staffUserSchema = z.object({
  _id: z.number().int(),
  userName: z.string(),
  name: z.string(),
  roleId: z.number().int(),
});
export type StaffUser = z.infer<typeof staffUserSchema>;

/** One group of the permission grid (`GET /api/cargo_permission/get_all_permission`). */
export const permissionGroupSchema = z.object({
  index: z.number().int(),
  area: z.enum(["accounts", "cargo"]),
  permissions_name: z.string(),
  cargo_permission_cats: z.array(
    z.object({
      permissions_cat_name: z.string(),
      permissionSubCats: z.array(z.object({ permissions_sub_cat_name: z.string() })),
    }),
  ),
});
export type PermissionGroupRow = z.infer<typeof permissionGroupSchema>;

/** A change to a user's status, role or permissions (`GET /api/audit_log`); details as recorded. */
export const auditEntrySchema = z.object({
  id: z.number().int(),
  actorId: z.number().int().nullable(),
  action: z.string(),
  targetUserId: z.number().int().nullable(),
  details: z.unknown(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** `POST /api/upload_files`: the stored image's name, for the registration or edit that claims it. */
export const imageUploadedSchema = z.object({ path: z.string(), message: z.string() });

/** The `details` an audit entry carries, by its action (older or unknown actions carry anything). */
export const AUDIT_DETAILS = {
  /** status, role */
  change: z.object({ from: z.number(), to: z.number() }),
  /** registered, created */
  created: z.object({ roleId: z.number(), userStatusId: z.number() }),
  permissions: z.object({ granted: z.array(z.string()), revoked: z.array(z.string()) }),
  /** receivable account */
  account: z.object({ allLevelKey: z.string() }),
};
