import type { ReceivingCreateForm, Vendor } from "@cargodesk/shared";
import { Autocomplete, TextField } from "@mui/material";
import { type ReactNode, useState } from "react";
import { Controller, type FieldPath } from "react-hook-form";
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

/** A text, date or select input bound to the form, with its message under it. */
export function TextInput({
  control,
  name,
  label,
  type = "text",
  required = false,
  disabled,
  select,
  children,
  max,
}: {
  control: FormControl;
  name: FieldPath<ReceivingCreateForm>;
  label: string;
  type?: "text" | "date";
  required?: boolean;
  disabled: boolean;
  select?: boolean;
  children?: ReactNode;
  max?: string;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field: { ref, value, ...field }, fieldState }) => (
        <TextField
          {...field}
          inputRef={ref}
          value={value ?? ""}
          label={label}
          type={type}
          select={select}
          required={required}
          disabled={disabled}
          error={fieldState.error !== undefined}
          helperText={fieldState.error?.message ?? " "}
          slotProps={{
            inputLabel: type === "date" ? { shrink: true } : undefined,
            htmlInput: max ? { max } : undefined,
          }}
          fullWidth
        >
          {children}
        </TextField>
      )}
    />
  );
}
