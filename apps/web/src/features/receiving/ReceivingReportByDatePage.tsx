import {
  formatMinor,
  formatQty,
  parseMinor,
  parseQtyMicro,
  type ReceivingReportRequest,
  receivingReportRequestSchema,
} from "@cargodesk/shared";
import DownloadIcon from "@mui/icons-material/Download";
import PictureAsPdfIcon from "@mui/icons-material/PictureAsPdf";
import SearchIcon from "@mui/icons-material/Search";
import {
  Alert,
  Box,
  Button,
  MenuItem,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from "@mui/material";
import { useState } from "react";
import { EmptyState } from "../../components/EmptyState";
import { PageLoader } from "../../components/PageLoader";
import { errorMessage } from "../../lib/api";
import { companyToday } from "../../lib/dates";
import { openBlankWindow, saveBlob, showInWindow } from "../../lib/files";
import { useVendors } from "../vendors/api";
import { receivingReportFile, useReceivingReport } from "./api";

const money = (amount: number) => formatMinor(parseMinor(amount) ?? 0n);
const qty = (value: number) => formatQty(parseQtyMicro(value) ?? 0n);

/** /inventory/Product/RecivingReportDate: receipts by vendor, then product, with GRN subtotals. */
export default function ReceivingReportByDatePage() {
  const today = companyToday();
  const [form, setForm] = useState({ startDate: `${today.slice(0, 8)}01`, endDate: today, vendorId: "" });
  const [asked, setAsked] = useState<ReceivingReportRequest | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const vendors = useVendors({ size: 1000, page: 1 });
  const report = useReceivingReport(asked);

  const request = (): ReceivingReportRequest | null => {
    const parsed = receivingReportRequestSchema.safeParse({
      startDate: form.startDate,
      endDate: form.endDate,
      vendorId: form.vendorId ? Number(form.vendorId) : null,
    });
    if (!parsed.success) {
      setProblem(parsed.error.issues.map((issue) => issue.message).join("; "));
      return null;
    }
    setProblem(null);
    return parsed.data;
  };
  const download = async (format: "pdf" | "xlsx") => {
    const wanted = request();
    if (!wanted) return;
    const target = format === "pdf" ? openBlankWindow("Receiving report") : null;
    try {
      if (format === "pdf") await showInWindow(() => receivingReportFile(wanted, "pdf"), target);
      else {
        const file = await receivingReportFile(wanted, "xlsx");
        saveBlob(file.blob, file.fileName);
      }
    } catch (failure) {
      setProblem(errorMessage(failure));
    }
  };

  return (
    <Box sx={{ display: "grid", gap: 2 }}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Box
          component="form"
          noValidate
          aria-label="Receiving Report With Dates"
          onSubmit={(event) => {
            event.preventDefault();
            const wanted = request();
            if (wanted) setAsked(wanted);
          }}
          sx={{ display: "flex", gap: 1.5, flexWrap: "wrap", alignItems: "center" }}
        >
          {(["startDate", "endDate"] as const).map((key) => (
            <TextField
              key={key}
              type="date"
              required
              label={key === "startDate" ? "Start Date" : "End Date"}
              value={form[key]}
              onChange={(event) => setForm((current) => ({ ...current, [key]: event.target.value }))}
              slotProps={{ inputLabel: { shrink: true } }}
            />
          ))}
          <TextField
            select
            label="Vendor"
            value={form.vendorId}
            onChange={(event) => setForm((current) => ({ ...current, vendorId: event.target.value }))}
            sx={{ minWidth: 220 }}
          >
            <MenuItem value="">All vendors</MenuItem>
            {(vendors.data?.data ?? []).map((vendor) => (
              <MenuItem key={vendor.id} value={String(vendor.id)}>
                {vendor.name}
              </MenuItem>
            ))}
          </TextField>
          <Button type="submit" variant="contained" startIcon={<SearchIcon />}>
            Search
          </Button>
          <Button startIcon={<PictureAsPdfIcon />} onClick={() => void download("pdf")}>
            PDF
          </Button>
          <Button startIcon={<DownloadIcon />} onClick={() => void download("xlsx")}>
            XLSX
          </Button>
        </Box>
        {problem ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            {problem}
          </Alert>
        ) : null}
      </Paper>
      {asked === null ? null : report.isPending ? (
        <PageLoader label="Loading the report" />
      ) : report.error ? (
        <Alert severity="error">{errorMessage(report.error)}</Alert>
      ) : report.data && report.data.vendors.length === 0 ? (
        <EmptyState title="No receivings" description="No GRN was posted in these dates." />
      ) : report.data ? (
        <Paper variant="outlined" sx={{ p: { xs: 1, sm: 2 }, overflowX: "auto" }}>
          <Table size="small" aria-label="Receiving report">
            <TableHead>
              <TableRow>
                <TableCell>Vendor / Product / GRN</TableCell>
                <TableCell>Code</TableCell>
                <TableCell align="right">Qty</TableCell>
                <TableCell>Unit</TableCell>
                <TableCell align="right">Average Cost</TableCell>
                <TableCell align="right">Value</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {report.data.vendors.flatMap((vendor) => [
                <TableRow key={`v${vendor.vendorId}`}>
                  <TableCell colSpan={6} sx={{ fontWeight: 700, bgcolor: "action.hover" }}>
                    {vendor.vendorName}
                  </TableCell>
                </TableRow>,
                ...vendor.products.map((product) => (
                  <TableRow key={`p${vendor.vendorId}-${product.storeProductId}`}>
                    <TableCell sx={{ pl: 4 }}>{product.name}</TableCell>
                    <TableCell>{product.code}</TableCell>
                    <TableCell align="right">{qty(product.qty)}</TableCell>
                    <TableCell>{product.unit}</TableCell>
                    <TableCell align="right">
                      {product.averageCost === null ? "" : money(product.averageCost)}
                    </TableCell>
                    <TableCell align="right">{money(product.value)}</TableCell>
                  </TableRow>
                )),
                ...vendor.grns.map((grn) => (
                  <TableRow key={`g${grn.id}`}>
                    <TableCell sx={{ pl: 4, color: "text.secondary" }} colSpan={5}>
                      {grn.number} ({grn.businessDate})
                    </TableCell>
                    <TableCell align="right" sx={{ color: "text.secondary" }}>
                      {money(grn.value)}
                    </TableCell>
                  </TableRow>
                )),
                <TableRow key={`t${vendor.vendorId}`}>
                  <TableCell colSpan={5} sx={{ fontWeight: 600 }}>
                    Total {vendor.vendorName}
                  </TableCell>
                  <TableCell align="right" sx={{ fontWeight: 600 }}>
                    {money(vendor.value)}
                  </TableCell>
                </TableRow>,
              ])}
              <TableRow>
                <TableCell colSpan={5} sx={{ fontWeight: 700 }}>
                  Grand total ({report.data.grnCount} GRN)
                </TableCell>
                <TableCell align="right" sx={{ fontWeight: 700 }} data-testid="report-total">
                  {money(report.data.value)}
                </TableCell>
              </TableRow>
            </TableBody>
          </Table>
          <Typography variant="caption" sx={{ color: "text.secondary" }}>
            Values are landed values (what entered stock) of posted GRNs received from {report.data.startDate} to{" "}
            {report.data.endDate}.
          </Typography>
        </Paper>
      ) : null}
    </Box>
  );
}
