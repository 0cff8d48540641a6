import { formatMinor, formatQty, type RecipeIngredient, type UnitRow } from "@cargodesk/shared";
import { Autocomplete, MenuItem, TableCell, TableRow, TextField } from "@mui/material";
import { LineGrid, RemoveLineCell } from "../../components/LineGrid";
import { type LineDraft, type LineFigures, unitsFor } from "./recipe-form";

interface RecipeLinesProps {
  lines: readonly LineDraft[];
  figures: readonly LineFigures[];
  ingredients: readonly RecipeIngredient[];
  units: readonly UnitRow[];
  /** Field messages by path (`lines.0.uomId`). */
  errors: Record<string, string>;
  disabled: boolean;
  onChange: (index: number, change: Partial<LineDraft>) => void;
  onAdd: () => void;
  onRemove: (index: number) => void;
}

const HEADINGS = [
  "Store product",
  { label: "Quantity", align: "right" },
  "Unit",
  { label: "Waste %", align: "right" },
  { label: "Stock per portion", align: "right" },
  { label: "Cost", align: "right" },
] as const;

/** The recipe's lines: product, quantity, a unit it converts from, waste %, and what it takes and costs per portion. */
export function RecipeLines({
  lines,
  figures,
  ingredients,
  units,
  errors,
  disabled,
  onChange,
  onAdd,
  onRemove,
}: RecipeLinesProps) {
  const byId = new Map(ingredients.map((ingredient) => [ingredient.id, ingredient]));
  return (
    <LineGrid label="Recipe lines" headings={HEADINGS} onAdd={onAdd} disabled={disabled}>
      {lines.map((line, index) => {
        const ingredient = line.storeProductId === null ? undefined : byId.get(line.storeProductId);
        const allowed = unitsFor(ingredient, units);
        const figure = figures[index];
        const error = (field: string) => errors[`lines.${index}.${field}`];
        const n = index + 1;
        return (
          <TableRow key={line.key}>
            <TableCell sx={{ minWidth: 200 }}>
              <Autocomplete
                options={ingredients as RecipeIngredient[]}
                value={ingredient ?? null}
                getOptionLabel={(option) => `${option.name} (${option.code})`}
                isOptionEqualToValue={(option, value) => option.id === value.id}
                disabled={disabled}
                onChange={(_event, option) =>
                  onChange(index, { storeProductId: option?.id ?? null, uomId: option?.stockUomId ?? null })
                }
                renderInput={(params) => (
                  <TextField
                    {...params}
                    size="small"
                    label={`Store product ${n}`}
                    error={Boolean(error("storeProductId"))}
                    helperText={error("storeProductId") ?? " "}
                  />
                )}
              />
            </TableCell>
            <TableCell>
              <TextField
                size="small"
                label={`Quantity ${n}`}
                value={line.qty}
                disabled={disabled}
                onChange={(event) => onChange(index, { qty: event.target.value })}
                error={Boolean(error("qty"))}
                helperText={error("qty") ?? " "}
                slotProps={{ htmlInput: { inputMode: "decimal" } }}
                sx={{ width: 100 }}
              />
            </TableCell>
            <TableCell>
              <TextField
                select
                size="small"
                label={`Unit ${n}`}
                value={allowed.some((unit) => unit.uomId === line.uomId) ? String(line.uomId) : ""}
                disabled={disabled || !ingredient}
                onChange={(event) => onChange(index, { uomId: Number(event.target.value) })}
                error={Boolean(error("uomId"))}
                helperText={error("uomId") ?? " "}
                sx={{ width: 110 }}
              >
                {allowed.map((unit) => (
                  <MenuItem key={unit.uomId} value={String(unit.uomId)}>
                    {unit.symbol || unit.uomName}
                    {ingredient?.packs.some((pack) => pack.uomId === unit.uomId) ? " (pack)" : ""}
                  </MenuItem>
                ))}
              </TextField>
            </TableCell>
            <TableCell>
              <TextField
                size="small"
                label={`Waste % ${n}`}
                value={line.waste}
                disabled={disabled}
                onChange={(event) => onChange(index, { waste: event.target.value })}
                error={Boolean(error("wasteBp"))}
                helperText={error("wasteBp") ?? " "}
                slotProps={{ htmlInput: { inputMode: "decimal" } }}
                sx={{ width: 100 }}
              />
            </TableCell>
            <TableCell align="right" sx={{ whiteSpace: "nowrap" }} data-testid={`stock-qty-${n}`}>
              {figure?.qtyMicro != null && ingredient ? `${formatQty(figure.qtyMicro, 6)} ${ingredient.stockUom}` : "—"}
            </TableCell>
            <TableCell align="right" sx={{ whiteSpace: "nowrap" }} data-testid={`line-cost-${n}`}>
              {figure?.cost != null ? formatMinor(figure.cost) : figure?.qtyMicro != null ? "no rate" : "—"}
            </TableCell>
            <RemoveLineCell index={index} count={lines.length} onRemove={onRemove} disabled={disabled} />
          </TableRow>
        );
      })}
    </LineGrid>
  );
}
