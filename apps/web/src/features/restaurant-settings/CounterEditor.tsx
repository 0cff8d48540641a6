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
export function CounterEditor(props: EditorProps<Counter>) {
  const { row } = props;
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
  const { form, field, dialog } = useRecordForm({
    kind: "counter",
    editor: props,
    title: row ? `Edit counter ${row.code}` : "Add counter",
    schema: counterInputSchema,
    defaults,
    fields: FIELDS,
  });
  const [code, create] = useWatch({ control: form.control, name: ["code", "createCashAccount"] });
  const newAccount = `${(code ?? "").trim().toUpperCase() || "<CODE>"} CASH`;
  return (
    <RecordDialog {...dialog}>
      <TextInput {...field} name="code" label="Counter Code" required autoFocus hint="Letters and digits, e.g. A01" />
      <TextInput {...field} name="name" label="Counter Name" required />
      <SwitchInput {...field} name="createCashAccount" label={`Open a new cash account ${newAccount}`} />
      {create ? null : (
        <AccountField
          {...field}
          name="cashAccountId"
          label="Cash Account"
          hint="A level-4 account under the cash group (Accounts Integration)"
          testId="counter-cash-account"
        />
      )}
      <ChoiceInput {...field} name="receiptPrinterId" label="Receipt Printer" options={printers} />
      <ChoiceInput
        {...field}
        name="defaultOrderType"
        label="Default Order Type"
        options={choicesOf(ORDER_TYPE_LABELS)}
      />
      <SwitchInput {...field} name="active" label="Active" />
    </RecordDialog>
  );
}
