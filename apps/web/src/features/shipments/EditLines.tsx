import { formatMinor, toMinor } from "@cargodesk/shared";
import AddIcon from "@mui/icons-material/Add";
import DeleteOutlineIcon from "@mui/icons-material/DeleteOutlined";
import { Box, IconButton, Paper, Tooltip, Typography } from "@mui/material";
import { useEffect } from "react";
import { type Control, type UseFormSetValue, useFieldArray, useWatch } from "react-hook-form";
import { TypedField } from "../../components/TypedField";
import type { CountryRow } from "../master-data/api";
import { FormSelect, type Option, OriginField } from "./edit-fields";
import { blankLine, type EditForm, type LineForm, lineIncomplete } from "./edit-form";

interface EditLinesProps {
  control: Control<EditForm>;
  setValue: UseFormSetValue<EditForm>;
  units: readonly Option[];
  currencies: readonly (Option & { code: string })[];
  countries: readonly CountryRow[];
}

/** value x quantity in the line's currency, e.g. "1,250.00 USD"; blank until both are numbers. */
function lineTotal(line: LineForm | undefined, currencies: EditLinesProps["currencies"]): string {
  if (!line) return "";
  const value = toMinor(line.value);
  const quantity = Number(line.quantity);
  if (value === null || line.value.trim() === "" || !Number.isInteger(quantity)) return "";
  const code = currencies.find((currency) => currency.value === line.currency_id)?.code ?? "";
  return `${formatMinor(value * quantity)} ${code}`.trim();
}

/**
 * A Pack shipment's item lines. The currency is chosen on the first line and copied to the others;
 * a line is added only when the last one is filled, and removed only while more than one is left.
 */
export function EditLines({ control, setValue, units, currencies, countries }: EditLinesProps) {
  const { fields, append, remove } = useFieldArray({ control, name: "lines" });
  const lines = useWatch({ control, name: "lines" });
  const firstCurrency = lines[0]?.currency_id ?? "";

  useEffect(() => {
    lines.forEach((line, index) => {
      if (index > 0 && line.currency_id !== firstCurrency) {
        setValue(`lines.${index}.currency_id`, firstCurrency, { shouldDirty: true });
      }
    });
  }, [lines, firstCurrency, setValue]);

  const last = lines[lines.length - 1];
  const canAdd = last !== undefined && !lineIncomplete(last);

  return (
    <Box sx={{ display: "grid", gap: 1.5 }}>
      {fields.map((field, index) => (
        <Paper
          key={field.id}
          variant="outlined"
          role="group"
          aria-label={`Item ${index + 1}`}
          sx={{ p: 2, display: "grid", gap: 1.5, gridTemplateColumns: { xs: "1fr", md: "repeat(4, 1fr)" } }}
        >
          <Box sx={{ gridColumn: { md: "span 2" } }}>
            <TypedField control={control} name={`lines.${index}.desc`} label="Description" required />
          </Box>
          <TypedField control={control} name={`lines.${index}.code`} label="HS Code" required maxLength={20} />
          <OriginField control={control} name={`lines.${index}.country_id`} label="Origin" countries={countries} />
          <TypedField control={control} name={`lines.${index}.quantity`} label="Quantity" mode="digits" required />
          <FormSelect control={control} name={`lines.${index}.uom_id`} label="Unit" options={units} required />
          <FormSelect
            control={control}
            name={`lines.${index}.currency_id`}
            label="Currency"
            options={currencies}
            required
            disabled={index > 0}
          />
          <TypedField control={control} name={`lines.${index}.value`} label="Value" mode="decimal" required />
          <Box sx={{ gridColumn: "1 / -1", display: "flex", alignItems: "center", gap: 1 }}>
            <Typography variant="body2" sx={{ mr: "auto" }}>
              Total: <strong>{lineTotal(lines[index], currencies) || "—"}</strong>
            </Typography>
            {index === fields.length - 1 ? (
              <Tooltip title={canAdd ? "" : "Fill in this line first"}>
                <span>
                  <IconButton
                    aria-label="Add item"
                    disabled={!canAdd}
                    onClick={() => append(blankLine(firstCurrency))}
                    color="primary"
                  >
                    <AddIcon />
                  </IconButton>
                </span>
              </Tooltip>
            ) : null}
            <IconButton
              aria-label={`Remove item ${index + 1}`}
              disabled={fields.length <= 1}
              onClick={() => remove(index)}
            >
              <DeleteOutlineIcon />
            </IconButton>
          </Box>
        </Paper>
      ))}
    </Box>
  );
}
