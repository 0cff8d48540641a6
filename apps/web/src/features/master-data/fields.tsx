import { Autocomplete, Box, TextField } from "@mui/material";
import type { Ref } from "react";
import { type Control, Controller, type FieldPath, type FieldValues } from "react-hook-form";
import type { CountryRow } from "./api";

/** "+92" for a dial code stored with or without its plus. */
export const dialCode = (dial: string | null | undefined): string => {
  if (!dial) return "";
  return dial.startsWith("+") ? dial : `+${dial}`;
};

interface CountryPickerProps {
  label?: string;
  countries: readonly CountryRow[];
  /** The chosen country_id, 0 for none. */
  value: number;
  /** A different country was picked (0 and null for none); the form's own resets do not call it. */
  onChange: (countryId: number, country: CountryRow | null) => void;
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  loading?: boolean;
  required?: boolean;
  disabled?: boolean;
  error?: string | undefined;
  /** In a table row: small, with no helper line unless there is an error. */
  dense?: boolean;
}

/** The country picker: type to narrow the list; each country shows its dial code. */
export function CountryPicker({
  label = "Country",
  countries,
  value,
  onChange,
  onBlur,
  inputRef,
  loading = false,
  required = false,
  disabled = false,
  error,
  dense = false,
}: CountryPickerProps) {
  return (
    <Autocomplete
      options={countries}
      loading={loading}
      disabled={disabled}
      size={dense ? "small" : "medium"}
      value={countries.find((country) => country.country_id === value) ?? null}
      onChange={(_, country) => {
        const next = country?.country_id ?? 0;
        if (next !== value) onChange(next, country);
      }}
      onBlur={onBlur}
      getOptionLabel={(country) => country.name}
      isOptionEqualToValue={(option, chosen) => option.country_id === chosen.country_id}
      renderOption={({ key, ...props }, country) => (
        <Box component="li" key={key} {...props} sx={{ display: "flex", gap: 1, justifyContent: "space-between" }}>
          <span>{country.name}</span>
          <Box component="span" sx={{ color: "text.secondary" }}>
            {dialCode(country.dial_code)}
          </Box>
        </Box>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          inputRef={inputRef}
          label={label}
          required={required}
          error={error !== undefined}
          helperText={error ?? (dense ? undefined : " ")}
        />
      )}
    />
  );
}

interface CountryFieldProps<T extends FieldValues, TOut> {
  control: Control<T, unknown, TOut>;
  /** A number field: the chosen country_id, 0 for none. */
  name: FieldPath<T>;
  countries: readonly CountryRow[];
  loading: boolean;
  disabled?: boolean;
  /** Called when the user picks another country (not when the form is reset). */
  onPicked: (country: CountryRow | null) => void;
}

/** The country picker bound to a form. */
export function CountryField<T extends FieldValues, TOut>({
  control,
  name,
  countries,
  loading,
  disabled = false,
  onPicked,
}: CountryFieldProps<T, TOut>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field: { ref, value, onChange, onBlur }, fieldState }) => (
        <CountryPicker
          countries={countries}
          value={Number(value)}
          onChange={(countryId, country) => {
            onChange(countryId);
            onPicked(country);
          }}
          onBlur={onBlur}
          inputRef={ref}
          loading={loading}
          disabled={disabled}
          required
          error={fieldState.error?.message}
        />
      )}
    />
  );
}
