import type { StoreProductCreate, StoreProductCreateInput } from "@cargodesk/shared";
import { Autocomplete, Box, MenuItem, TextField } from "@mui/material";
import { type Control, Controller } from "react-hook-form";
import { TextInput } from "../../components/FormFields";
import { NumberInput } from "../../components/NumberInput";
import { useUnits } from "../units/api";
import { useStoreProductGroups } from "./api";

export type ProductControl = Control<StoreProductCreateInput, unknown, StoreProductCreate>;

export const EMPTY_PRODUCT: StoreProductCreateInput = {
  code: "",
  name: "",
  group: "",
  stockUomId: "",
  purchaseUomId: null,
  purchaseFactor: null,
  reorderLevel: 0,
  parLevel: 0,
  barcode: "",
  openingQty: null,
  openingUnitCost: null,
};

/** The request fields a server error may name, for applyFieldIssues. */
export const PRODUCT_FIELDS = [
  "code",
  "name",
  "group",
  "stockUomId",
  "purchaseUomId",
  "purchaseFactor",
  "reorderLevel",
  "parLevel",
  "barcode",
  "openingQty",
  "openingUnitCost",
] as const;

/**
 * The fields of one store product, for the upload screen's Add one form and the list's Edit
 * dialog; the opening quantity and cost only when adding.
 */
export function StoreProductFields({
  control,
  disabled,
  opening,
}: {
  control: ProductControl;
  disabled: boolean;
  opening: boolean;
}) {
  const units = useUnits();
  const groups = useStoreProductGroups();
  const unitLabel = (unit: { uomName: string; symbol: string; dimension: string }) =>
    `${unit.uomName}${unit.symbol ? ` (${unit.symbol})` : ""} · ${unit.dimension}`;
  return (
    <Box
      sx={{ display: "grid", columnGap: 2, rowGap: 1, gridTemplateColumns: "repeat(auto-fill, minmax(220px, 1fr))" }}
    >
      <TextInput control={control} name="name" label="Name" required disabled={disabled} />
      <TextInput control={control} name="code" label="Code" disabled={disabled} hint="Left blank: the next SP-00001" />
      <Controller
        control={control}
        name="group"
        render={({ field: { ref, value, onChange, onBlur }, fieldState }) => (
          <Autocomplete
            freeSolo
            options={groups.data ?? []}
            value={value ?? ""}
            inputValue={value ?? ""}
            onInputChange={(_event, text) => onChange(text)}
            onChange={(_event, chosen) => onChange(chosen ?? "")}
            disabled={disabled}
            renderInput={(params) => (
              <TextField
                {...params}
                inputRef={ref}
                onBlur={onBlur}
                label="Group"
                error={fieldState.error !== undefined}
                helperText={fieldState.error?.message ?? "e.g. Meat, Dry, Drinks"}
              />
            )}
          />
        )}
      />
      <TextInput control={control} name="barcode" label="Barcode" disabled={disabled} />
      <Controller
        control={control}
        name="stockUomId"
        render={({ field: { ref, value, onChange, onBlur }, fieldState }) => (
          <TextField
            inputRef={ref}
            select
            required
            label="Stock UOM"
            value={value === null || value === undefined ? "" : String(value)}
            onChange={(event) => onChange(event.target.value === "" ? "" : Number(event.target.value))}
            onBlur={onBlur}
            disabled={disabled || units.isPending}
            error={fieldState.error !== undefined}
            helperText={fieldState.error?.message ?? "Quantities are kept in this unit"}
            fullWidth
          >
            {(units.data ?? []).map((unit) => (
              <MenuItem key={unit.uomId} value={String(unit.uomId)}>
                {unitLabel(unit)}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <Controller
        control={control}
        name="purchaseUomId"
        render={({ field: { ref, value, onChange, onBlur }, fieldState }) => (
          <TextField
            inputRef={ref}
            select
            label="Purchase UOM"
            value={value === null || value === undefined ? "" : String(value)}
            onChange={(event) => onChange(event.target.value === "" ? null : Number(event.target.value))}
            onBlur={onBlur}
            disabled={disabled || units.isPending}
            error={fieldState.error !== undefined}
            helperText={fieldState.error?.message ?? "Optional: the unit vendors sell in"}
            fullWidth
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          >
            <MenuItem value="">
              <em>Same as stock UOM</em>
            </MenuItem>
            {(units.data ?? []).map((unit) => (
              <MenuItem key={unit.uomId} value={String(unit.uomId)}>
                {unitLabel(unit)}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <NumberInput
        control={control}
        name="purchaseFactor"
        label="Purchase factor"
        empty={null}
        disabled={disabled}
        hint="Stock units in one purchase unit (carton = 24)"
      />
      <NumberInput control={control} name="reorderLevel" label="Reorder level" empty={0} disabled={disabled} />
      <NumberInput control={control} name="parLevel" label="Par level (kitchen)" empty={0} disabled={disabled} />
      {opening ? (
        <>
          <NumberInput
            control={control}
            name="openingQty"
            label="Opening quantity"
            empty={null}
            disabled={disabled}
            hint="In the stock UOM, into the Store"
          />
          <NumberInput
            control={control}
            name="openingUnitCost"
            label="Opening unit cost"
            empty={null}
            disabled={disabled}
            hint="Per stock unit"
          />
        </>
      ) : null}
    </Box>
  );
}
