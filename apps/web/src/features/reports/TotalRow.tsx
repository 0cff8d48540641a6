import { TableCell, TableRow } from "@mui/material";
import type { Column } from "../../components/DataTable";

/** A report's total line under its DataTable: the same columns, bold. */
export function TotalRow<T>({ columns, row, testId }: { columns: readonly Column<T>[]; row: T; testId: string }) {
  return (
    <TableRow data-testid={testId}>
      {columns.map((column) => (
        <TableCell
          key={column.key}
          align={column.align ?? "left"}
          sx={{ fontWeight: 700, color: "text.primary", whiteSpace: "nowrap" }}
        >
          {column.render(row)}
        </TableCell>
      ))}
    </TableRow>
  );
}
