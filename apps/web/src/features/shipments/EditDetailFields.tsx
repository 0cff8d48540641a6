import { TYPE2_CHOICES, VAT_PAID_SERVICE_ID } from "@cargodesk/shared";
import { Box, TextField, ToggleButton, ToggleButtonGroup, Typography } from "@mui/material";
import { type Control, Controller, type UseFormGetValues, type UseFormSetValue, useWatch } from "react-hook-form";
import { TypedField } from "../../components/TypedField";
import { companyToday } from "../../lib/dates";
import { FormSelect, type Option } from "./edit-fields";
import { blankLine, type EditForm } from "./edit-form";

const YES_NO: readonly Option[] = [
  { value: "1", label: "YES" },
  { value: "0", label: "NO" },
];
const INVOICE_TYPES: readonly Option[] = [
  { value: "1", label: "Custom invoice" },
  { value: "0", label: "Own invoice" },
];
const TYPE2: readonly Option[] = TYPE2_CHOICES.map((choice) => ({ value: choice, label: `${choice} (VAT paid)` }));

interface Props {
  control: Control<EditForm>;
  setValue: UseFormSetValue<EditForm>;
  getValues: UseFormGetValues<EditForm>;
  services: readonly Option[];
  purposes: readonly Option[];
  taxTypes: readonly Option[];
  storedDate: string;
}

/** Doc or Pack: Pack with no lines starts one empty line; Doc hides purpose and lines and asks for a description. */
export function TypeToggle({ control, setValue, getValues }: Pick<Props, "control" | "setValue" | "getValues">) {
  return (
    <Controller
      control={control}
      name="shipment_type"
      render={({ field }) => (
        <ToggleButtonGroup
          exclusive
          color="primary"
          value={field.value}
          aria-label="Shipment type"
          onChange={(_, next: EditForm["shipment_type"] | null) => {
            if (!next) return;
            field.onChange(next);
            if (next === "Pack" && getValues("lines").length === 0) {
              setValue("lines", [blankLine()], { shouldDirty: true });
            }
          }}
        >
          <ToggleButton value="Doc">Doc (documents)</ToggleButton>
          <ToggleButton value="Pack">Pack (packages)</ToggleButton>
        </ToggleButtonGroup>
      )}
    />
  );
}

/** Service, payer, invoice type, delivery date and reference; a document's description or a pack's purpose. */
export function DetailFields({
  control,
  services,
  purposes,
  taxTypes,
  storedDate,
}: Omit<Props, "setValue" | "getValues">) {
  const [type, service] = useWatch({ control, name: ["shipment_type", "service_type_id"] });
  const today = companyToday();
  return (
    <Box sx={{ display: "grid", columnGap: 2, rowGap: 1, gridTemplateColumns: { xs: "1fr", md: "1fr 1fr" } }}>
      {type === "Doc" ? (
        <Box sx={{ gridColumn: "1 / -1" }}>
          <TypedField control={control} name="shipment_desc" label="Description" required />
        </Box>
      ) : (
        <FormSelect control={control} name="shipment_purpose_id" label="Purpose" options={purposes} required />
      )}
      <FormSelect control={control} name="service_type_id" label="Service" options={services} required />
      {Number(service) === VAT_PAID_SERVICE_ID ? (
        <FormSelect control={control} name="type" label="DHL / UPS" options={TYPE2} required />
      ) : null}
      <FormSelect
        control={control}
        name="shipment_tax_id"
        label="Duties and Taxes Paid By"
        options={taxTypes}
        required
      />
      {type === "Pack" ? (
        <FormSelect control={control} name="invoice_type" label="Invoice Type" options={INVOICE_TYPES} required />
      ) : null}
      <Controller
        control={control}
        name="expected_delivery_date"
        render={({ field: { ref, ...field }, fieldState }) => {
          const past = field.value !== "" && field.value !== storedDate && field.value < today;
          return (
            <TextField
              {...field}
              inputRef={ref}
              type="date"
              label="Expected Delivery Date"
              required
              error={past || fieldState.error !== undefined}
              helperText={
                past ? "The estimated delivery date cannot be earlier than today" : (fieldState.error?.message ?? " ")
              }
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: today } }}
            />
          );
        }}
      />
      <TypedField control={control} name="shipment_ref" label="Reference" maxLength={100} />
    </Box>
  );
}

/** Financial instrument YES shows its number, bank and rebate claim; rebate YES shows the SRO number. */
export function PaymentFields({ control }: { control: Control<EditForm> }) {
  const [instrument, rebate] = useWatch({ control, name: ["financial_instruments", "rebate"] });
  return (
    <Box sx={{ display: "grid", columnGap: 2, rowGap: 1, gridTemplateColumns: { xs: "1fr", md: "1fr 1fr" } }}>
      <FormSelect
        control={control}
        name="financial_instruments"
        label="Financial Instrument"
        options={YES_NO}
        required
      />
      {instrument === "1" ? (
        <>
          <TypedField control={control} name="financial_instruments_no" label="Instrument Number" maxLength={60} />
          <TypedField control={control} name="financial_instruments_bank" label="Bank" maxLength={100} />
          <FormSelect control={control} name="rebate" label="Rebate Claim" options={YES_NO} required />
          {rebate === "1" ? <TypedField control={control} name="sro_number" label="SRO Number" maxLength={60} /> : null}
        </>
      ) : (
        <Typography variant="body2" sx={{ color: "text.secondary", alignSelf: "center" }}>
          No financial instrument.
        </Typography>
      )}
    </Box>
  );
}
