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
import { useRecordChoices } from "./api";
import { ChoiceInput } from "./fields";
import { choicesOf, METHOD_KIND_LABELS } from "./labels";
import { RecordDialog, useRecordForm } from "./RecordDialog";
import type { EditorProps } from "./RecordTable";

type TaxForm = z.input<typeof taxClassInputSchema>;
const TAX_FIELDS = ["name", "rateBp", "accountId", "methodRates"] as const;

/** A tax class: its rate, the tax payable account, and a different rate for some payment methods (a card rate). */
export function TaxClassEditor(props: EditorProps<TaxClass>) {
  const { row } = props;
  const choices = useRecordChoices("payment_method");
  const defaults: TaxForm = row
    ? { name: row.name, rateBp: row.rateBp, accountId: row.accountId, methodRates: row.methodRates, active: row.active }
    : { name: "", rateBp: 0, accountId: Number.NaN, methodRates: [], active: true };
  const { form, field, dialog } = useRecordForm({
    kind: "tax_class",
    editor: props,
    title: row ? `Edit tax class ${row.name}` : "Add tax class",
    schema: taxClassInputSchema,
    defaults,
    fields: TAX_FIELDS,
  });
  const rates = useFieldArray({ control: form.control, name: "methodRates" });
  const ratesError = form.formState.errors.methodRates;
  return (
    <RecordDialog {...dialog}>
      <TextInput {...field} name="name" label="Tax Class Name" required autoFocus />
      <NumberInput {...field} percent empty={null} name="rateBp" label="Rate" hint="e.g. 16" />
      <AccountField
        {...field}
        name="accountId"
        label="Tax Payable Account"
        classKey="2"
        hint="A level-4 account under LIABILITIES"
        testId="tax-account"
      />
      <Typography variant="subtitle2" component="h3" sx={{ mt: 1 }}>
        Rate by payment method
      </Typography>
      {rates.fields.map((rate, index) => (
        <Box key={rate.id} sx={{ display: "grid", gridTemplateColumns: "1fr 140px auto", gap: 1, alignItems: "start" }}>
          <ChoiceInput
            {...field}
            name={`methodRates.${index}.paymentMethodId`}
            label="Payment Method"
            options={choices}
          />
          <NumberInput {...field} percent empty={null} name={`methodRates.${index}.rateBp`} label="Method Rate" />
          <RowAction
            title={`Remove rate ${index + 1}`}
            icon={<DeleteIcon fontSize="small" />}
            onClick={() => rates.remove(index)}
            disabled={field.disabled}
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
          disabled={field.disabled || choices.length === 0}
        >
          Add rate for a payment method
        </Button>
      </Box>
      <SwitchInput {...field} name="active" label="Active" />
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

export function PaymentMethodEditor(props: EditorProps<PaymentMethod>) {
  const { row } = props;
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
  const { form, field, dialog } = useRecordForm({
    kind: "payment_method",
    editor: props,
    title: row ? `Edit payment method ${row.name}` : "Add payment method",
    schema: paymentMethodInputSchema,
    defaults,
    fields: METHOD_FIELDS,
  });
  const kind = useWatch({ control: form.control, name: "kind" });
  // Cash carries no account of its own.
  useEffect(() => {
    if (kind === "cash") form.setValue("accountId", null);
  }, [kind, form]);
  return (
    <RecordDialog {...dialog}>
      <TextInput {...field} name="name" label="Payment Method Name" required autoFocus />
      <ChoiceInput {...field} name="kind" label="Kind" options={choicesOf(METHOD_KIND_LABELS)} />
      <AccountField
        {...field}
        name="accountId"
        label="Account"
        disabled={field.disabled || kind === "cash"}
        hint={ACCOUNT_HINTS[kind ?? "card"]}
        testId="method-account"
      />
      <SwitchInput {...field} name="opensDrawer" label="Opens the cash drawer" />
      <SwitchInput {...field} name="countedAtClose" label="Counted at day close" />
      <NumberInput {...field} name="sort" label="Sort" empty={0} hint="Lower shows first" />
      <SwitchInput {...field} name="active" label="Active" />
    </RecordDialog>
  );
}
