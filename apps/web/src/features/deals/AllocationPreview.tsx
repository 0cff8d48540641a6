import { allocateDeal, type DealAllocationLine, minorToAmount, parseMinor } from "@cargodesk/shared";
import { Table, TableBody, TableCell, TableHead, TableRow, Typography } from "@mui/material";
import { money, occurrenceKeys } from "../../lib/format";

/** The deal price spread over the default lines by list price, as the server answers it. */
export function AllocationTable({ lines, label }: { lines: readonly DealAllocationLine[]; label: string }) {
  if (lines.length === 0) return <Typography variant="body2">No default line yet.</Typography>;
  // A variant may sit in a fixed line and a default option both.
  const keys = occurrenceKeys(lines, (line) => line.variantId);
  return (
    <Table size="small" aria-label={label}>
      <TableHead>
        <TableRow>
          <TableCell>Line</TableCell>
          <TableCell align="right">Qty</TableCell>
          <TableCell align="right">List price</TableCell>
          <TableCell align="right">Share of the deal</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {lines.map((line, index) => (
          <TableRow key={keys[index]}>
            <TableCell>{line.label}</TableCell>
            <TableCell align="right">{line.qty}</TableCell>
            <TableCell align="right">{money(line.listPrice)}</TableCell>
            <TableCell align="right">{money(line.share)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** The same spread computed in the browser while the form is edited (the shared rule the server uses). */
export function previewLines(
  price: unknown,
  lines: readonly { variantId: number; label: string; unitPrice: number; qty: number }[],
): DealAllocationLine[] {
  const priceMinor = typeof price === "number" ? parseMinor(price) : null;
  if (priceMinor === null || priceMinor <= 0n) return [];
  const listMinor = lines.map((line) => (parseMinor(line.unitPrice) ?? 0n) * BigInt(line.qty));
  const shares = allocateDeal(priceMinor, listMinor);
  return lines.map((line, index) => ({
    ...line,
    listPrice: minorToAmount(listMinor[index] ?? 0n),
    share: minorToAmount(shares[index] ?? 0n),
  }));
}
