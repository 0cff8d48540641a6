import { Autocomplete, TextField } from "@mui/material";
import { type Control, Controller, type FieldPath } from "react-hook-form";
import { BoundField } from "../../components/FormFields";
import type { CountryRow } from "../master-data/api";
import type { EditForm } from "./edit-form";

export interface Option {
  value: string;
  label: string;
}

interface FormSelectProps {
  control: Control<EditForm>;
  name: FieldPath<EditForm>;
  label: string;
  options: readonly Option[];
  required?: boolean;
  disabled?: boolean;
  /** In a table row: small, the label only for assistive technology. */
  dense?: boolean;
  placeholder?: string;
}

/** A native select bound to the edit form (keyboard-driven, quick with long lists). */
export function FormSelect({
  control,
  name,
  label,
  options,
  required = false,
  disabled = false,
  dense = false,
  placeholder = `Select ${label}`,
}: FormSelectProps) {
  return (
    <BoundField
      control={control}
      name={name}
      select
      show={(value) => (typeof value === "string" ? value : "")}
      label={dense ? undefined : label}
      required={required}
      disabled={disabled}
      size={dense ? "small" : "medium"}
      hint={dense ? null : " "}
      slotProps={{
        select: { native: true },
        inputLabel: { shrink: true },
        htmlInput: { "aria-label": dense ? label : undefined },
      }}
    >
      <option value="" disabled>
        {placeholder}
      </option>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </BoundField>
  );
}

interface OriginFieldProps {
  control: Control<EditForm>;
  name: `lines.${number}.country_id` | "sender.country_id" | "receiver.country_id";
  label: string;
  countries: readonly CountryRow[];
}

/** A country (a line's origin, a party's country): type to narrow the list. */
export function OriginField({ control, name, label, countries }: OriginFieldProps) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field: { ref, value, onChange, onBlur }, fieldState }) => (
        <Autocomplete
          options={countries}
          value={countries.find((country) => country.country_id === value) ?? null}
          onChange={(_, country) => onChange(country?.country_id ?? 0)}
          onBlur={onBlur}
          getOptionLabel={(country) => country.name}
          isOptionEqualToValue={(option, chosen) => option.country_id === chosen.country_id}
          renderInput={(params) => (
            <TextField
              {...params}
              inputRef={ref}
              label={label}
              required
              error={fieldState.error !== undefined}
              helperText={fieldState.error?.message ?? " "}
            />
          )}
        />
      )}
    />
  );
}
