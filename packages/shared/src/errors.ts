import { z } from "zod";

/** The generic kinds of failure; each kind has one HTTP status. */
export const ERROR_STATUS = {
  VALIDATION: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,
  INSUFFICIENT_STORAGE: 507,
} as const;
export type ErrorKind = keyof typeof ERROR_STATUS;

interface DomainError {
  kind: ErrorKind;
  /** When the code is given, for integrators (docs/errors.md and /api/docs). */
  when: string;
}

/**
 * The domain codes: one per failure a client may act on. Each belongs to a kind, which fixes the
 * HTTP status. A failure with no code of its own (a missing record, a bad field) keeps its kind as
 * its code. Codes are never renamed or reused; a new failure gets a new code.
 */
export const DOMAIN_ERRORS = {
  // sign-in and sessions
  SIGN_IN_FAILED: { kind: "UNAUTHENTICATED", when: "the user name (or e-mail) and password do not match" },
  USER_NOT_APPROVED: { kind: "FORBIDDEN", when: "the user is pending, cancelled or blocked; details.userStatusId" },
  SIGN_IN_WAIT: { kind: "RATE_LIMITED", when: "wrong passwords in a row: wait details.retryAfterSeconds" },
  SIGN_IN_LOCKED: { kind: "RATE_LIMITED", when: "the account is locked until details.lockedUntil" },
  SESSION_EXPIRED: { kind: "UNAUTHENTICATED", when: "the token has expired: sign in again" },
  SESSION_ENDED: { kind: "UNAUTHENTICATED", when: "the session was ended (sign-out everywhere, password change)" },
  DEVICE_TOKEN_EXPIRED: {
    kind: "UNAUTHENTICATED",
    when: "a register's device token outlived its counter session by more than 24 hours",
  },
  RESET_CODE_INVALID: { kind: "VALIDATION", when: "a password-reset code is wrong, spent, expired or dead" },
  // users and permissions
  EMAIL_TAKEN: { kind: "CONFLICT", when: "the e-mail is already registered" },
  USER_NAME_TAKEN: { kind: "CONFLICT", when: "the user name is already taken" },
  CNIC_TAKEN: { kind: "CONFLICT", when: "the CNIC is already registered" },
  IMAGE_NOT_YOURS: { kind: "FORBIDDEN", when: "an uploaded image named in the request belongs to someone else" },
  USER_STATUS_CHANGE_REFUSED: { kind: "CONFLICT", when: "the user's current status cannot move to the one asked" },
  PERMISSIONS_STAFF_ONLY: { kind: "VALIDATION", when: "permissions are given to a customer; only staff hold them" },
  // chart of accounts and Accounts Integration
  ACCOUNT_NAME_TAKEN: { kind: "CONFLICT", when: "an account with this name already exists under the same parent" },
  ACCOUNT_HAS_CHILDREN: { kind: "CONFLICT", when: "a group with accounts under it is deleted" },
  ACCOUNT_HAS_ENTRIES: { kind: "CONFLICT", when: "an account with ledger entries is deleted" },
  ACCOUNT_IN_INTEGRATION: { kind: "CONFLICT", when: "an account named in Accounts Integration is deleted" },
  ACCOUNT_TOO_DEEP: { kind: "VALIDATION", when: "an account is added below level 4" },
  ACCOUNT_LEVELS_MISMATCH: { kind: "VALIDATION", when: "the chosen parent levels do not belong together" },
  INTEGRATION_NOT_SET: {
    kind: "CONFLICT",
    when: "an account or group the action needs is not set in Accounts Integration",
  },
  // vouchers
  VOUCHER_TYPE_UNKNOWN: { kind: "VALIDATION", when: "the voucher type is not CPV, CRV, BPV, BRV or JV" },
  VOUCHER_TYPE_NOT_ALLOWED: { kind: "FORBIDDEN", when: "the user may not post vouchers of this type" },
  VOUCHER_UNBALANCED: { kind: "VALIDATION", when: "total debit differs from total credit; details has both totals" },
  VOUCHER_ZERO: { kind: "VALIDATION", when: "the voucher total is zero" },
  VOUCHER_TOO_LARGE: { kind: "VALIDATION", when: "a line or the total is beyond what can be posted" },
  VOUCHER_ALREADY_DECIDED: { kind: "CONFLICT", when: "a voucher that is no longer pending is approved or disapproved" },
  VOUCHER_OWN_APPROVAL: { kind: "FORBIDDEN", when: "the person who entered a voucher approves it (separate approver)" },
  VOUCHER_NOT_APPROVED: { kind: "CONFLICT", when: "a voucher that is not approved is reversed" },
  VOUCHER_IS_REVERSAL: { kind: "CONFLICT", when: "a reversal is itself reversed" },
  VOUCHER_ALREADY_REVERSED: { kind: "CONFLICT", when: "a voucher is reversed a second time" },
  VOUCHER_OF_STOCK_DOCUMENT: {
    kind: "CONFLICT",
    when: "a voucher that moved stock (GRN, issuance, count, opening stock) is reversed from the voucher list",
  },
  // cargo
  SHIPMENT_POSTED: { kind: "CONFLICT", when: "the charge is posted: it cannot be posted again, deleted or re-rated" },
  SHIPMENT_NO_CHARGE: { kind: "CONFLICT", when: "a shipment with no charge is posted" },
  SHIPMENT_NO_CUSTOMER: { kind: "CONFLICT", when: "a shipment with no customer is posted" },
  CUSTOMER_NO_RECEIVABLE: { kind: "CONFLICT", when: "the customer has no receivable account yet" },
  TRACKING_NOT_FOUND: { kind: "NOT_FOUND", when: "no shipment has this tracking number (or its check digit fails)" },
  RATE_NOT_AVAILABLE: { kind: "NOT_FOUND", when: "no rate sheet covers this service, destination and weight" },
  RECORD_IN_USE: { kind: "CONFLICT", when: "master data still used by other records is deleted" },
  RECORD_DUPLICATE: { kind: "CONFLICT", when: "master data repeats a value that must be unique; details.field" },
  // files
  SHEET_UNREADABLE: {
    kind: "VALIDATION",
    when: "an uploaded sheet is unreadable, past a size limit, lacks columns or has no rows",
  },
  SHEET_ROWS_INVALID: { kind: "VALIDATION", when: "sheet rows are wrong; details: [{ row, column, message }]" },
  BACKUP_RUNNING: { kind: "CONFLICT", when: "a backup is asked for while another is being made" },
  DOCUMENTS_BUSY: {
    kind: "SERVICE_UNAVAILABLE",
    when: "a PDF or XLSX is asked for while the document queue is full: wait Retry-After (details.retryAfterSeconds)",
  },
  DOCUMENT_TOO_LARGE: {
    kind: "SERVICE_UNAVAILABLE",
    when: "a PDF or XLSX took longer than its time limit or more memory than a worker has: ask for fewer rows",
  },
  // store
  STOCK_SHORT: { kind: "CONFLICT", when: "a location holds less than a document takes; details lists the shortfall" },
  STORE_PRODUCT_HAS_MOVES: { kind: "CONFLICT", when: "a store product with stock moves or recipe lines is deleted" },
  STORE_PRODUCT_UOM_LOCKED: { kind: "CONFLICT", when: "the stock unit of a store product with stock moves is changed" },
  UOM_PROTECTED: { kind: "CONFLICT", when: "unit 1 (PCS) is deleted or its dimension changed" },
  DOCUMENT_POSTED: { kind: "CONFLICT", when: "a posted store document is edited or posted again" },
  DOCUMENT_NOT_POSTED: { kind: "CONFLICT", when: "a draft or an already reversed store document is reversed" },
  VENDOR_BILL_DUPLICATE: { kind: "CONFLICT", when: "the vendor's bill number is already entered" },
  // menu
  CATEGORY_TOO_DEEP: { kind: "VALIDATION", when: "a menu category is put under a sub-category (two levels at most)" },
  CATEGORY_HAS_PRODUCTS: { kind: "CONFLICT", when: "a menu category that products use is deleted (deactivate it)" },
  CATEGORY_HAS_CHILDREN: { kind: "CONFLICT", when: "a menu category with sub-categories is deleted" },
  // coupons
  COUPON_LIMIT_REACHED: { kind: "CONFLICT", when: "a coupon has been redeemed as often as its total uses allow" },
  COUPON_CUSTOMER_LIMIT_REACHED: { kind: "CONFLICT", when: "the customer has used the coupon as often as allowed" },
  COUPON_NOT_AVAILABLE: { kind: "CONFLICT", when: "a coupon redeemed at payment is inactive or gone" },
  COUPON_ONE_CODE: { kind: "VALIDATION", when: "an order is paid with more than one coupon code" },
  COUPON_ALREADY_REDEEMED: { kind: "CONFLICT", when: "a coupon is redeemed a second time on the same order" },
  // POS supervisor, cash and printing
  SUPERVISOR_REFUSED: {
    kind: "FORBIDDEN",
    when: "a supervisor's user name or password is wrong, or the user does not hold Setting > Day Close",
  },
  SUPERVISOR_APPROVAL_INVALID: {
    kind: "FORBIDDEN",
    when: "a supervisor approval token is missing, expired, already used or for another action",
  },
  SESSION_NOT_OPEN: { kind: "CONFLICT", when: "the counter has no open session: open it on Day Open first" },
  CLIENT_UUID_REUSED: { kind: "CONFLICT", when: "a device's clientUuid is sent again with a different request" },
  // POS orders
  POS_DAY_CLOSED: {
    kind: "CONFLICT",
    when: "an order of a business day that is closed is changed or paid (day closed)",
  },
  POS_ORDER_CLOSED: { kind: "CONFLICT", when: "a paid, voided, merged or refund order is changed" },
  POS_NOT_PAID: { kind: "CONFLICT", when: "an order that is not paid is refunded or marked picked up" },
  POS_VERSION_CONFLICT: {
    kind: "CONFLICT",
    when: "a stale expectedVersion meets an operation that does not commute; details.order is the current order",
  },
  POS_PRICES_CHANGED: {
    kind: "CONFLICT",
    when: "the price or total the device sent differs from the menu's: review the order",
  },
  POS_INVOICE_NOT_NEXT: {
    kind: "CONFLICT",
    when: "an offline order's device-issued invoice number is not the counter's next; details.expected",
  },
  POS_SYNC_NO_DAY: { kind: "CONFLICT", when: "an offline order arrives while no business day is open: it waits" },
  POS_RESCUE_CLOSED: {
    kind: "CONFLICT",
    when: "a late offline order arrives after the counter's rescue session of the open day was closed",
  },
  POS_DEVICE_COUNTER: { kind: "FORBIDDEN", when: "a device token is used for another counter's orders" },
  POS_LINE_FIRED: { kind: "CONFLICT", when: "a line sent to the kitchen is changed other than by a void" },
  POS_SOLD_OUT: {
    kind: "CONFLICT",
    when: "an item is sold out, or (block policy) an ingredient is short; details.shortages names ingredients and dishes",
  },
  POS_SUPERVISOR_REQUIRED: {
    kind: "FORBIDDEN",
    when: "the operation needs a supervisor's approval token (details.action) and none was sent",
  },
  POS_CREDIT_LIMIT: { kind: "CONFLICT", when: "an on-account payment for a customer without credit or past the limit" },
  // Day Open and Day Close
  DAY_ALREADY_OPEN: {
    kind: "CONFLICT",
    when: "a business day is opened while another is open, or for a business date already opened",
  },
  DAY_NOT_OPEN: { kind: "CONFLICT", when: "a counter is opened while no business day is open: open the day first" },
  COUNTER_ALREADY_OPEN: { kind: "CONFLICT", when: "a counter that already has an open session is opened again" },
  SESSION_ALREADY_CLOSED: { kind: "CONFLICT", when: "a counter session already closed is closed again" },
  STOCK_EXCEPTION_RESOLVED: { kind: "CONFLICT", when: "a stock exception already resolved is accepted" },
  DAY_CLOSE_BLOCKED: {
    kind: "CONFLICT",
    when: "Day Close finds open orders or counters, unresolved stock exceptions, orders whose payments do not add up, or an Accounts Integration account it needs unset; details.blockers says each",
  },
  DAY_ALREADY_CLOSED: {
    kind: "CONFLICT",
    when: "a closed business day is closed again or counted again; the message names its vouchers and Z number",
  },
  DAY_NOT_CLOSED: { kind: "CONFLICT", when: "the Z report of a day still open is asked for: print an X report" },
  // Kitchen Display System
  KDS_TICKET_STATE: {
    kind: "CONFLICT",
    when: "a kitchen ticket action its state does not allow (serving a ticket not ready, recalling a new one, any action on a cancelled one); details.status",
  },
} as const satisfies Record<string, DomainError>;
export type DomainErrorCode = keyof typeof DOMAIN_ERRORS;

