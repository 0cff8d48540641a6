import { resizePackages } from "@cargodesk/shared";
import {
  Box,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from "@mui/material";
import { type Control, Controller, useFieldArray, useWatch } from "react-hook-form";
import { kg } from "../../lib/format";
import { blankPackage, type EditForm, normalizedText, weightsOf } from "./edit-form";

type Dimension = "weight" | "length" | "width" | "height";
const DIMENSIONS: readonly { key: Dimension; header: string }[] = [
  { key: "weight", header: "Weight (kg)" },
  { key: "length", header: "Length (cm)" },
  { key: "width", header: "Width (cm)" },
  { key: "height", header: "Height (cm)" },
];

const decimalOnly = (value: string): string => {
  const kept = value.replace(/[^\d.-]/g, "");
  const point = kept.indexOf(".");
  return point === -1 ? kept : `${kept.slice(0, point + 1)}${kept.slice(point + 1).replace(/\./g, "")}`;
};

/** A weight or dimension cell: a value of 0 or less becomes 0.1 when the field is left. */
function DimensionField({
  control,
  name,
  label,
}: {
  control: Control<EditForm>;
  name: `packages.${number}.${Dimension}`;
  label: string;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field: { ref, value, onChange, onBlur }, fieldState }) => (
        <TextField
          inputRef={ref}
          size="small"
          value={value}
          onChange={(event) => onChange(decimalOnly(event.target.value))}
          onBlur={() => {
            onChange(normalizedText(value));
            onBlur();
          }}
          error={fieldState.error !== undefined || value.trim() === ""}
          helperText={fieldState.error?.message}
          slotProps={{ htmlInput: { inputMode: "decimal", "aria-label": label } }}
          sx={{ minWidth: 90 }}
        />
      )}
    />
  );
}

/**
 * The package rows: the number of packages adds or removes rows (at least 1, named BOX 1..n); each
 * row shows its dimensional weight (L x W x H / 5000) and chargeable weight (the larger, rounded up).
 */
export function EditPackages({ control }: { control: Control<EditForm> }) {
  const { fields, replace } = useFieldArray({ control, name: "packages" });
  const rows = useWatch({ control, name: "packages" });
  const total = rows.reduce((sum, row) => sum + weightsOf(row).chWeight, 0);

  return (
    <Box sx={{ display: "grid", gap: 1.5 }}>
      <Box sx={{ display: "flex", gap: 2, alignItems: "center", flexWrap: "wrap" }}>
        <TextField
          label="Number of Packages"
          type="number"
          value={rows.length}
          onChange={(event) => {
            const count = Math.min(200, Math.max(1, Math.floor(Number(event.target.value) || 1)));
            replace(resizePackages(rows, count, blankPackage));
          }}
          slotProps={{ htmlInput: { min: 1, max: 200 } }}
          sx={{ width: 200 }}
        />
        <Typography variant="body2" role="status">
          Total chargeable weight: <strong>{kg(total)}</strong>
        </Typography>
      </Box>
      <TableContainer>
        <Table size="small" aria-label="Packages">
          <TableHead>
            <TableRow>
              <TableCell>Name</TableCell>
              {DIMENSIONS.map((dimension) => (
                <TableCell key={dimension.key}>{dimension.header}</TableCell>
              ))}
              <TableCell align="right">Dimensional</TableCell>
              <TableCell align="right">Chargeable</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {fields.map((field, index) => {
              const row = rows[index];
              const weights = row ? weightsOf(row) : null;
              return (
                <TableRow key={field.id}>
                  <TableCell sx={{ whiteSpace: "nowrap" }}>{row?.name}</TableCell>
                  {DIMENSIONS.map((dimension) => (
                    <TableCell key={dimension.key}>
                      <DimensionField
                        control={control}
                        name={`packages.${index}.${dimension.key}`}
                        label={`${row?.name ?? `BOX ${index + 1}`} ${dimension.header}`}
                      />
                    </TableCell>
                  ))}
                  <TableCell align="right">{weights ? kg(weights.accWeight) : "—"}</TableCell>
                  <TableCell align="right">{weights ? kg(weights.chWeight) : "—"}</TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
    </Box>
  );
}
