import type { Vendor } from "@cargodesk/shared";
import { Autocomplete, TextField } from "@mui/material";
import { useState } from "react";
import { Controller } from "react-hook-form";
import { useDebouncedValue } from "../../lib/hooks";
import { useVendors } from "../vendors/api";
import type { FormControl } from "./ReceivingLines";

/** The vendor, searched among the active ones. */
export function VendorPicker({ control, disabled }: { control: FormControl; disabled: boolean }) {
  const [input, setInput] = useState("");
  const search = useDebouncedValue(input.trim());
  const vendors = useVendors({ search: search || undefined, active: "true", size: 20, page: 1 });
  const [picked, setPicked] = useState<Vendor | null>(null);
  return (
    <Controller
      control={control}
      name="vendorId"
      render={({ field, fieldState }) => (
        <Autocomplete
          options={vendors.data?.data ?? []}
          value={picked && picked.id === field.value ? picked : null}
          onChange={(_, vendor) => {
            setPicked(vendor);
            field.onChange(vendor?.id ?? 0);
          }}
          inputValue={input}
          onInputChange={(_, text) => setInput(text)}
          getOptionLabel={(vendor) => `${vendor.name} (${vendor.code})`}
          isOptionEqualToValue={(option, value) => option.id === value.id}
          filterOptions={(options) => options}
          loading={vendors.isFetching}
          disabled={disabled}
          noOptionsText="No active vendor matches"
          renderInput={(params) => (
            <TextField
              {...params}
              required
              label="Vendor"
              onBlur={field.onBlur}
              error={fieldState.error !== undefined}
              helperText={fieldState.error?.message ?? " "}
            />
          )}
        />
      )}
    />
  );
}
