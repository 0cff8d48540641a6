import type { DealVariant } from "@cargodesk/shared";
import { Autocomplete, Box, TextField } from "@mui/material";
import { useState } from "react";
import { money } from "../../lib/format";
import { useDebouncedValue } from "../../lib/hooks";
import { useDealVariants } from "./api";
import type { KnownVariant } from "./deal-form";

interface VariantPickerProps {
  /** The chosen variant's id; 0 while none is chosen. */
  value: number;
  /** Labels and prices of variants already named (the stored deal's, earlier picks). */
  known: ReadonlyMap<number, KnownVariant>;
  onPick: (variant: DealVariant | null) => void;
  onBlur: () => void;
  inputRef: (element: HTMLInputElement | null) => void;
  /** The field's label, e.g. "Variant of line 1". */
  label: string;
  error: string | undefined;
  disabled: boolean;
}

/**
 * Searches the variants a deal may offer (active variants of products on the POS) by name, size,
 * flavour, code or barcode as the user types; shows each with its list price.
 */
export function VariantPicker({ value, known, onPick, onBlur, inputRef, label, error, disabled }: VariantPickerProps) {
  const [text, setText] = useState("");
  const search = useDebouncedValue(text.trim());
  const variants = useDealVariants(search);
  const current = known.get(value);
  const selected: DealVariant | null =
    value > 0
      ? { variantId: value, productCode: "", label: current?.label ?? `#${value}`, price: current?.price ?? 0 }
      : null;
  return (
    <Autocomplete
      value={selected}
      options={variants.data?.data ?? []}
      loading={variants.isFetching}
      disabled={disabled}
      filterOptions={(options) => options}
      isOptionEqualToValue={(option, chosen) => option.variantId === chosen.variantId}
      getOptionLabel={(option) => option.label}
      onInputChange={(_, typed, reason) => {
        if (reason === "input") setText(typed);
      }}
      onChange={(_, variant) => {
        setText("");
        onPick(variant);
      }}
      onBlur={onBlur}
      noOptionsText={search ? `No variant on the POS matches "${search}"` : "No variant on the POS yet"}
      renderOption={({ key, ...props }, option) => (
        <Box component="li" key={key} {...props} sx={{ display: "flex", gap: 2, justifyContent: "space-between" }}>
          <span>{option.label}</span>
          <Box component="span" sx={{ color: "text.secondary", whiteSpace: "nowrap" }}>
            {money(option.price)}
          </Box>
        </Box>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          inputRef={inputRef}
          size="small"
          label={label}
          placeholder="Search products"
          error={error !== undefined}
          helperText={error}
          sx={{ minWidth: 260 }}
        />
      )}
    />
  );
}
