import { formatMinor, type IssuanceDetail, parseMinor } from "@cargodesk/shared";
import { Table, TableBody, TableCell, TableHead, TableRow } from "@mui/material";

const money = (amount: number | null) => (amount === null ? "" : formatMinor(parseMinor(amount) ?? 0n));
const qty = (value: number) => value.toLocaleString("en-US", { maximumFractionDigits: 3 });

/** An issuance's lines: code, product, quantity, unit, rate and value; with `withTotal`, a bold total row. */
export function IssuanceLinesTable({
  issuance,
  label,
  withTotal = false,
}: {
  issuance: IssuanceDetail;
  label: string;
  withTotal?: boolean;
}) {
  return (
    <Table size="small" sx={withTotal ? { mt: 2 } : undefined} aria-label={label}>
      <TableHead>
        <TableRow>
          <TableCell>Code</TableCell>
          <TableCell>Product</TableCell>
          <TableCell align="right">Qty</TableCell>
          <TableCell>UOM</TableCell>
          <TableCell align="right">Rate</TableCell>
          <TableCell align="right">Value</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {issuance.lines.map((line) => (
          <TableRow key={line.lineNo}>
            <TableCell>{line.code}</TableCell>
            <TableCell>{line.name}</TableCell>
            <TableCell align="right">{qty(line.qty)}</TableCell>
            <TableCell>{line.uom}</TableCell>
            <TableCell align="right">{money(line.rate)}</TableCell>
            <TableCell align="right">{money(line.value)}</TableCell>
          </TableRow>
        ))}
        {withTotal ? (
          <TableRow>
            <TableCell colSpan={5} sx={{ fontWeight: 700 }}>
              Total
            </TableCell>
            <TableCell align="right" sx={{ fontWeight: 700 }}>
              {money(issuance.value)}
            </TableCell>
          </TableRow>
        ) : null}
      </TableBody>
    </Table>
  );
}
