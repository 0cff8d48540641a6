import { type PaymentMethod, paymentMethodInputSchema, type TaxClass, taxClassInputSchema } from "@cargodesk/shared";
import AddIcon from "@mui/icons-material/Add";
import DeleteIcon from "@mui/icons-material/Delete";
import { Box, Button, FormHelperText, Typography } from "@mui/material";
import { useEffect } from "react";
import { useFieldArray, useWatch } from "react-hook-form";
import type { z } from "zod";
import { TextInput } from "../../components/FormFields";
import { NumberInput } from "../../components/NumberInput";
import { SwitchInput } from "../../components/RecordFields";
import { RowAction } from "../../components/RowAction";
import { AccountField } from "../chart/AccountField";
import { useRecords } from "./api";
import { ChoiceInput } from "./fields";
import { choicesOf, METHOD_KIND_LABELS } from "./labels";
import { RecordDialog, useRecordForm } from "./RecordDialog";
import type { EditorProps } from "./RecordTable";

type TaxForm = z.input<typeof taxClassInputSchema>;
const TAX_FIELDS = ["name", "rateBp", "accountId", "methodRates"] as const;

/** A tax class: its rate, the tax payable account, and a different rate for some payment methods (a card rate). */
export function TaxClassEditor({ row, onClose, onSaved }: EditorProps<TaxClass>) {
  const methods = useRecords("payment_method");
  const defaults: TaxForm = row
    ? { name: row.name, rateBp: row.rateBp, accountId: row.accountId, methodRates: row.methodRates, active: row.active }
    : { name: "", rateBp: 0, accountId: Number.NaN, methodRates: [], active: true };
  const { form, onSubmit, busy, failure } = useRecordForm({
    kind: "tax_class",
    id: row?.id ?? null,
    schema: taxClassInputSchema,
    defaults,
    fields: TAX_FIELDS,
    onSaved,
  });
  const rates = useFieldArray({ control: form.control, name: "methodRates" });
  const ratesError = form.formState.errors.methodRates;
  const choices = (methods.data?.data ?? []).map((method) => ({ value: method.id, label: method.name }));
  return (
    <RecordDialog
      title={row ? `Edit tax class ${row.name}` : "Add tax class"}
      onSubmit={onSubmit}
      onClose={onClose}
      busy={busy}
      failure={failure}
    >
      <TextInput control={form.control} name="name" label="Tax Class Name" required disabled={busy} autoFocus />
      <NumberInput
        percent
        empty={null}
        control={form.control}
        name="rateBp"
        label="Rate"
        disabled={busy}
        hint="e.g. 16"
      />
      <AccountField
        control={form.control}
        name="accountId"
        label="Tax Payable Account"
        classKey="2"
        disabled={busy}
        hint="A level-4 account under LIABILITIES"
        testId="tax-account"
      />
      <Typography variant="subtitle2" component="h3" sx={{ mt: 1 }}>
        Rate by payment method
      </Typography>
      {rates.fields.map((rate, index) => (
        <Box key={rate.id} sx={{ display: "grid", gridTemplateColumns: "1fr 140px auto", gap: 1, alignItems: "start" }}>
          <ChoiceInput
            control={form.control}
            name={`methodRates.${index}.paymentMethodId`}
            label="Payment Method"
            options={choices}
            disabled={busy}
          />
          <NumberInput
            percent
            empty={null}
            control={form.control}
            name={`methodRates.${index}.rateBp`}
            label="Method Rate"
            disabled={busy}
          />
          <RowAction
            title={`Remove rate ${index + 1}`}
            icon={<DeleteIcon fontSize="small" />}
            onClick={() => rates.remove(index)}
            disabled={busy}
          />
        </Box>
      ))}
      {ratesError?.message || ratesError?.root?.message ? (
        <FormHelperText error>{ratesError.message ?? ratesError.root?.message}</FormHelperText>
      ) : null}
      <Box>
        <Button
          startIcon={<AddIcon />}
          onClick={() => rates.append({ paymentMethodId: choices[0]?.value ?? Number.NaN, rateBp: 0 })}
          disabled={busy || choices.length === 0}
        >
          Add rate for a payment method
        </Button>
      </Box>
      <SwitchInput control={form.control} name="active" label="Active" disabled={busy} />
    </RecordDialog>
  );
}

type MethodForm = z.input<typeof paymentMethodInputSchema>;
const METHOD_FIELDS = ["name", "kind", "accountId", "sort"] as const;
const ACCOUNT_HINTS: Record<PaymentMethod["kind"], string> = {
  cash: "A cash method has no account: each counter's cash account is used",
  card: "The card clearing account: a level-4 account under the bank group",
  bank: "A level-4 account under the bank group",
  wallet: "The level-4 account the wallet pays into",
  on_account: "The level-4 account credit sales go to",
};

export function PaymentMethodEditor({ row, onClose, onSaved }: EditorProps<PaymentMethod>) {
  const defaults: MethodForm = row
    ? {
        name: row.name,
        kind: row.kind,
        accountId: row.accountId,
        opensDrawer: row.opensDrawer,
        countedAtClose: row.countedAtClose,
        sort: row.sort,
        active: row.active,
      }
    : { name: "", kind: "card", accountId: null, opensDrawer: false, countedAtClose: true, sort: 0, active: true };
  const { form, onSubmit, busy, failure } = useRecordForm({
    kind: "payment_method",
    id: row?.id ?? null,
    schema: paymentMethodInputSchema,
    defaults,
    fields: METHOD_FIELDS,
    onSaved,
  });
  const kind = useWatch({ control: form.control, name: "kind" });
  // Cash carries no account of its own.
  useEffect(() => {
    if (kind === "cash") form.setValue("accountId", null);
  }, [kind, form]);
  return (
    <RecordDialog
      title={row ? `Edit payment method ${row.name}` : "Add payment method"}
      onSubmit={onSubmit}
      onClose={onClose}
      busy={busy}
      failure={failure}
    >
      <TextInput control={form.control} name="name" label="Payment Method Name" required disabled={busy} autoFocus />
      <ChoiceInput
        control={form.control}
        name="kind"
        label="Kind"
        options={choicesOf(METHOD_KIND_LABELS)}
        disabled={busy}
      />
      <AccountField
        control={form.control}
        name="accountId"
        label="Account"
        disabled={busy || kind === "cash"}
        hint={ACCOUNT_HINTS[kind ?? "card"]}
        testId="method-account"
      />
      <SwitchInput control={form.control} name="opensDrawer" label="Opens the cash drawer" disabled={busy} />
      <SwitchInput control={form.control} name="countedAtClose" label="Counted at day close" disabled={busy} />
      <NumberInput control={form.control} name="sort" label="Sort" empty={0} disabled={busy} hint="Lower shows first" />
      <SwitchInput control={form.control} name="active" label="Active" disabled={busy} />
    </RecordDialog>
  );
}
