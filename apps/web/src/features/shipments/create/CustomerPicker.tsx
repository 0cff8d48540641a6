import { Autocomplete, TextField } from "@mui/material";
import type { Customer } from "./lookups";

interface CustomerPickerProps {
  customers: readonly Customer[];
  value: number | null;
  onChange: (customerId: number | null) => void;
  /** Shown under the field until a customer is chosen. */
  missing?: string | undefined;
}

/** Staff choose the approved customer the shipment is booked for (and charged to). */
export function CustomerPicker({ customers, value, onChange, missing }: CustomerPickerProps) {
  return (
    <Autocomplete
      options={customers}
      value={customers.find((customer) => customer.id === value) ?? null}
      onChange={(_, customer) => onChange(customer?.id ?? null)}
      getOptionLabel={(customer) => customer.label}
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      noOptionsText="No approved customers"
      renderInput={(params) => (
        <TextField
          {...params}
          label="Customer"
          required
          helperText={missing ?? "The shipment is booked for and charged to this customer"}
        />
      )}
    />
  );
}
