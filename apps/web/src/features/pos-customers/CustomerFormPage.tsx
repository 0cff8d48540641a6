import {
  type PosCustomer,
  type PosCustomerForm,
  type PosCustomerInput,
  posCustomerInputSchema,
} from "@cargodesk/shared";
import { zodResolver } from "@hookform/resolvers/zod";
import ListIcon from "@mui/icons-material/List";
import { Alert, Button, FormControlLabel, Switch, TextField } from "@mui/material";
import { useEffect } from "react";
import { type Control, Controller, type FieldPath, useForm, useWatch } from "react-hook-form";
import { Link as RouterLink, useNavigate, useSearchParams } from "react-router";
import { FormCard, FullRow, SaveButton } from "../../components/FormCard";
import { TextInput } from "../../components/FormFields";
import { PageLoader } from "../../components/PageLoader";
import { SaveResultDialog, useSaveResult } from "../../components/SaveResultDialog";
import { TypedField } from "../../components/TypedField";
import { errorMessage } from "../../lib/api";
import { applyFieldIssues } from "../../lib/forms";
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

const formOf = (customer: PosCustomer): PosCustomerForm => ({
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
});

type FormControl = Control<PosCustomerForm, unknown, PosCustomerInput>;

/** A number typed in a number box; an emptied box is 0. */
function NumberInput({
  control,
  name,
  label,
  hint,
  disabled,
  step,
}: {
  control: FormControl;
  name: "discountPercent" | "creditLimit" | "openingBalance";
  label: string;
  hint: string;
  disabled: boolean;
  step: string;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field: { ref, value, onChange, ...field }, fieldState }) => (
        <TextField
          {...field}
          inputRef={ref}
          type="number"
          label={label}
          value={value ?? 0}
          onChange={(event) => onChange(event.target.value === "" ? 0 : Number(event.target.value))}
          slotProps={{ htmlInput: { min: 0, step, inputMode: "decimal" } }}
          disabled={disabled}
          error={fieldState.error !== undefined}
          helperText={fieldState.error?.message ?? hint}
          fullWidth
        />
      )}
    />
  );
}

function SwitchInput({
  control,
  name,
  label,
}: {
  control: FormControl;
  name: "creditAllowed" | "active";
  label: string;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field: { value, onChange, ...field } }) => (
        <FormControlLabel
          control={<Switch {...field} checked={value ?? false} onChange={(event) => onChange(event.target.checked)} />}
          label={label}
        />
      )}
    />
  );
}

function CustomerEditor({ customer }: { customer: PosCustomer | null }) {
  const save = useSavePosCustomer(customer?.id ?? null);
  const result = useSaveResult();
  const navigate = useNavigate();
  const form = useForm<PosCustomerForm, unknown, PosCustomerInput>({
    resolver: zodResolver(posCustomerInputSchema),
    defaultValues: customer ? formOf(customer) : EMPTY,
    mode: "onTouched",
  });
  useEffect(() => form.reset(customer ? formOf(customer) : EMPTY), [customer, form]);
  const creditAllowed = useWatch({ control: form.control, name: "creditAllowed" });
  // The opening balance is posted once, when the house account opens.
  const mayOpen = customer?.receivableAccountId == null;

  useEffect(() => {
    if (creditAllowed) return;
    form.setValue("creditLimit", 0);
    form.setValue("openingBalance", 0);
  }, [creditAllowed, form]);

  const onSubmit = form.handleSubmit((input) =>
    save.mutate(input, {
      onSuccess: (answer) => {
        const opening = answer.openingVoucher ? `; opening balance posted as ${answer.openingVoucher}` : "";
        const account = answer.data.receivableAccountCode ? `, account ${answer.data.receivableAccountCode}` : "";
        result.show("Success", answer.message, `${answer.data.name} (${answer.data.phone})${account}${opening}`);
        if (customer) navigate(POS_CUSTOMER_ROUTES.list);
        else form.reset(EMPTY);
      },
      onError: (error) => {
        applyFieldIssues(error, form.setError, FIELD_NAMES);
        result.failed(error);
      },
    }),
  );

  const busy = save.isPending;
  return (
    <>
      <FormCard
        label={customer ? "Edit Customer" : "Add Customer"}
        onSubmit={(event) => void onSubmit(event)}
        wide
        actions={
          <>
            <SaveButton disabled={false} busy={busy} label={customer ? "Update" : "Save"} />
            <Button component={RouterLink} to={POS_CUSTOMER_ROUTES.list} startIcon={<ListIcon />}>
              View Customers
            </Button>
          </>
        }
      >
        <TypedField
          control={form.control}
          name="name"
          label="Customer Name"
          mode="plain"
          required
          autoFocus
          disabled={busy}
        />
        <TypedField
          control={form.control}
          name="phone"
          label="Phone"
          mode="phone"
          required
          maxLength={16}
          hint="e.g. 0300 1234567 or +92 300 1234567"
          disabled={busy}
        />
        <TypedField control={form.control} name="email" label="Email" mode="email" disabled={busy} />
        <NumberInput
          control={form.control}
          name="discountPercent"
          label="Default Discount %"
          hint="Taken off every order, 0 to 100"
          step="0.01"
          disabled={busy}
        />
        <FullRow>
          <TextInput control={form.control} name="address" label="Address" disabled={busy} />
        </FullRow>
        <FullRow>
          <TextInput control={form.control} name="notes" label="Notes" hint="Allergies, preferences" disabled={busy} />
        </FullRow>
        <FullRow>
          <SwitchInput control={form.control} name="creditAllowed" label="Credit allowed (house account)" />
        </FullRow>
        <NumberInput
          control={form.control}
          name="creditLimit"
          label="Credit Limit"
          hint="The most the customer may owe"
          step="0.01"
          disabled={busy || !creditAllowed}
        />
        {mayOpen ? (
          <NumberInput
            control={form.control}
            name="openingBalance"
            label="Opening Balance"
            hint="Already owed: posted as an approved opening JV"
            step="0.01"
            disabled={busy || !creditAllowed}
          />
        ) : (
          <Alert severity="info" sx={{ alignSelf: "start" }}>
            House account {customer?.receivableAccountCode}; its opening balance is in the ledger.
          </Alert>
        )}
        <FullRow>
          <SwitchInput control={form.control} name="active" label="Active (offered at the POS)" />
        </FullRow>
        {creditAllowed && mayOpen ? (
          <FullRow>
            <Alert severity="info">
              Saving opens the customer&apos;s receivable account under the Restaurant Customers group of Accounts
              Integration.
            </Alert>
          </FullRow>
        ) : null}
      </FormCard>
      <SaveResultDialog {...result.dialogProps} />
    </>
  );
}

/** /inventory/Customer/addCustomer: add a restaurant customer, or change one (`?id=`) from the list. */
export default function CustomerFormPage() {
  const [params] = useSearchParams();
  const id = Number(params.get("id")) || null;
  const customer = usePosCustomer(id);
  if (id === null) return <CustomerEditor customer={null} />;
  if (customer.isPending) return <PageLoader label="Loading the customer" />;
  if (customer.error)
    return <Alert severity="error">Could not load the customer. {errorMessage(customer.error)}</Alert>;
  return <CustomerEditor customer={customer.data} />;
}
