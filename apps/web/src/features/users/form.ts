import { isStaffRole, registrationSchema, USER_MESSAGES } from "@cargodesk/shared";
import type { z } from "zod";
import { ApiError } from "../../lib/api";
import type { UserDetail } from "./api";

/** What the registration and edit forms hold: the shared registration schema's input. */
export type UserFormValues = z.input<typeof registrationSchema>;

/** The company fields that roles 1 and 4 (staff) neither see nor send. */
export const COMPANY_FIELDS = ["companyName", "webSite", "gst", "ntn", "address", "companyLogo"] as const;
export const IMAGE_FIELDS = ["companyLogo", "cnicFrontImage", "cnicBackImage"] as const;
export type ImageField = (typeof IMAGE_FIELDS)[number];

export const IMAGE_LABELS: Record<ImageField, string> = {
  companyLogo: "Company Logo",
  cnicFrontImage: "CNIC Front Image",
  cnicBackImage: "CNIC Back Image",
};

/** The role chosen in the form, or 0 while none is. */
export const roleOf = (value: unknown): number => (typeof value === "number" ? value : Number(value) || 0);

export const isStaffChoice = (value: unknown): boolean => isStaffRole(roleOf(value));

export const emptyUserForm = (): UserFormValues => ({
  firstName: "",
  lastName: "",
  email: "",
  cnic: "",
  phone_number: "",
  companyName: "",
  webSite: "",
  gst: "",
  ntn: "",
  address: "",
  role: 0,
  companyLogo: null,
  cnicFrontImage: null,
  cnicBackImage: null,
  password: "",
  confirmPassword: "",
  term_and_condition: false,
});

/** The edit form starts from the stored user (no password: the edit call does not take one). */
export const fromUser = (user: UserDetail): UserFormValues => ({
  ...emptyUserForm(),
  firstName: user.firstName ?? "",
  lastName: user.lastName ?? "",
  email: user.email,
  cnic: user.cnic ?? "",
  phone_number: user.phone_number ?? "",
  companyName: user.companyName ?? "",
  webSite: user.webSite ?? "",
  gst: user.gst ?? "",
  ntn: user.ntn ?? "",
  address: user.address ?? "",
  role: user.roleId,
  companyLogo: user.companyLogo ?? null,
  cnicFrontImage: user.cnicFrontImage ?? null,
  cnicBackImage: user.cnicBackImage ?? null,
});

const blank = (value: unknown): boolean => value === undefined || value === null || String(value).trim() === "";

/** Fields that must be filled before Save is enabled, per the spec's "required on save" list. */
export function missingRequired(values: UserFormValues, variant: "public" | "admin" | "edit"): boolean {
  const always: unknown[] = [values.firstName, values.email, values.cnic, values.phone_number];
  if (variant !== "edit") always.push(values.password, values.confirmPassword);
  if (roleOf(values.role) === 0 || always.some(blank)) return true;
  if (!isStaffChoice(values.role) && [values.companyName, values.ntn, values.address].some(blank)) return true;
  if (variant !== "public") return false;
  // The public variant needs every field, the three images and the accepted terms.
  const rest: unknown[] = [
    values.lastName,
    values.webSite,
    values.gst,
    values.companyLogo,
    values.cnicFrontImage,
    values.cnicBackImage,
  ];
  return rest.some(blank) || values.term_and_condition !== true;
}

/** Public registration: every field, the three images and the accepted Terms of Use. */
export const publicRegistrationSchema = registrationSchema.superRefine((value, ctx) => {
  const need = (ok: boolean, path: string, message: string) => {
    if (!ok) ctx.addIssue({ code: "custom", path: [path], message });
  };
  need(Boolean(value.lastName), "lastName", "Please Enter Your Last Name");
  need(Boolean(value.webSite), "webSite", USER_MESSAGES.website);
  need(Boolean(value.gst), "gst", "Please Enter GST");
  for (const field of IMAGE_FIELDS) need(Boolean(value[field]), field, `Please upload the ${IMAGE_LABELS[field]}`);
  need(value.term_and_condition === true, "term_and_condition", USER_MESSAGES.terms);
});

/**
 * The field a server error names: validation errors list them in `details`; a 409 starts its
 * message with the field ("email: This e-mail is already registered").
 */
export function serverFieldErrors(error: unknown): { field: string; message: string }[] {
  if (!(error instanceof ApiError)) return [];
  if (error.fieldIssues.length > 0) return error.fieldIssues;
  const match = /^([A-Za-z_]+): (.+)$/.exec(error.message);
  return match?.[1] && match[2] ? [{ field: match[1], message: match[2] }] : [];
}
