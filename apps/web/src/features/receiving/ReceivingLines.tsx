import {
  type CostedLine,
  formatMinor,
  type ReceivingCreateForm,
  type ReceivingCreateInput,
  type ReceivingProduct,
} from "@cargodesk/shared";
import AddIcon from "@mui/icons-material/Add";
import DeleteIcon from "@mui/icons-material/Delete";
import { Box, Button, Checkbox, IconButton, TableCell, Tooltip, Typography } from "@mui/material";
import { type Control, Controller, useFieldArray } from "react-hook-form";
import { BoundField } from "../../components/FormFields";
import { CellNumberInput, LineGrid, LineRow } from "../../components/LineGrid";
import { ProductPicker, UnitSelect } from "./ReceivingPickers";

export type FormControl = Control<ReceivingCreateForm, unknown, ReceivingCreateInput>;

/** An empty line: the product is picked first. */
export const EMPTY_LINE = { storeProductId: 0, qty: 1, uomId: 0, unitCost: 0, discount: 0, taxRate: 0, free: false };

/** The lines grid: product (search or scan), quantity, unit, unit cost, discount, tax %, free tick and line total. */
export function LinesGrid({
  control,
  costed,
  products,
  productIds,
  onProduct,
  disabled,
}: {
  control: FormControl;
  costed: readonly CostedLine[];
  /** Each line's chosen product, as the form holds it now. */
  productIds: readonly number[];
  products: ReadonlyMap<number, ReceivingProduct>;
  onProduct: (index: number, product: ReceivingProduct | null) => void;
  disabled: boolean;
}) {
  const lines = useFieldArray({ control, name: "lines" });
  return (
    <LineGrid
      label="Receiving lines"
      headings={[
        "#",
        "Product",
        "Qty",
        "UOM",
        "Unit Cost",
        "Discount",
        "Tax %",
        "Free",
        { label: "Line Total", align: "right" },
      ]}
      onAdd={() => lines.append({ ...EMPTY_LINE })}
      disabled={disabled}
    >
      {lines.fields.map((row, index) => {
        const cost = costed[index];
        return (
          <LineRow key={row.id} index={index} count={lines.fields.length} onRemove={lines.remove} disabled={disabled}>
            <TableCell>
              <Controller
                control={control}
                name={`lines.${index}.storeProductId`}
                render={({ field, fieldState }) => (
                  <ProductPicker
                    label={`Product of line ${index + 1}`}
                    value={products.get(Number(field.value)) ?? null}
                    onPick={(product) => onProduct(index, product)}
                    error={fieldState.error?.message}
                    disabled={disabled}
                  />
                )}
              />
            </TableCell>
            <TableCell>
              <CellNumberInput
                control={control}
                name={`lines.${index}.qty`}
                label="Qty"
                disabled={disabled}
                width={100}
              />
            </TableCell>
            <TableCell>
              <Controller
                control={control}
                name={`lines.${index}.uomId`}
                render={({ field: { ref, value, ...field }, fieldState }) => (
                  <UnitSelect
                    inputRef={ref}
                    field={field}
                    value={Number(value) || ""}
                    units={products.get(productIds[index] ?? 0)?.units ?? []}
                    error={fieldState.error?.message}
                    disabled={disabled}
                    label={`UOM of line ${index + 1}`}
                  />
                )}
              />
            </TableCell>
            <TableCell>
              <CellNumberInput
                control={control}
                name={`lines.${index}.unitCost`}
                label="Unit Cost"
                disabled={disabled}
              />
            </TableCell>
            <TableCell>
              <CellNumberInput
                control={control}
                name={`lines.${index}.discount`}
                label="Discount"
                disabled={disabled}
                width={100}
              />
            </TableCell>
            <TableCell>
              <CellNumberInput
                control={control}
                name={`lines.${index}.taxRate`}
                label="Tax %"
                disabled={disabled}
                width={80}
              />
            </TableCell>
            <TableCell>
              <Controller
                control={control}
                name={`lines.${index}.free`}
                render={({ field: { value, onChange, ...field } }) => (
                  <Tooltip title="Free or sample: a zero cost is meant">
                    <Checkbox
                      {...field}
                      checked={value ?? false}
                      onChange={(event) => onChange(event.target.checked)}
                      disabled={disabled}
                      slotProps={{ input: { "aria-label": `Line ${index + 1} is free or a sample` } }}
                    />
                  </Tooltip>
                )}
              />
            </TableCell>
            <TableCell align="right" sx={{ pt: 2, whiteSpace: "nowrap" }} data-testid={`line-total-${index + 1}`}>
              {cost ? formatMinor(cost.netMinor + cost.taxMinor) : ""}
            </TableCell>
          </LineRow>
        );
      })}
    </LineGrid>
  );
}

/** Extra charges (freight, loading), shared over the lines by value. */
export function ChargesGrid({ control, disabled }: { control: FormControl; disabled: boolean }) {
  const charges = useFieldArray({ control, name: "charges" });
  return (
    <Box>
      <Typography variant="subtitle1" component="h3" sx={{ mb: 1 }}>
        Extra charges
      </Typography>
      {charges.fields.length === 0 ? (
        <Typography variant="body2" sx={{ color: "text.secondary" }}>
          No charges. Freight or loading added here is shared over the lines by value.
        </Typography>
      ) : null}
      {charges.fields.map((row, index) => (
        <Box
          key={row.id}
          sx={{ display: "flex", gap: 1, alignItems: "flex-start", mb: 1 }}
          data-testid={`charge-${index + 1}`}
        >
          <BoundField
            control={control}
            name={`charges.${index}.label`}
            size="small"
            fullWidth={false}
            label="Charge"
            disabled={disabled}
          />
          <CellNumberInput
            control={control}
            name={`charges.${index}.amount`}
            label="Amount"
            disabled={disabled}
            width={140}
          />
          <IconButton
            aria-label={`Remove charge ${index + 1}`}
            onClick={() => charges.remove(index)}
            disabled={disabled}
          >
            <DeleteIcon fontSize="small" />
          </IconButton>
        </Box>
      ))}
      <Button
        startIcon={<AddIcon />}
        onClick={() => charges.append({ label: charges.fields.length === 0 ? "Freight" : "", amount: 0 })}
        disabled={disabled}
      >
        Add charge
      </Button>
    </Box>
  );
}
