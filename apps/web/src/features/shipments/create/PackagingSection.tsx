import { packageWeights } from "@cargodesk/shared";
import { Box, Paper, TextField, Typography } from "@mui/material";
import type { Dispatch } from "react";
import { packageErrors } from "./draft";
import { TextInput } from "./fields";
import type { PackageField, PackageLine, WizardAction } from "./state";

const CELLS: readonly { field: PackageField; label: string }[] = [
  { field: "weight", label: "Weight (kg)" },
  { field: "length", label: "Length (cm)" },
  { field: "width", label: "Width (cm)" },
  { field: "height", label: "Height (cm)" },
];

/** Weights of a row as typed: an empty or non-positive cell counts as 0.1, as the rule says. */
export function rowWeights(row: PackageLine) {
  return packageWeights({
    weight: Number(row.weight) || 0,
    length: Number(row.length) || 0,
    width: Number(row.width) || 0,
    height: Number(row.height) || 0,
  });
}

const filled = (row: PackageLine) => CELLS.every(({ field }) => row[field].trim() !== "");

export interface PackagingSectionProps {
  packageCount: string;
  packages: readonly PackageLine[];
  dispatch: Dispatch<WizardAction>;
}

/** The number of packages, one row per box (BOX 1..n), and the weights worked out from them. */
export function PackagingSection({ packageCount, packages, dispatch }: PackagingSectionProps) {
  const total = packages.reduce((sum, row) => sum + (filled(row) ? rowWeights(row).chWeight : 0), 0);
  const countValue = Number(packageCount);
  const countError =
    packageCount.trim() !== "" && !(Number.isInteger(countValue) && countValue >= 1 && countValue <= 200)
      ? "At least 1 package (at most 200)"
      : undefined;

  return (
    <Box component="section" aria-label="Packaging details">
      <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
        Packaging details
      </Typography>
      <Box sx={{ maxWidth: 240 }}>
        <TextField
          label="Number of packages"
          type="number"
          required
          value={packageCount}
          onChange={(event) => dispatch({ type: "packageCount", value: event.target.value })}
          onBlur={() => dispatch({ type: "packageCount", value: String(packages.length) })}
          error={countError !== undefined}
          helperText={countError ?? "Adds or removes package rows"}
          slotProps={{ htmlInput: { min: 1, max: 200, step: 1 } }}
          fullWidth
        />
      </Box>
      <Box sx={{ display: "grid", gap: 1.5, mt: 1 }}>
        {packages.map((row, index) => {
          const errors = packageErrors(row);
          const weights = rowWeights(row);
          return (
            <Paper
              key={row.name}
              variant="outlined"
              role="group"
              aria-label={row.name}
              sx={{
                p: 1.5,
                display: "grid",
                gap: 1.5,
                alignItems: "start",
                gridTemplateColumns: { xs: "1fr 1fr", md: "64px repeat(4, minmax(0, 1fr)) 120px 120px" },
              }}
            >
              <Typography sx={{ fontWeight: 600, pt: 1, gridColumn: { xs: "1 / -1", md: "auto" } }}>
                {row.name}
              </Typography>
              {CELLS.map(({ field, label }) => (
                <TextInput
                  key={field}
                  label={label}
                  mode="decimal"
                  required
                  dense
                  maxLength={10}
                  value={row[field]}
                  error={errors[field]}
                  onChange={(value) => dispatch({ type: "packageField", index, field, value })}
                  onBlur={() => dispatch({ type: "packageBlur", index, field })}
                />
              ))}
              <Weight
                label="Dimensional weight"
                value={filled(row) ? `${weights.accWeight.toFixed(2)} kg` : "—"}
                testId={`dimensional-${index + 1}`}
              />
              <Weight
                label="Chargeable weight"
                value={filled(row) ? `${weights.chWeight} kg` : "—"}
                testId={`chargeable-${index + 1}`}
              />
            </Paper>
          );
        })}
      </Box>
      <Typography sx={{ mt: 1.5 }} data-testid="total-weight">
        Total chargeable weight: <strong>{total} kg</strong> ({packages.length}{" "}
        {packages.length === 1 ? "piece" : "pieces"})
      </Typography>
      <Typography variant="body2" sx={{ color: "text.secondary" }}>
        Dimensional weight is L × W × H ÷ 5000; each box is charged on the larger of its actual and dimensional weight,
        rounded up to a whole kg.
      </Typography>
    </Box>
  );
}

function Weight({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Box>
      <Typography variant="caption" sx={{ color: "text.secondary", display: "block", lineHeight: 1.2 }}>
        {label}
      </Typography>
      <Typography data-testid={testId}>{value}</Typography>
    </Box>
  );
}
