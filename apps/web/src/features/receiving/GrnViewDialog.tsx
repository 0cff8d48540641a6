import { formatMinor, PAYMENT_LABELS, parseMinor } from "@cargodesk/shared";
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
} from "@mui/material";
import { PageLoader } from "../../components/PageLoader";
import { errorMessage } from "../../lib/api";
import { useReceiving } from "./api";

const money = (amount: number) => formatMinor(parseMinor(amount) ?? 0n);

/** One GRN's header, lines and totals, opened from Receiving List. */
export function GrnView({ id, onClose }: { id: number | null; onClose: () => void }) {
  const grn = useReceiving(id);
  return (
    <Dialog open={id !== null} onClose={onClose} maxWidth="md" fullWidth aria-labelledby="grn-view-title">
      <DialogTitle id="grn-view-title">{grn.data ? `GRN ${grn.data.number ?? "(draft)"}` : "GRN"}</DialogTitle>
      <DialogContent>
        {grn.isPending ? <PageLoader label="Loading the GRN" /> : null}
        {grn.error ? errorMessage(grn.error) : null}
        {grn.data ? (
          <>
            <Box sx={{ mb: 2 }}>
              {grn.data.vendorName} · bill {grn.data.vendorBillNo || "-"} · {grn.data.businessDate} ·{" "}
              {PAYMENT_LABELS[grn.data.payment]}
              {grn.data.payAccountName ? ` (${grn.data.payAccountName})` : ""}
            </Box>
            <Table size="small" aria-label="GRN lines">
              <TableHead>
                <TableRow>
                  {["Product", "Qty", "Unit", "Unit Cost", "Discount", "Tax", "Landed Value"].map((header) => (
                    <TableCell key={header} align={header === "Product" || header === "Unit" ? "left" : "right"}>
                      {header}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {grn.data.lines.map((line) => (
                  <TableRow key={line.lineNo}>
                    <TableCell>{line.productName}</TableCell>
                    <TableCell align="right">{line.qty}</TableCell>
                    <TableCell>{line.uomName}</TableCell>
                    <TableCell align="right">{money(line.unitCost)}</TableCell>
                    <TableCell align="right">{money(line.discount)}</TableCell>
                    <TableCell align="right">{money(line.tax)}</TableCell>
                    <TableCell align="right">{money(line.landedValue)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            <Box sx={{ textAlign: "right", mt: 2 }}>
              Subtotal {money(grn.data.subtotal)} · Discount {money(grn.data.discount)} · Tax {money(grn.data.tax)} ·
              Charges {money(grn.data.charges)} · <strong>Total {money(grn.data.total)}</strong>
            </Box>
          </>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
