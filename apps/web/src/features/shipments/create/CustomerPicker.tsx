import { Autocomplete, TextField } from "@mui/material";
import type { Customer } from "./lookups";

interface CustomerPickerProps {
  customers: readonly Customer[];
  value: number | null;
  onChange: (customerId: number | null) => void;
  /** Shown under the field until a customer is chosen. */
  missing?: string | undefined;
  /** False when the user may not list customers: the picker says why it is empty. */
  listed: boolean;
}

/** Staff choose the approved customer the shipment is booked for (and charged to). */
export function CustomerPicker({ customers, value, onChange, missing, listed }: CustomerPickerProps) {
  return (
    <Autocomplete
      options={customers}
      value={customers.find((customer) => customer.id === value) ?? null}
      onChange={(_, customer) => onChange(customer?.id ?? null)}
      getOptionLabel={(customer) => customer.label}
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      noOptionsText={listed ? "No approved customers" : "Choosing a customer needs the Shipment Add permission"}
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
