import {
  formatMinor,
  type IssuanceCreate,
  type issuanceCreateSchema,
  MICRO,
  mulDivRound,
  parseMinor,
  parseQtyMicro,
  type StockBalanceRow,
  type unitRowSchema,
} from "@cargodesk/shared";
import { Autocomplete, MenuItem, TableCell, TextField } from "@mui/material";
import { type Control, Controller, useFieldArray, useWatch } from "react-hook-form";
import type { z } from "zod";
import { BoundField } from "../../components/FormFields";
import { CellNumberInput, LineGrid, LineRow } from "../../components/LineGrid";

export type UnitRow = z.infer<typeof unitRowSchema>;
export type IssuanceForm = IssuanceCreate;
export type IssuanceControl = Control<IssuanceForm, unknown, z.output<typeof issuanceCreateSchema>>;
export const EMPTY_LINE = { storeProductId: 0, qty: 1, uomId: 0 };

const qtyText = (value: number) => value.toLocaleString("en-US", { maximumFractionDigits: 3 });

/** A line's quantity in the product's stock unit (same dimension: by the units' factors), or null. */
export function stockQtyMicro(qty: number, unit: UnitRow | undefined, stockUnit: UnitRow | undefined): bigint | null {
  const micro = parseQtyMicro(qty);
  if (micro === null || !unit || !stockUnit) return null;
  if (unit.uomId === stockUnit.uomId) return micro;
  const from = parseQtyMicro(unit.factor);
  const to = parseQtyMicro(stockUnit.factor);
  if (from === null || to === null || to === 0n || unit.dimension !== stockUnit.dimension) return null;
  return mulDivRound(micro, from, to);
}

/** The value a line takes out at the source's average: qty x average, to the paisa (the server's figure may differ by rounding). */
function lineValue(stockMicro: bigint | null, product: StockBalanceRow | undefined): string {
  if (stockMicro === null || !product || product.averageRate === null) return "";
  const rate = parseMinor(product.averageRate);
  return rate === null ? "" : formatMinor(mulDivRound(rate, stockMicro, MICRO));
}

/**
 * The lines grid: product (searched by name or code among what the source holds), quantity, unit
 * (any unit of the stock unit's dimension), available at the source, average rate and value.
 */
export function IssuanceLinesGrid({
  control,
  products,
  units,
  disabled,
}: {
  control: IssuanceControl;
  products: readonly StockBalanceRow[];
  units: readonly UnitRow[];
  disabled: boolean;
}) {
  const lines = useFieldArray({ control, name: "lines" });
  const watched = useWatch({ control, name: "lines" }) ?? [];
  const byId = new Map(products.map((product) => [product.storeProductId, product]));
  const unitById = new Map(units.map((unit) => [unit.uomId, unit]));
  return (
    <LineGrid
      label="Issuance lines"
      headings={[
        "#",
        "Product",
        "Qty",
        "UOM",
        { label: "Available", align: "right" },
        { label: "Average Rate", align: "right" },
        { label: "Value", align: "right" },
      ]}
      onAdd={() => lines.append({ ...EMPTY_LINE })}
      disabled={disabled}
    >
      {lines.fields.map((row, index) => {
        const line = watched[index];
        const product = byId.get(Number(line?.storeProductId));
        const stockUnit = product ? unitById.get(product.stockUomId) : undefined;
        const choices = stockUnit ? units.filter((unit) => unit.dimension === stockUnit.dimension) : [];
        const stockMicro = stockQtyMicro(Number(line?.qty), unitById.get(Number(line?.uomId)), stockUnit);
        return (
          <LineRow key={row.id} index={index} count={lines.fields.length} onRemove={lines.remove} disabled={disabled}>
            <TableCell>
              <Controller
                control={control}
                name={`lines.${index}.storeProductId`}
                render={({ field, fieldState }) => (
                  <Autocomplete
                    options={products}
                    value={byId.get(Number(field.value)) ?? null}
                    onChange={(_, picked) => {
                      field.onChange(picked?.storeProductId ?? 0);
                      lines.update(index, {
                        storeProductId: picked?.storeProductId ?? 0,
                        qty: Number(line?.qty) || 1,
                        uomId: picked?.stockUomId ?? 0,
                      });
                    }}
                    getOptionLabel={(option) => `${option.code} - ${option.name}`}
                    isOptionEqualToValue={(option, value) => option.storeProductId === value.storeProductId}
                    disabled={disabled}
                    noOptionsText="No product matches"
                    sx={{ minWidth: 260 }}
                    renderInput={(params) => (
                      <TextField
                        {...params}
                        size="small"
                        label={`Product of line ${index + 1}`}
                        onBlur={field.onBlur}
                        error={fieldState.error !== undefined}
                        helperText={fieldState.error?.message}
                      />
                    )}
                  />
                )}
              />
            </TableCell>
            <TableCell>
              <CellNumberInput
                control={control}
                name={`lines.${index}.qty`}
                label={`Qty of line ${index + 1}`}
                disabled={disabled}
                hint={null}
                width={150}
              />
            </TableCell>
            <TableCell>
              <BoundField
                control={control}
                name={`lines.${index}.uomId`}
                select
                size="small"
                fullWidth={false}
                label="UOM"
                hint={null}
                show={(value) => (choices.some((unit) => unit.uomId === Number(value)) ? Number(value) : "")}
                parse={(input) => Number(input.value)}
                disabled={disabled || choices.length === 0}
                slotProps={{ htmlInput: { "aria-label": `UOM of line ${index + 1}` } }}
                sx={{ width: 100 }}
              >
                {choices.map((unit) => (
                  <MenuItem key={unit.uomId} value={unit.uomId}>
                    {unit.symbol}
                  </MenuItem>
                ))}
              </BoundField>
            </TableCell>
            <TableCell align="right" sx={{ pt: 2, whiteSpace: "nowrap" }} data-testid={`available-${index + 1}`}>
              {product ? `${qtyText(product.qty)} ${product.stockUom}` : ""}
            </TableCell>
            <TableCell align="right" sx={{ pt: 2 }}>
              {product?.averageRate != null ? formatMinor(parseMinor(product.averageRate) ?? 0n) : ""}
            </TableCell>
            <TableCell align="right" sx={{ pt: 2 }} data-testid={`value-${index + 1}`}>
              {lineValue(stockMicro, product)}
            </TableCell>
          </LineRow>
        );
      })}
    </LineGrid>
  );
}
