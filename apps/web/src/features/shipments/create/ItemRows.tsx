import { round2, SHIPMENT_MESSAGES } from "@cargodesk/shared";
import AddIcon from "@mui/icons-material/Add";
import DeleteOutlinedIcon from "@mui/icons-material/DeleteOutlined";
import { Box, Button, IconButton, Paper, Snackbar, Tooltip, Typography } from "@mui/material";
import { type Dispatch, type ReactNode, useState } from "react";
import type { CountryRow, CurrencyRow } from "../../master-data/api";
import { CountryPicker } from "../../master-data/fields";
import { CODE_MIN, itemLineFilled, quantityError } from "./draft";
import { SelectInput, TextInput } from "./fields";
import type { Unit } from "./lookups";
import type { ItemLine, WizardAction } from "./state";

export interface ItemRowsProps {
  lines: readonly ItemLine[];
  units: readonly Unit[];
  currencies: readonly CurrencyRow[];
  countries: readonly CountryRow[];
  dispatch: Dispatch<WizardAction>;
}

const money = (value: number) => value.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const rowTotal = (line: ItemLine) => round2((Number(line.value) || 0) * (Number(line.quantity) || 0));

function lineErrors(line: ItemLine) {
  return {
    code: line.code !== "" && line.code.trim().length < CODE_MIN ? SHIPMENT_MESSAGES.code8 : undefined,
    quantity: quantityError(line.quantity),
    value: line.value !== "" && !(Number(line.value) >= 0) ? SHIPMENT_MESSAGES.value : undefined,
  };
}

/**
 * The customs lines of a Pack shipment. The currency is chosen on the first row and copied to the
 * others; a row can be added once the last one is filled, and removed while more than one is left.
 */
