import { type Counter, counterInputSchema } from "@cargodesk/shared";
import { useWatch } from "react-hook-form";
import type { z } from "zod";
import { TextInput } from "../../components/FormFields";
import { SwitchInput } from "../../components/RecordFields";
import { AccountField } from "../chart/AccountField";
import { ChoiceInput } from "./fields";
import { choicesOf, ORDER_TYPE_LABELS } from "./labels";
import { usePrinterChoices } from "./PrinterStationEditors";
import { RecordDialog, useRecordForm } from "./RecordDialog";
import type { EditorProps } from "./RecordTable";

type CounterForm = z.input<typeof counterInputSchema>;
const FIELDS = ["code", "name", "cashAccountId", "receiptPrinterId", "defaultOrderType"] as const;

/**
 * A counter (terminal): its code, its own cash account (a level-4 account under the cash group,
 * or a new "<CODE> CASH" opened there), the receipt printer and the order type it starts with.
 */
export function CounterEditor({ row, onClose, onSaved }: EditorProps<Counter>) {
  const printers = usePrinterChoices();
  const defaults: CounterForm = row
    ? {
        code: row.code,
        name: row.name,
        cashAccountId: row.cashAccountId,
        createCashAccount: false,
        receiptPrinterId: row.receiptPrinterId,
        defaultOrderType: row.defaultOrderType,
        active: row.active,
      }
    : {
        code: "",
        name: "",
        cashAccountId: null,
        createCashAccount: false,
        receiptPrinterId: null,
        defaultOrderType: "take_away",
        active: true,
      };
  const { form, onSubmit, busy, failure } = useRecordForm({
    kind: "counter",
    id: row?.id ?? null,
    schema: counterInputSchema,
    defaults,
    fields: FIELDS,
    onSaved,
  });
  const [code, create] = useWatch({ control: form.control, name: ["code", "createCashAccount"] });
  const newAccount = `${(code ?? "").trim().toUpperCase() || "<CODE>"} CASH`;
  return (
    <RecordDialog
      title={row ? `Edit counter ${row.code}` : "Add counter"}
      onSubmit={onSubmit}
      onClose={onClose}
      busy={busy}
      failure={failure}
    >
      <TextInput
        control={form.control}
        name="code"
        label="Counter Code"
        required
        disabled={busy}
        autoFocus
        hint="Letters and digits, e.g. A01"
      />
      <TextInput control={form.control} name="name" label="Counter Name" required disabled={busy} />
      <SwitchInput
        control={form.control}
        name="createCashAccount"
        label={`Open a new cash account ${newAccount}`}
        disabled={busy}
      />
      {create ? null : (
        <AccountField
          control={form.control}
          name="cashAccountId"
          label="Cash Account"
          disabled={busy}
          hint="A level-4 account under the cash group (Accounts Integration)"
          testId="counter-cash-account"
        />
      )}
      <ChoiceInput
        control={form.control}
        name="receiptPrinterId"
        label="Receipt Printer"
        options={printers}
        disabled={busy}
      />
      <ChoiceInput
        control={form.control}
        name="defaultOrderType"
        label="Default Order Type"
        options={choicesOf(ORDER_TYPE_LABELS)}
        disabled={busy}
      />
      <SwitchInput control={form.control} name="active" label="Active" disabled={busy} />
    </RecordDialog>
  );
}
