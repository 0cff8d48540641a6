import { CASH_MOVE_KINDS, CASH_MOVE_LABELS, type CashMoveKind, parseMinor } from "@cargodesk/shared";
import { Alert, TextField, ToggleButton, ToggleButtonGroup } from "@mui/material";
import { useState } from "react";
import { type AccountOption, AccountPicker } from "../../components/AccountPicker";
import { errorMessage } from "../../lib/api";
import { useAccounts } from "../chart/api";
import { useCashMove } from "./api";
import { TillDialog } from "./TillDialog";
import { newId } from "./useRegister";

/**
 * Cash in and out of the drawer during the session: a pay-in, a pay-out (an expense account),
 * or a drop to the safe (the Accounts Integration safe unless another account is chosen).
 */
export function CashMoveDialog({
  counterId,
  onDone,
  onClose,
}: {
  counterId: number;
  onDone: (message: string) => void;
  onClose: () => void;
}) {
  const [kind, setKind] = useState<CashMoveKind>("pay_in");
  const [amount, setAmount] = useState("");
  const [reason, setReason] = useState("");
  const [account, setAccount] = useState<AccountOption | null>(null);
  // The device's id for this move, kept across retries so a lost answer cannot record it twice.
  const [clientUuid] = useState(newId);
  const accounts = useAccounts();
  const move = useCashMove();
  const minor = parseMinor(amount.trim());
  const valid = minor !== null && minor > 0n && reason.trim().length >= 2 && (kind !== "pay_out" || account !== null);

  return (
    <TillDialog
      title="Cash in / out"
      formLabel="Cash in or out"
      onClose={onClose}
      submit={{
        label: "Record",
        disabled: !valid || move.isPending,
        onSubmit: () =>
          move.mutate(
            {
              clientUuid,
              counterId,
              kind,
              amount: Number(amount.trim()),
              reason: reason.trim(),
              ...(account ? { accountId: account._id } : {}),
            },
            { onSuccess: (answer) => onDone(answer.message) },
          ),
      }}
    >
      <ToggleButtonGroup
        exclusive
        color="primary"
        size="small"
        value={kind}
        onChange={(_, next: CashMoveKind | null) => next && setKind(next)}
        aria-label="Kind of cash move"
      >
        {CASH_MOVE_KINDS.map((candidate) => (
          <ToggleButton key={candidate} value={candidate} sx={{ flex: 1 }}>
            {CASH_MOVE_LABELS[candidate]}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <TextField
        label="Amount"
        value={amount}
        autoFocus
        onChange={(event) => setAmount(event.target.value)}
        error={amount !== "" && (minor === null || minor <= 0n)}
        helperText={
          amount !== "" && (minor === null || minor <= 0n) ? "An amount above 0 with at most 2 decimals" : " "
        }
        slotProps={{ htmlInput: { inputMode: "decimal" } }}
      />
      {kind !== "pay_in" ? (
        <AccountPicker
          label={kind === "pay_out" ? "Expense account" : "Safe or bank account (optional)"}
          options={accounts.data ?? []}
          value={account}
          onChange={setAccount}
          loading={accounts.isLoading}
          required={kind === "pay_out"}
          error={accounts.isError}
          helperText={
            accounts.isError ? errorMessage(accounts.error) : kind === "drop" ? "The safe when left empty" : " "
          }
        />
      ) : null}
      <TextField label="Reason" value={reason} onChange={(event) => setReason(event.target.value)} />
      {move.isError ? <Alert severity="error">{errorMessage(move.error)}</Alert> : null}
    </TillDialog>
  );
}
