import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Link, Typography } from "@mui/material";
import { useId } from "react";
import { Link as RouterLink } from "react-router";
import { DataTable } from "../../components/DataTable";
import { PageLoader } from "../../components/PageLoader";
import { ReportError } from "../../components/ReportStatus";
import { money } from "../../lib/format";
import { useVoucher } from "../reports/api";
import { VoucherLines, VoucherStatusChip } from "../vouchers/VoucherLines";
import { useVoucherSources } from "./api";

/** A Day Close voucher: its lines, and the orders and store documents it was posted for (design 7.4.5). */
export function VoucherSourcesDialog({ voucherId, onClose }: { voucherId: number | null; onClose: () => void }) {
  const titleId = useId();
  const voucher = useVoucher(voucherId);
  const sources = useVoucherSources(voucherId);
  const record = voucher.data;
  return (
    <Dialog open={voucherId !== null} onClose={onClose} aria-labelledby={titleId} maxWidth="md" fullWidth>
      <DialogTitle id={titleId}>{record ? `Voucher ${record.voucherManualId}` : "Voucher"}</DialogTitle>
      <DialogContent dividers sx={{ display: "grid", gap: 2 }}>
        {voucher.isPending || sources.isPending ? <PageLoader label="Loading the voucher" /> : null}
        {voucher.isError ? (
          <ReportError error={voucher.error} onRetry={() => void voucher.refetch()} what="the voucher" />
        ) : null}
        {record ? (
          <Box>
            <Typography variant="body2" component="div" sx={{ mb: 1, display: "flex", gap: 1, alignItems: "center" }}>
              {record.voucherType} of {record.vocDate} <VoucherStatusChip voucher={record} />
            </Typography>
            <VoucherLines voucher={record} />
          </Box>
        ) : null}
        {sources.isError ? (
          <ReportError
            error={sources.error}
            onRetry={() => void sources.refetch()}
            what="what the voucher was posted for"
          />
        ) : null}
        {sources.data ? (
          <>
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
              Posted for{sources.data.day ? ` the business day ${sources.data.day.businessDate}` : ""}
              {sources.data.day?.zNumber ? ` (${sources.data.day.zNumber})` : ""}
            </Typography>
            {sources.data.orders.length > 0 ? (
              <DataTable
                label="Orders of the voucher"
                columns={[
                  {
                    key: "order",
                    header: "Order",
                    render: (row) => (
                      <Link component={RouterLink} to={`/order?order=${row.id}`}>
                        {row.order}
                      </Link>
                    ),
                  },
                  { key: "date", header: "Business date", render: (row) => row.businessDate },
                  { key: "status", header: "Status", render: (row) => row.status },
                  { key: "total", header: "Total", align: "right", render: (row) => money(row.total) },
                ]}
                rows={sources.data.orders}
                rowKey={(row) => row.id}
                maxHeight={360}
                defaultPageSize={50}
              />
            ) : null}
            {sources.data.documents.length > 0 ? (
              <DataTable
                label="Store documents of the voucher"
                columns={[
                  { key: "kind", header: "Document", render: (row) => `${row.kind} ${row.number ?? `#${row.id}`}` },
                  { key: "date", header: "Date", render: (row) => row.businessDate },
                  {
                    key: "role",
                    header: "Voucher",
                    render: (row) => (row.role === "posted" ? "posted it" : "reverses it"),
                  },
                ]}
                rows={sources.data.documents}
                rowKey={(row) => `${row.kind}-${row.id}-${row.role}`}
                paged={false}
                maxHeight={240}
              />
            ) : null}
            {sources.data.orders.length === 0 && sources.data.documents.length === 0 ? (
              <Alert severity="info">This voucher was not posted for orders or store documents.</Alert>
            ) : null}
          </>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
