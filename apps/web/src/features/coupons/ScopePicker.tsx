import { Autocomplete, TextField } from "@mui/material";
import { useState } from "react";
import { useDebouncedValue } from "../../lib/hooks";
import { useScopeOptions } from "./api";

export interface ScopeOption {
  id: number;
  name: string;
}

interface ScopePickerProps {
  scope: "category" | "variant";
  value: readonly ScopeOption[];
  onChange: (value: ScopeOption[]) => void;
  onBlur: () => void;
  error: string | undefined;
  disabled: boolean;
}

/** Chooses the categories or menu items a coupon covers, searched on the server as the user types. */
export function ScopePicker({ scope, value, onChange, onBlur, error, disabled }: ScopePickerProps) {
  const [input, setInput] = useState("");
  const search = useDebouncedValue(input.trim());
  const options = useScopeOptions(scope, search, !disabled);
  const label = scope === "category" ? "Categories" : "Menu Items";
  return (
    <Autocomplete
      multiple
      filterSelectedOptions
      options={options.data?.data ?? []}
      value={[...value]}
      onChange={(_event, chosen) => onChange(chosen)}
      onBlur={onBlur}
      inputValue={input}
      onInputChange={(_event, text) => setInput(text)}
      // The server searched already; the list shows what it answered.
      filterOptions={(list) => list}
      getOptionLabel={(option) => option.name}
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      loading={options.isFetching}
      disabled={disabled}
      noOptionsText={search ? `Nothing matches "${search}"` : "Nothing to choose yet"}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          required
          error={error !== undefined}
          helperText={
            error ??
            (scope === "category"
              ? "A category covers its sub-categories too"
              : "Each size and flavour of a product is its own item")
          }
        />
      )}
    />
  );
}
