import type { ReactNode } from "react";
import type { LeaveGuard } from "../lib/drafts";
import { ConfirmDialog } from "./ConfirmDialog";

interface LeaveGuardDialogProps {
  guard: LeaveGuard;
  /** What would be left behind, e.g. "2 voucher lines are not posted yet." */
  message: ReactNode;
}

/** The question useLeaveGuard holds a navigation for: Cancel stays on the page, Leave goes on. */
export function LeaveGuardDialog({ guard, message }: LeaveGuardDialogProps) {
  return (
    <ConfirmDialog
      open={guard.blocked}
      title="Leave this page?"
      message={message}
      confirmLabel="Leave"
      confirmColor="warning"
      onConfirm={guard.leave}
      onCancel={guard.stay}
    />
  );
}
