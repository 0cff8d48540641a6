import type { ProductForm, ProductInput, ProductStoreOption, ProductTracking } from "@cargodesk/shared";
import {
  Alert,
  Autocomplete,
  Box,
  Checkbox,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from "@mui/material";
import { useState } from "react";
import { type Control, Controller, useFormState } from "react-hook-form";
import { NumberInput } from "../../components/NumberInput";
import { useDebouncedValue } from "../../lib/hooks";
import { useStoreProductOptions } from "./api";
import type { GridCell } from "./grid";

type FormControl = Control<ProductForm, unknown, ProductInput>;

/** The store product a direct-tracked cell takes from stock, searched by code or name. */
function StorePicker({
  control,
  index,
  label,
  chosenIds,
  disabled,
}: {
  control: FormControl;
  index: number;
  label: string;
  chosenIds: readonly number[];
  disabled: boolean;
}) {
  const [search, setSearch] = useState("");
  const settled = useDebouncedValue(search.trim());
  const options = useStoreProductOptions(settled, chosenIds);
  const list: ProductStoreOption[] = options.data ?? [];
  return (
    <Controller
      control={control}
      name={`variants.${index}.directStoreProductId`}
      render={({ field, fieldState }) => (
        <Autocomplete
          size="small"
          options={list}
          value={list.find((option) => option.id === field.value) ?? null}
          onChange={(_event, option) => field.onChange(option?.id ?? null)}
          onInputChange={(_event, text, reason) => {
            if (reason === "input") setSearch(text);
          }}
          getOptionLabel={(option) => `${option.code} ${option.name} (${option.unit})`}
          isOptionEqualToValue={(option, value) => option.id === value.id}
          filterOptions={(shown) => shown}
          loading={options.isFetching}
          disabled={disabled}
          sx={{ minWidth: 220 }}
          renderInput={(params) => (
            <TextField
              {...params}
              inputRef={field.ref}
              onBlur={field.onBlur}
              error={fieldState.error !== undefined}
              helperText={fieldState.error?.message}
              slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, "aria-label": label } }}
            />
          )}
        />
      )}
    />
  );
}

/** A message the server or the schema put on a whole cell (a repeated size and flavour). */
function CellMessage({ control, index }: { control: FormControl; index: number }) {
  const { errors } = useFormState({ control, name: `variants.${index}` });
  const message = errors.variants?.[index]?.message;
  return message ? (
    <Typography variant="caption" sx={{ color: "error.main", display: "block" }}>
      {message}
    </Typography>
  ) : null;
}

/**
 * The variant grid: one row per size x flavour with price, barcode (blank: none) and active; with
 * direct tracking also the store product and the quantity one sale takes.
 */
export function VariantGrid({
  control,
  cells,
  names,
  track,
  disabled,
}: {
  control: FormControl;
  cells: readonly GridCell[];
  /** "Large Spicy" for each cell, in the same order. */
  names: readonly string[];
  track: ProductTracking;
  disabled: boolean;
}) {
  const { errors } = useFormState({ control, name: "variants" });
  const direct = track === "direct";
  const chosenIds = cells.flatMap((cell) => (cell.directStoreProductId !== null ? [cell.directStoreProductId] : []));
  return (
    <Box>
      <Typography variant="subtitle1" component="h3" sx={{ mb: 1 }}>
        Variants ({cells.length})
      </Typography>
      {errors.variants?.root?.message || errors.variants?.message ? (
        <Alert severity="error" sx={{ mb: 1 }}>
          {errors.variants?.root?.message ?? errors.variants?.message}
        </Alert>
      ) : null}
      <Box sx={{ overflowX: "auto" }}>
        <Table size="small" aria-label="Variant grid">
          <TableHead>
            <TableRow>
              <TableCell>Variant</TableCell>
              <TableCell>Price *</TableCell>
              <TableCell>Barcode</TableCell>
              {direct ? <TableCell>Store product *</TableCell> : null}
              {direct ? <TableCell>Quantity per sale *</TableCell> : null}
              <TableCell>Active</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {cells.map((cell, index) => {
              const name = names[index] || "Single variant";
              return (
                <TableRow key={`${cell.sizeId ?? 0}x${cell.flavourId ?? 0}`} data-testid={`variant-row-${index}`}>
                  <TableCell sx={{ whiteSpace: "nowrap" }}>
                    {name}
                    <CellMessage control={control} index={index} />
                  </TableCell>
                  <TableCell>
                    <NumberInput
                      compact
                      control={control}
                      name={`variants.${index}.price`}
                      label={`Price of ${name}`}
                      disabled={disabled}
                      empty={null}
                    />
                  </TableCell>
                  <TableCell>
                    <Controller
                      control={control}
                      name={`variants.${index}.barcode`}
                      render={({ field: { ref, value, ...field }, fieldState }) => (
                        <TextField
                          {...field}
                          size="small"
                          inputRef={ref}
                          value={value ?? ""}
                          disabled={disabled}
                          error={fieldState.error !== undefined}
                          helperText={fieldState.error?.message}
                          placeholder="None"
                          slotProps={{ htmlInput: { "aria-label": `Barcode of ${name}` } }}
                          sx={{ width: 170 }}
                        />
                      )}
                    />
                  </TableCell>
                  {direct ? (
                    <TableCell>
                      <StorePicker
                        control={control}
                        index={index}
                        label={`Store product of ${name}`}
                        chosenIds={chosenIds}
                        disabled={disabled}
                      />
                    </TableCell>
                  ) : null}
                  {direct ? (
                    <TableCell>
                      <NumberInput
                        compact
                        control={control}
                        name={`variants.${index}.directQty`}
                        label={`Quantity per sale of ${name}`}
                        disabled={disabled}
                        empty={null}
                      />
                    </TableCell>
                  ) : null}
                  <TableCell>
                    <Controller
                      control={control}
                      name={`variants.${index}.active`}
                      render={({ field: { value, onChange, onBlur } }) => (
                        <Checkbox
                          onBlur={onBlur}
                          checked={value ?? true}
                          onChange={(event) => onChange(event.target.checked)}
                          disabled={disabled}
                          slotProps={{ input: { "aria-label": `${name} active` } }}
                        />
                      )}
                    />
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </Box>
    </Box>
  );
}
