import { Autocomplete, Box, TextField } from "@mui/material";
import type { CountryRow } from "../../master-data/api";
import { dialCode } from "../../master-data/fields";

interface CountryPickerProps {
  label?: string;
  countries: readonly CountryRow[];
  value: number;
  onChange: (countryId: number) => void;
  required?: boolean;
  disabled?: boolean;
  error?: string | undefined;
  dense?: boolean;
}

/** Type to narrow the list; each country shows its dial code. 0 means none chosen. */
export function CountryPicker({
  label = "Country",
  countries,
  value,
  onChange,
  required = false,
  disabled = false,
  error,
  dense = false,
}: CountryPickerProps) {
  return (
    <Autocomplete
      options={countries}
      disabled={disabled}
      size={dense ? "small" : "medium"}
      value={countries.find((country) => country.country_id === value) ?? null}
      onChange={(_, country) => {
        const next = country?.country_id ?? 0;
        if (next !== value) onChange(next);
      }}
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
          label={label}
          required={required}
          error={error !== undefined}
          helperText={error ?? (dense ? undefined : " ")}
        />
      )}
    />
  );
}
