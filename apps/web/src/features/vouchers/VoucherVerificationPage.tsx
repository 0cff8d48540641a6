import { VOUCHER_STATUS } from "@cargodesk/shared";
import { Alert, MenuItem, TextField } from "@mui/material";
import { useState } from "react";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { ResultCount } from "../../components/ResultCount";
import { ResultDialog, useResultDialog } from "../../components/ResultDialog";
import { errorMessage } from "../../lib/api";
import { money } from "../../lib/format";
import { useSession } from "../../lib/session";
import { useVoucherApproval } from "../integration/api";
import { type StatusFilter, useDecideVoucher, useReverseVoucher, useVouchersByStatus, type VoucherRecord } from "./api";
import { usePrintVoucher } from "./pdf";
import { type VerificationAction, VerificationActions } from "./VerificationActions";
import { VoucherTable } from "./VoucherTable";

const STATUS_OPTIONS: readonly { value: StatusFilter; label: string }[] = [
  { value: VOUCHER_STATUS.pending, label: "Pending" },
  { value: VOUCHER_STATUS.approved, label: "Approved" },
  { value: VOUCHER_STATUS.disapproved, label: "Disapproved" },
  { value: "All", label: "All" },
];

const CONFIRM = {
  Approve: { title: "Approve voucher?", color: "success", effect: "Its lines will be written to the ledger." },
  Disapprove: { title: "Disapprove voucher?", color: "error", effect: "It is kept, but never reaches the ledger." },
  Reverse: {
    title: "Reverse voucher?",
    color: "warning",
    effect: "A new approved voucher dated today will post the opposite lines.",
  },
} as const;

/** Vouchers waiting for verification (or of another status) with Approve, Disapprove and Reverse. */
export default function VoucherVerificationPage() {
  const [status, setStatus] = useState<StatusFilter>(VOUCHER_STATUS.pending);
  const vouchers = useVouchersByStatus(status);
  const decide = useDecideVoucher();
  const reverse = useReverseVoucher();
  const printer = usePrintVoucher();
  const userId = useSession()?.userId ?? null;
  const separateApprover = useVoucherApproval().data?.enteredByCannotApprove ?? false;
  const result = useResultDialog();
  // The target stays while the dialog fades out, so its text does not change as it closes.
  const [confirmation, setConfirmation] = useState<{
    open: boolean;
    target: { voucher: VoucherRecord; action: VerificationAction } | null;
  }>({ open: false, target: null });
  const pending = confirmation.target;
  const closeConfirmation = () => setConfirmation((current) => ({ ...current, open: false }));
  const busy = decide.isPending || reverse.isPending;

  const onConfirm = () => {
    if (!pending) return;
    const { voucher, action } = pending;
    const callbacks = {
      onSuccess: (answer: { message: string }) => result.show("Success", answer.message),
      onError: (error: Error) => result.show("Error", errorMessage(error)),
      onSettled: closeConfirmation,
    };
    if (action === "Reverse") reverse.mutate(voucher._id, callbacks);
    else decide.mutate({ id: voucher._id, status: action === "Approve" ? "Approve" : "Disapprove" }, callbacks);
  };

  const confirm = pending ? CONFIRM[pending.action] : null;
  const filterLabel = STATUS_OPTIONS.find((option) => option.value === status)?.label.toLowerCase() ?? "";

  return (
    <>
      {separateApprover ? (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="separate-approver">
          Separate approver is on: a voucher is approved by someone other than the person who entered it.
        </Alert>
      ) : null}
      <VoucherTable
        label="Vouchers for verification"
        rows={vouchers.data}
        loading={vouchers.isPending}
        error={vouchers.error}
        onRetry={() => void vouchers.refetch()}
        emptyMessage={status === "All" ? "No vouchers yet." : `No ${filterLabel} vouchers.`}
        toolbar={
          <>
            <TextField
              select
              size="small"
              label="Status"
              value={status}
              onChange={(event) => {
                const next = STATUS_OPTIONS.find((option) => option.value === event.target.value);
                if (next) setStatus(next.value);
              }}
              sx={{ minWidth: 200 }}
              slotProps={{ htmlInput: { "data-testid": "status-filter" } }}
            >
              {STATUS_OPTIONS.map((option) => (
                <MenuItem key={option.value} value={option.value}>
                  {option.label}
                </MenuItem>
              ))}
            </TextField>
            <ResultCount
              shown={vouchers.data?.length}
              total={vouchers.data?.length}
              singular={`${status === "All" ? "" : `${filterLabel} `}voucher`}
            />
          </>
        }
        actions={(voucher) => (
          <VerificationActions
            voucher={voucher}
            busy={busy && confirmation.open && pending?.voucher._id === voucher._id}
            printing={printer.printingId === voucher._id}
            ownVoucher={separateApprover && userId !== null && voucher.createdById === userId}
            onAction={(action) => setConfirmation({ open: true, target: { voucher, action } })}
            onPrint={() => printer.print(voucher)}
          />
        )}
      />
      <ConfirmDialog
        open={confirmation.open}
        title={confirm?.title ?? ""}
        message={
          pending && confirm
            ? `${pending.action} ${pending.voucher.voucherManualId} of ${pending.voucher.vocDate} for ${money(pending.voucher.totalAmount)}? ${confirm.effect}`
            : ""
        }
        confirmLabel={pending?.action ?? "Confirm"}
        confirmColor={confirm?.color ?? "primary"}
        busy={busy}
        onConfirm={onConfirm}
        onCancel={closeConfirmation}
      />
      <ResultDialog {...result.dialogProps} />
      <ResultDialog
        open={printer.error !== null}
        title="Error"
        message={`Could not open the voucher PDF. ${printer.error ? errorMessage(printer.error) : ""}`}
        onClose={printer.reset}
      />
    </>
  );
}
