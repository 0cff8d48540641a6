import { USER_STATUS } from "@cargodesk/shared";

export type StatusActionName = "Approve" | "Cancel" | "Block" | "Unblock";

export interface StatusAction {
  readonly name: StatusActionName;
  /** The status id the action sets. */
  readonly to: number;
  readonly disabled: boolean;
}

/**
 * The status buttons of a user row, exactly as the spec has them: Approve (sets 2) and Cancel
 * (sets 3) are disabled when the user is approved (2) or blocked (4); a blocked user shows Unblock
 * (sets 2), any other shows Block (sets 4), disabled while the user is pending (1).
 */
export function statusActions(statusId: number): readonly StatusAction[] {
  const settled = statusId === USER_STATUS.approved || statusId === USER_STATUS.blocked;
  return [
    { name: "Approve", to: USER_STATUS.approved, disabled: settled },
    { name: "Cancel", to: USER_STATUS.cancelled, disabled: settled },
    statusId === USER_STATUS.blocked
      ? { name: "Unblock", to: USER_STATUS.approved, disabled: false }
      : { name: "Block", to: USER_STATUS.blocked, disabled: statusId === USER_STATUS.pending },
  ];
}

/** What the confirmation asks and what its button says (not "Cancel": the dialog has its own). */
export const CONFIRM_TEXT: Record<StatusActionName, { verb: string; button: string; effect: string }> = {
  Approve: { verb: "Approve", button: "Approve", effect: "They will be able to sign in." },
  Cancel: { verb: "Cancel", button: "Cancel User", effect: "Their registration is cancelled; they cannot sign in." },
  Block: { verb: "Block", button: "Block", effect: "They will no longer be able to sign in." },
  Unblock: { verb: "Unblock", button: "Unblock", effect: "They will be able to sign in again." },
};