/** What a failure's `code` can be: a domain code, or a kind for failures with no code of their own. */
export type ErrorCode = ErrorKind | DomainErrorCode;

const isErrorKind = (code: string): code is ErrorKind => Object.hasOwn(ERROR_STATUS, code);

export const isErrorCode = (code: unknown): code is ErrorCode =>
  typeof code === "string" && (isErrorKind(code) || Object.hasOwn(DOMAIN_ERRORS, code));

export const errorKindOf = (code: ErrorCode): ErrorKind => (isErrorKind(code) ? code : DOMAIN_ERRORS[code].kind);

/** The one map from a code to its HTTP status, through its kind. */
export const errorStatusOf = (code: ErrorCode): number => ERROR_STATUS[errorKindOf(code)];

export const errorBodySchema = z.object({
  message: z.string(),
  code: z.string().meta({ description: "What happened: a domain code (see the error catalogue) or the kind itself" }),
  kind: z.string().meta({ description: `The kind, which fixes the status: ${Object.keys(ERROR_STATUS).join(", ")}` }),
  details: z.unknown().optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** The answer body of a failure with this code. */
export const errorBody = (code: ErrorCode, message: string, details?: unknown): ErrorBody => ({
  message,
  code,
  kind: errorKindOf(code),
  ...(details === undefined ? {} : { details }),
});

/** Field messages of a validation error: `{ field: "email", message: "Please Enter Valid Email" }`. */
export interface FieldIssue {
  field: string;
  message: string;
}
