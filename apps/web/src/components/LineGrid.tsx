import AddIcon from "@mui/icons-material/Add";
import DeleteIcon from "@mui/icons-material/Delete";
import { Box, Button, IconButton, Table, TableBody, TableCell, TableHead, TableRow } from "@mui/material";
import type { ReactNode } from "react";
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
