import { Autocomplete, Box, TextField } from "@mui/material";
import { type Control, Controller, type FieldPath, type FieldValues } from "react-hook-form";
import type { CountryRow } from "./api";

/** "+92" for a dial code stored with or without its plus. */
export const dialCode = (dial: string | null | undefined): string => {
  if (!dial) return "";
  return dial.startsWith("+") ? dial : `+${dial}`;
};

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

/** The country picker: type to narrow the list; each country shows its dial code. */
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
        <Autocomplete
          options={countries}
          loading={loading}
          disabled={disabled}
          value={countries.find((country) => country.country_id === Number(value)) ?? null}
          onChange={(_, country) => {
            const next = country?.country_id ?? 0;
            if (next === Number(value)) return;
            onChange(next);
            onPicked(country);
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
              inputRef={ref}
              label="Country"
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
