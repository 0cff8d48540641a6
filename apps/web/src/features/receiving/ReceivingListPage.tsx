import {
  formatMinor,
  PAYMENT_KINDS,
  PAYMENT_LABELS,
  parseMinor,
  RECEIVING_STATUSES,
  type ReceivingListQuery,
  type ReceivingRow,
} from "@cargodesk/shared";
import PrintIcon from "@mui/icons-material/Print";
import VisibilityIcon from "@mui/icons-material/Visibility";
import { Box } from "@mui/material";
import { useState } from "react";
import { type Column, DataTable, GENERAL_PAGE_SIZES } from "../../components/DataTable";
import { documentStatusColumn, documentVoucherColumn, useDraftActions } from "../../components/DocumentList";
import { useListFilters } from "../../components/FilterField";
import { ResultDialog, useResultDialog } from "../../components/ResultDialog";
import { RowAction, RowActions } from "../../components/RowAction";
import { errorMessage } from "../../lib/api";
import { openBlankWindow, showInWindow } from "../../lib/files";
import { useCan } from "../../lib/hooks";
import { useVendors } from "../vendors/api";
import { grnPdf, usePostReceiving, useReceivings, useReverseReceiving } from "./api";
import { GrnView } from "./GrnViewDialog";
import { RECEIVING_PERMISSIONS } from "./paths";

const money = (amount: number) => formatMinor(parseMinor(amount) ?? 0n);

const COLUMNS: Column<ReceivingRow>[] = [
  { key: "number", header: "GRN No", nowrap: true, render: (row) => row.number ?? "Draft" },
  { key: "date", header: "Date", nowrap: true, render: (row) => row.businessDate },
  { key: "vendor", header: "Vendor", render: (row) => row.vendorName },
  { key: "bill", header: "Bill No", render: (row) => row.vendorBillNo },
  { key: "items", header: "Items", align: "right", render: (row) => row.items },
  { key: "total", header: "Total", align: "right", nowrap: true, render: (row) => money(row.total) },
  { key: "payment", header: "Payment", nowrap: true, render: (row) => PAYMENT_LABELS[row.payment] },
  documentVoucherColumn(),
  documentStatusColumn(),
];

/** /inventory/Product/listReciving: GRNs with filters; view, print, post a draft, reverse (Receiving Add). */
export default function ReceivingListPage() {
  const { filter, query, paging } = useListFilters(
    { from: "", to: "", vendorId: "", status: "", payment: "" },
    GENERAL_PAGE_SIZES[0],
  );
  const list = useReceivings(query satisfies Partial<ReceivingListQuery>);
  const vendors = useVendors({ size: 1000, page: 1 });
  const result = useResultDialog();
  const [viewing, setViewing] = useState<number | null>(null);
  const drafts = useDraftActions({
    noun: "receiving",
    canAdd: useCan(RECEIVING_PERMISSIONS.add),
    post: usePostReceiving(),
    reverse: useReverseReceiving(),
    result,
    postLabel: (row: ReceivingRow) => `Post draft of ${row.vendorName}`,
    postedText: (answer) => `${answer.message}: ${answer.number} ${answer.voucherNo ?? ""}`,
    reverseMessage: (row) =>
      `Reverse ${row.number} (${row.vendorName}, ${money(row.total)})? Its stock leaves the store and a mirror voucher is posted today. It is refused if the stock has been used.`,
    reversedText: (answer) => `${answer.message}${answer.voucherNo ? `: voucher ${answer.voucherNo}` : ""}`,
  });
  const print = (row: ReceivingRow) => {
    const target = openBlankWindow(row.number ?? "GRN");
    showInWindow(() => grnPdf(row.id), target).catch((error: unknown) => result.show("Error", errorMessage(error)));
  };

  return (
    <>
      <DataTable
        label="Receivings"
        columns={COLUMNS}
        rows={list.data?.data}
        rowKey={(row) => row.id}
        loading={list.isPending}
        fetching={list.isFetching}
        error={list.error}
        onRetry={() => void list.refetch()}
        errorTitle="Could not load the receivings."
        emptyMessage="No receivings match these filters."
        toolbar={
          <Box sx={{ display: "flex", gap: 1.5, flexWrap: "wrap" }}>
            {filter("from", "From")}
            {filter("to", "To")}
            {filter(
              "vendorId",
              "Vendor",
              (vendors.data?.data ?? []).map((vendor) => [String(vendor.id), vendor.name]),
            )}
            {filter(
              "payment",
              "Payment",
              PAYMENT_KINDS.map((kind) => [kind, PAYMENT_LABELS[kind]]),
            )}
            {filter(
              "status",
              "Status",
              RECEIVING_STATUSES.map((status) => [status, status]),
            )}
          </Box>
        }
        server={paging(list.data?.total_results ?? 0)}
        pageSizeOptions={GENERAL_PAGE_SIZES}
        actionsHeader="Actions"
        rowActions={(row) => (
          <RowActions>
            <RowAction
              title="View"
              label={`View ${row.number ?? "draft"}`}
              onClick={() => setViewing(row.id)}
              icon={<VisibilityIcon fontSize="small" />}
            />
            <RowAction
              title="Print GRN"
              label={`Print ${row.number ?? "draft"}`}
              onClick={() => print(row)}
              icon={<PrintIcon fontSize="small" />}
            />
            {drafts.actions(row)}
          </RowActions>
        )}
      />
      {drafts.dialog}
      <GrnView id={viewing} onClose={() => setViewing(null)} />
      <ResultDialog {...result.dialogProps} />
    </>
  );
}
