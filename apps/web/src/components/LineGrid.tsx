import AddIcon from "@mui/icons-material/Add";
import DeleteIcon from "@mui/icons-material/Delete";
import {
  Alert,
  Box,
  Button,
  IconButton,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from "@mui/material";
import type { ReactNode } from "react";
import type { FieldValues } from "react-hook-form";
import { BoundField, type BoundFieldProps } from "./FormFields";
import { visuallyHidden } from "./visually-hidden";

/** A column heading; numbers read right-aligned. */
export type LineHeading = string | { label: string; align: "right" };

/**
 * A document's editable lines (a GRN's, an issuance's): the table with its headings and a last,
 * unnamed-on-screen Remove column, the rows the form draws, and "Add line" under it.
 */
export function LineGrid({
  label,
  headings,
  onAdd,
  disabled,
  children,
}: {
  /** The table's accessible name, e.g. "Receiving lines". */
  label: string;
  headings: readonly LineHeading[];
  onAdd: () => void;
  disabled: boolean;
  children: ReactNode;
}) {
  return (
    <Box>
      <Box sx={{ overflowX: "auto" }}>
        <Table size="small" aria-label={label}>
          <TableHead>
            <TableRow>
              {headings.map((heading) =>
                typeof heading === "string" ? (
                  <TableCell key={heading}>{heading}</TableCell>
                ) : (
                  <TableCell key={heading.label} align={heading.align}>
                    {heading.label}
                  </TableCell>
                ),
              )}
              <TableCell>
                <Box component="span" sx={visuallyHidden}>
                  Remove
                </Box>
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>{children}</TableBody>
        </Table>
      </Box>
      <Button startIcon={<AddIcon />} onClick={onAdd} disabled={disabled} sx={{ mt: 1 }}>
        Add line
      </Button>
    </Box>
  );
}

/** A document form's Lines panel: the heading, the grid, and the schema's message about the lines as a whole. */
export function LinesPanel({ error, children }: { error: string | undefined; children: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        Lines
      </Typography>
      {children}
      {error ? (
        <Alert severity="error" sx={{ mt: 1 }}>
          {error}
        </Alert>
      ) : null}
    </Paper>
  );
}

/** One line of a LineGrid: its number ("line-N" for tests), the form's cells, and Remove. */
export function LineRow({
  index,
  count,
  onRemove,
  disabled,
  children,
}: {
  index: number;
  count: number;
  onRemove: (index: number) => void;
  disabled: boolean;
  children: ReactNode;
}) {
  return (
    <TableRow data-testid={`line-${index + 1}`} sx={{ verticalAlign: "top" }}>
      <TableCell sx={{ pt: 2 }}>{index + 1}</TableCell>
      {children}
      <RemoveLineCell index={index} count={count} onRemove={onRemove} disabled={disabled} />
    </TableRow>
  );
}

/** A line's last cell: "Remove line N", refused while it is the only line. */
export function RemoveLineCell({
  index,
  count,
  onRemove,
  disabled,
}: {
  index: number;
  count: number;
  onRemove: (index: number) => void;
  disabled: boolean;
}) {
  return (
    <TableCell>
      <IconButton
        aria-label={`Remove line ${index + 1}`}
        onClick={() => onRemove(index)}
        disabled={disabled || count === 1}
      >
        <DeleteIcon fontSize="small" />
      </IconButton>
    </TableCell>
  );
}

interface CellNumberProps<T extends FieldValues, TOut>
  extends Pick<BoundFieldProps<T, TOut>, "control" | "name" | "label" | "disabled" | "hint"> {
  /** What an emptied box holds: undefined (the schema names the field as missing) or null. */
  empty?: null;
  min?: number;
  step?: string;
  width?: number;
  /** The name a screen reader says when the box shows no label (a grid's column heading names it). */
  accessibleName?: string;
}

/** A small number box in a document's line or charge (a quantity, a cost): blank is `empty`, not 0. */
export function CellNumberInput<T extends FieldValues, TOut>({
  empty,
  min = 0,
  step = "any",
  width = 110,
  accessibleName,
  ...props
}: CellNumberProps<T, TOut>) {
  return (
    <BoundField
      {...props}
      type="number"
      size="small"
      fullWidth={false}
      show={(value) => (typeof value === "number" && Number.isFinite(value) ? value : "")}
      parse={(input) => (input.value === "" ? empty : Number(input.value))}
      slotProps={{ htmlInput: { min, step, inputMode: "decimal", "aria-label": accessibleName } }}
      sx={{ width }}
    />
  );
}
