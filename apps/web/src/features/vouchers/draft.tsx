import { ACCOUNT_TYPE } from "@cargodesk/shared";
import DeleteSweepIcon from "@mui/icons-material/DeleteSweep";
import { Alert, Button } from "@mui/material";
import { useRef, useState } from "react";
import { z } from "zod";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { LeaveGuardDialog } from "../../components/LeaveGuardDialog";
import { useDraft, useLeaveGuard } from "../../lib/drafts";
import { type Account, accountSchema } from "./api";
import type { PendingLine } from "./lines";

const pendingLineSchema = z.object({
  key: z.number().int(),
  account: accountSchema,
  accountType: z.union([z.literal(ACCOUNT_TYPE.credit), z.literal(ACCOUNT_TYPE.debit)]),
  amountMinor: z.number().int().positive(),
  description: z.string(),
  billNumber: z.string(),
});

/** What a voucher screen keeps of lines not posted yet: the lines with the date and book account they share. */
const voucherDraftSchema = z.object({
  date: z.string(),
  bookAccountId: z.number().int().nullable(),
  lines: z.array(pendingLineSchema),
});
type VoucherDraft = z.infer<typeof voucherDraftSchema>;

const EMPTY_DRAFT: VoucherDraft = { date: "", bookAccountId: null, lines: [] };

/** The header a new line is added under; a voucher's lines share it. */
export interface DraftHeader {
  date: string;
  bookAccountId: number | null;
}

/**
 * The lines of a voucher being entered, kept per user and voucher type (see lib/drafts) until
 * posted or discarded, and a guard that asks before leaving while there are any.
 */
export function useVoucherDraft(typeId: number, accounts: readonly Account[]) {
  const [draft, setDraft, clear] = useDraft(`voucher.${typeId}`, EMPTY_DRAFT, { schema: voucherDraftSchema });
  const [restoredCount, setRestoredCount] = useState(draft.lines.length);
  const nextKey = useRef(Math.max(0, ...draft.lines.map((line) => line.key)) + 1);
  const guard = useLeaveGuard(draft.lines.length > 0);

  // A restored line shows the account as the chart has it now (name, balance), not as it was saved.
  const current = new Map(accounts.map((account) => [account._id, account]));
  const lines: PendingLine[] = draft.lines.map((line) => ({
    ...line,
    account: current.get(line.account._id) ?? line.account,
  }));

  return {
    lines,
    /** The date and book account of restored lines; null when nothing was restored. */
    header: draft.lines.length > 0 ? { date: draft.date, bookAccountId: draft.bookAccountId } : null,
    restoredCount,
    guard,
    addLine: (header: DraftHeader, line: Omit<PendingLine, "key">) =>
      setDraft((previous) => ({ ...header, lines: [...previous.lines, { ...line, key: nextKey.current++ }] })),
    deleteLine: (key: number) =>
      setDraft((previous) => {
        const rest = previous.lines.filter((line) => line.key !== key);
        return rest.length > 0 ? { ...previous, lines: rest } : EMPTY_DRAFT;
      }),
    clear: () => {
      clear();
      setRestoredCount(0);
    },
  };
}

type VoucherDraftState = ReturnType<typeof useVoucherDraft>;

const linesText = (count: number) => (count === 1 ? "1 line" : `${count} lines`);

/** Says lines were restored from the draft, offers to discard them, and asks before leaving with them. */
export function VoucherDraftNotice({ draft, onDiscard }: { draft: VoucherDraftState; onDiscard: () => void }) {
  const [confirming, setConfirming] = useState(false);
  const count = draft.lines.length;
  return (
    <>
      {count > 0 && (
        <Alert
          severity="info"
          data-testid="voucher-draft"
          action={
            <Button color="inherit" size="small" startIcon={<DeleteSweepIcon />} onClick={() => setConfirming(true)}>
              Discard draft
            </Button>
          }
        >
          {draft.restoredCount > 0
            ? `Restored from your draft: ${linesText(draft.restoredCount)} entered earlier.`
            : "Kept as your draft on this computer until you post or discard it."}
        </Alert>
      )}
      <ConfirmDialog
        open={confirming}
        title="Discard draft?"
        message={`The ${linesText(count)} not posted will be removed.`}
        confirmLabel="Discard"
        confirmColor="error"
        onConfirm={() => {
          setConfirming(false);
          draft.clear();
          onDiscard();
        }}
        onCancel={() => setConfirming(false)}
      />
      <LeaveGuardDialog
        guard={draft.guard}
        message={`${linesText(count)} of this voucher ${count === 1 ? "is" : "are"} not posted yet. They stay as your draft on this computer.`}
      />
    </>
  );
}
