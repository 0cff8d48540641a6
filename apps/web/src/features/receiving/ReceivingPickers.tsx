import type { ReceivingProduct } from "@cargodesk/shared";
import { Autocomplete, MenuItem, TextField } from "@mui/material";
import { type Ref, useState } from "react";
import { useDebouncedValue } from "../../lib/hooks";
import { useReceivingProducts } from "./api";

/** A line's product, searched on the server by name, code or barcode. */
export function ProductPicker({
  value,
  onPick,
  label,
  error,
  disabled,
}: {
  value: ReceivingProduct | null;
  onPick: (product: ReceivingProduct | null) => void;
  label: string;
  error?: string;
  disabled: boolean;
}) {
  const [input, setInput] = useState("");
  const search = useDebouncedValue(input.trim());
  const products = useReceivingProducts(search);
  return (
    <Autocomplete
      options={products.data ?? []}
      value={value}
      onChange={(_, picked) => onPick(picked)}
      inputValue={input}
      onInputChange={(_, text) => setInput(text)}
      getOptionLabel={(product) => `${product.code} - ${product.name}`}
      isOptionEqualToValue={(option, picked) => option.id === picked.id}
      filterOptions={(options) => options}
      loading={products.isFetching}
      disabled={disabled}
      noOptionsText={search ? "No product matches" : "Type a name, code or barcode"}
      sx={{ minWidth: 240 }}
      renderInput={(params) => (
        <TextField {...params} size="small" label={label} error={error !== undefined} helperText={error ?? " "} />
      )}
    />
  );
}

/** The units a line's product may be received in. */
export function UnitSelect({
  inputRef,
  field,
  value,
  units,
  error,
  disabled,
  label,
}: {
  inputRef: Ref<HTMLInputElement>;
  field: { name: string; onChange: (value: number) => void; onBlur: () => void };
  value: number | "";
  units: readonly { uomId: number; name: string }[];
  error?: string;
  disabled: boolean;
  label: string;
}) {
  return (
    <TextField
      select
      size="small"
      label="UOM"
      name={field.name}
      inputRef={inputRef}
      value={units.some((unit) => unit.uomId === value) ? value : ""}
      onChange={(event) => field.onChange(Number(event.target.value))}
      onBlur={field.onBlur}
      disabled={disabled || units.length === 0}
      error={error !== undefined}
      helperText={error ?? " "}
      sx={{ width: 110 }}
      slotProps={{ htmlInput: { "aria-label": label } }}
    >
      {units.map((unit) => (
        <MenuItem key={unit.uomId} value={unit.uomId}>
          {unit.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