export function ItemRows({ lines, units, currencies, countries, dispatch }: ItemRowsProps) {
  // A deleted row with anything typed in it can be put back (Undo) until the next deletion.
  const [removed, setRemoved] = useState<{ index: number; line: ItemLine } | null>(null);
  const remove = (index: number) => {
    const line = lines[index];
    dispatch({ type: "removeLine", index });
    if (line && (line.desc || line.code || line.quantity || line.value || line.country_id)) setRemoved({ index, line });
  };
  const usd = currencies.find((currency) => currency.code.toUpperCase() === "USD");
  const rateOf = (id: number | "") => currencies.find((currency) => currency.id === id)?.rate;
  // The total is shown in USD: each row converted through the currencies' rates to PKR.
  const totalUsd = lines.reduce((sum, line) => {
    const rate = rateOf(line.currency_id);
    return usd && rate ? sum + (rowTotal(line) * rate) / usd.rate : sum;
  }, 0);
  const last = lines.at(-1);
  const canAdd = last !== undefined && itemLineFilled(last);
  const currencyChoices = currencies.map((currency) => ({ value: currency.id, label: currency.code }));
  const codeOf = (id: number | "") => currencies.find((currency) => currency.id === id)?.code ?? "";

  return (
    <Box sx={{ display: "grid", gap: 1.5 }}>
      {lines.map((line, index) => {
        const errors = lineErrors(line);
        const set = (values: Partial<ItemLine>) => dispatch({ type: "lineField", index, values });
        return (
          <Paper
            // Rows have no id of their own; removing one re-renders those after it.
            // biome-ignore lint/suspicious/noArrayIndexKey: the position is the row's identity here
            key={index}
            variant="outlined"
            role="group"
            aria-label={`Item ${index + 1}`}
            sx={{
              p: 1.5,
              display: "grid",
              gap: 1.5,
              alignItems: "start",
              // Two lines on wide screens: what the item is, then its money and origin.
              gridTemplateColumns: { xs: "1fr 1fr", md: "repeat(12, minmax(0, 1fr)) 40px" },
            }}
          >
            <Cell span={5}>
              <TextInput
                dense
                required
                label="Description"
                value={line.desc}
                maxLength={200}
                onChange={(desc) => set({ desc })}
              />
            </Cell>
            <Cell span={3}>
              <TextInput
                dense
                required
                label="HS Code"
                value={line.code}
                maxLength={20}
                error={errors.code}
                onChange={(code) => set({ code })}
              />
            </Cell>
            <Cell span={2}>
              <TextInput
                dense
                required
                label="Quantity"
                mode="digits"
                value={line.quantity}
                maxLength={7}
                error={errors.quantity}
                onChange={(quantity) => set({ quantity })}
              />
            </Cell>
            <Cell span={2}>
              <SelectInput
                dense
                required
                label="Unit"
                value={line.uom_id}
                choices={units.map((unit) => ({ value: unit.uomId, label: unit.uomName }))}
                onChange={(uom_id) => set({ uom_id })}
              />
            </Cell>
            <Cell span={2}>
              <SelectInput
                dense
                required
                label="Currency"
                value={line.currency_id}
                choices={currencyChoices}
                // Chosen on the first row only; the others follow it.
                disabled={index > 0}
                onChange={(currency_id) => set({ currency_id })}
              />
            </Cell>
            <Cell span={2}>
              <TextInput
                dense
                required
                label="Value"
                mode="decimal"
                value={line.value}
                maxLength={12}
                error={errors.value}
                onChange={(value) => set({ value })}
              />
            </Cell>
            <Cell span={4}>
              <CountryPicker
                dense
                required
                label="Origin"
                countries={countries}
                value={line.country_id}
                onChange={(country_id) => set({ country_id })}
              />
            </Cell>
            <Box sx={{ gridColumn: { md: "span 4" } }}>
              <Typography variant="caption" sx={{ color: "text.secondary", display: "block", lineHeight: 1.2 }}>
                Total
              </Typography>
              <Typography data-testid={`item-total-${index + 1}`}>
                {money(rowTotal(line))} {codeOf(line.currency_id)}
              </Typography>
            </Box>
            <Tooltip title={lines.length > 1 ? "Remove this row" : "At least one row is needed"}>
              <Box component="span" sx={{ gridColumn: { md: "13" }, gridRow: { md: "1 / span 2" } }}>
                <IconButton
                  aria-label={`Remove item ${index + 1}`}
                  disabled={lines.length <= 1}
                  onClick={() => remove(index)}
                >
                  <DeleteOutlinedIcon />
                </IconButton>
              </Box>
            </Tooltip>
          </Paper>
        );
      })}
      <Box sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", gap: 2 }}>
        <Button startIcon={<AddIcon />} onClick={() => dispatch({ type: "addLine" })} disabled={!canAdd}>
          Add item
        </Button>
        {!canAdd ? (
          <Typography variant="body2" sx={{ color: "text.secondary" }}>
            Fill in the last row to add another.
          </Typography>
        ) : null}
        <Typography sx={{ ml: "auto" }} data-testid="items-total-usd">
          Total value: <strong>{money(round2(totalUsd))} USD</strong>
        </Typography>
      </Box>
      <Snackbar
        open={removed !== null}
        autoHideDuration={10_000}
        onClose={(_, reason) => reason !== "clickaway" && setRemoved(null)}
        message={removed ? `Item ${removed.index + 1} (${removed.line.desc || "unnamed"}) deleted` : ""}
        action={
          <Button
            color="inherit"
            size="small"
            onClick={() => {
              if (removed) dispatch({ type: "insertLine", index: removed.index, line: removed.line });
              setRemoved(null);
            }}
          >
            Undo
          </Button>
        }
      />
    </Box>
  );
}

/** A cell spanning `span` of the row's twelve columns on wide screens. */
function Cell({ span, children }: { span: number; children: ReactNode }) {
  return <Box sx={{ gridColumn: { md: `span ${span}` }, minWidth: 0 }}>{children}</Box>;
}
