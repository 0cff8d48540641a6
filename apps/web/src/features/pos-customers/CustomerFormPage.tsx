import {
  type PosCustomer,
  type PosCustomerForm,
  type PosCustomerInput,
  posCustomerInputSchema,
} from "@cargodesk/shared";
import { Alert } from "@mui/material";
import { useEffect } from "react";
import { type Control, type FieldPath, useWatch } from "react-hook-form";
import { FullRow } from "../../components/FormCard";
import { TextInput } from "../../components/FormFields";
import { SpinInput, SwitchInput } from "../../components/RecordFields";
import { RecordFormCard, RecordFormPage, useRecordForm } from "../../components/RecordForm";
import { SAVE_MESSAGES } from "../../components/SaveResultDialog";
import { TypedField } from "../../components/TypedField";
import { usePosCustomer, useSavePosCustomer } from "./api";
import { POS_CUSTOMER_ROUTES } from "./paths";

const EMPTY: PosCustomerForm = {
  name: "",
  phone: "",
  email: "",
  address: "",
  notes: "",
  discountPercent: 0,
  creditAllowed: false,
  creditLimit: 0,
  openingBalance: 0,
  active: true,
};

const FIELD_NAMES: FieldPath<PosCustomerForm>[] = [
  "name",
  "phone",
  "email",
  "address",
  "notes",
  "discountPercent",
  "creditLimit",
  "openingBalance",
];

const valuesOf = (customer: PosCustomer | null): PosCustomerForm =>
  customer === null
    ? EMPTY
    : {
        name: customer.name,
        phone: customer.phone,
        email: customer.email,
        address: customer.address,
        notes: customer.notes,
        discountPercent: customer.discountPercent,
        creditAllowed: customer.creditAllowed,
        creditLimit: customer.creditLimit,
        openingBalance: 0,
        active: customer.active,
      };

/** An amount or percent of the customer: 0 when emptied, two decimals. */
function AmountInput({
  control,
  name,
  label,
  hint,
  disabled,
}: {
  control: Control<PosCustomerForm, unknown, PosCustomerInput>;
  name: "discountPercent" | "creditLimit" | "openingBalance";
  label: string;
  hint: string;
  disabled: boolean;
}) {
  return (
    <SpinInput
      control={control}
      name={name}
      label={label}
      hint={hint}
      empty={0}
      min={0}
      step="0.01"
      inputMode="decimal"
      disabled={disabled}
    />
  );
}

function CustomerEditor({ customer }: { customer: PosCustomer | null }) {
  const state = useRecordForm({
    record: customer,
    schema: posCustomerInputSchema,
    valuesOf,
    save: useSavePosCustomer(customer?.id ?? null),
    fields: FIELD_NAMES,
    listRoute: POS_CUSTOMER_ROUTES.list,
    savedText: (answer) => {
      const opening = answer.openingVoucher ? `; opening balance posted as ${answer.openingVoucher}` : "";
      const account = answer.data.receivableAccountCode ? `, account ${answer.data.receivableAccountCode}` : "";
      return { message: answer.message, detail: `${answer.data.name} (${answer.data.phone})${account}${opening}` };
    },
    failureMessage: SAVE_MESSAGES.failure,
  });
  const { form, control, busy } = state;
  const creditAllowed = useWatch({ control, name: "creditAllowed" });
  // The opening balance is posted once, when the house account opens.
  const mayOpen = customer?.receivableAccountId == null;

  useEffect(() => {
    if (creditAllowed) return;
    form.setValue("creditLimit", 0);
    form.setValue("openingBalance", 0);
  }, [creditAllowed, form]);

  return (
    <RecordFormCard state={state} noun="Customer" listLabel="View Customers" wide>
      <TypedField control={control} name="name" label="Customer Name" mode="plain" required autoFocus disabled={busy} />
      <TypedField
        control={control}
        name="phone"
        label="Phone"
        mode="phone"
        required
        maxLength={16}
        hint="e.g. 0300 1234567 or +92 300 1234567"
        disabled={busy}
      />
      <TypedField control={control} name="email" label="Email" mode="email" disabled={busy} />
      <AmountInput
        control={control}
        name="discountPercent"
        label="Default Discount %"
        hint="Taken off every order, 0 to 100"
        disabled={busy}
      />
      <FullRow>
        <TextInput control={control} name="address" label="Address" disabled={busy} />
      </FullRow>
      <FullRow>
        <TextInput control={control} name="notes" label="Notes" hint="Allergies, preferences" disabled={busy} />
      </FullRow>
      <FullRow>
        <SwitchInput control={control} unset={false} name="creditAllowed" label="Credit allowed (house account)" />
      </FullRow>
      <AmountInput
        control={control}
        name="creditLimit"
        label="Credit Limit"
        hint="The most the customer may owe"
        disabled={busy || !creditAllowed}
      />
      {mayOpen ? (
        <AmountInput
          control={control}
          name="openingBalance"
          label="Opening Balance"
          hint="Already owed: posted as an approved opening JV"
          disabled={busy || !creditAllowed}
        />
      ) : (
        <Alert severity="info" sx={{ alignSelf: "start" }}>
          House account {customer?.receivableAccountCode}; its opening balance is in the ledger.
        </Alert>
      )}
      <FullRow>
        <SwitchInput control={control} unset={false} name="active" label="Active (offered at the POS)" />
      </FullRow>
      {creditAllowed && mayOpen ? (
        <FullRow>
          <Alert severity="info">
            Saving opens the customer&apos;s receivable account under the Restaurant Customers group of Accounts
            Integration.
          </Alert>
        </FullRow>
      ) : null}
    </RecordFormCard>
  );
}

/** /inventory/Customer/addCustomer: add a restaurant customer, or change one (`?id=`) from the list. */
export default function CustomerFormPage() {
  return (
    <RecordFormPage noun="customer" useRecord={usePosCustomer}>
      {(customer) => <CustomerEditor customer={customer} />}
    </RecordFormPage>
  );
}
