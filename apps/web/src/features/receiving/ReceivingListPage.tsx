import {
  formatMinor,
  PAYMENT_KINDS,
  PAYMENT_LABELS,
  type PaymentKind,
  parseMinor,
  RECEIVING_STATUSES,
  type ReceivingRow,
  type ReceivingStatus,
} from "@cargodesk/shared";
import PrintIcon from "@mui/icons-material/Print";
import SendIcon from "@mui/icons-material/Send";
import UndoIcon from "@mui/icons-material/Undo";
import VisibilityIcon from "@mui/icons-material/Visibility";
import { Box, Chip, Link } from "@mui/material";
import { useState } from "react";
import { Link as RouterLink } from "react-router";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { type Column, DataTable, GENERAL_PAGE_SIZES } from "../../components/DataTable";
import { FilterField } from "../../components/FilterField";
import { ResultDialog, useResultDialog } from "../../components/ResultDialog";
import { RowAction, RowActions } from "../../components/RowAction";
import { useServerPaging } from "../../components/server-paging";
import { errorMessage } from "../../lib/api";
import { openBlankWindow, showInWindow } from "../../lib/files";
import { useCan } from "../../lib/hooks";
import { useVendors } from "../vendors/api";
import { grnPdf, usePostReceiving, useReceivings, useReverseReceiving } from "./api";
import { GrnView } from "./GrnViewDialog";
import { RECEIVING_PERMISSIONS } from "./paths";

const money = (amount: number) => formatMinor(parseMinor(amount) ?? 0n);
const STATUS_COLOR = { draft: "default", posted: "success", reversed: "warning" } as const;

const VOUCHER_TYPE_IDS: Record<string, number> = { CPV: 1, CRV: 2, BPV: 3, BRV: 4, JV: 5 };

/** A voucher number opens Voucher Search on that voucher. */
const voucherLink = (id: number | null, number: string | null) => {
  const type = VOUCHER_TYPE_IDS[number?.split("-")[0] ?? ""];
  if (!id || !number || !type) return "";
  return (
    <Link component={RouterLink} to={`/accounts/vouchersearch?type=${type}&q=${encodeURIComponent(number)}`}>
      {number}
    </Link>
  );
};

const COLUMNS: Column<ReceivingRow>[] = [
  { key: "number", header: "GRN No", nowrap: true, render: (row) => row.number ?? "Draft" },
  { key: "date", header: "Date", nowrap: true, render: (row) => row.businessDate },
  { key: "vendor", header: "Vendor", render: (row) => row.vendorName },
  { key: "bill", header: "Bill No", render: (row) => row.vendorBillNo },
  { key: "items", header: "Items", align: "right", render: (row) => row.items },
  { key: "total", header: "Total", align: "right", nowrap: true, render: (row) => money(row.total) },
  { key: "payment", header: "Payment", nowrap: true, render: (row) => PAYMENT_LABELS[row.payment] },
  {
    key: "voucher",
    header: "Voucher",
    nowrap: true,
    render: (row) => (
      <>
        {voucherLink(row.voucherId, row.voucherNo)}
        {row.reversalVoucherNo ? (
          <Box component="span"> / {voucherLink(row.reversalVoucherId, row.reversalVoucherNo)}</Box>
        ) : null}
      </>
    ),
  },
  {
    key: "status",
    header: "Status",
    nowrap: true,
    render: (row) => <Chip size="small" label={row.status} color={STATUS_COLOR[row.status]} />,
  },
];

/** /inventory/Product/listReciving: GRNs with filters; view, print, post a draft, reverse (Receiving Add). */
export default function ReceivingListPage() {
  const [filters, setFilters] = useState<{
    from: string;
    to: string;
    vendorId: string;
    status: ReceivingStatus | "";
    payment: PaymentKind | "";
  }>({ from: "", to: "", vendorId: "", status: "", payment: "" });
  const { page, pageSize, setPage, paging } = useServerPaging(GENERAL_PAGE_SIZES[0]);
  const list = useReceivings({
    from: filters.from || undefined,
    to: filters.to || undefined,
    vendorId: filters.vendorId ? Number(filters.vendorId) : undefined,
    status: filters.status || undefined,
    payment: filters.payment || undefined,
    page: page + 1,
    size: pageSize,
  });
  const vendors = useVendors({ size: 1000, page: 1 });
  const canAdd = useCan(RECEIVING_PERMISSIONS.add);
  const reverse = useReverseReceiving();
  const post = usePostReceiving();
  const result = useResultDialog();
  const [reversing, setReversing] = useState<ReceivingRow | null>(null);
  const [viewing, setViewing] = useState<number | null>(null);

  const set = (key: keyof typeof filters) => (value: string) => {
    setFilters((current) => ({ ...current, [key]: value }));
    setPage(0);
  };
  const print = (row: ReceivingRow) => {
    const target = openBlankWindow(row.number ?? "GRN");
    showInWindow(() => grnPdf(row.id), target).catch((error: unknown) => result.show("Error", errorMessage(error)));
  };
  const confirmReverse = () => {
    if (!reversing) return;
    reverse.mutate(reversing.id, {
      onSuccess: (answer) =>
        result.show("Success", `${answer.message}${answer.voucherNo ? `: voucher ${answer.voucherNo}` : ""}`),
      onError: (error) => result.show("Error", errorMessage(error)),
      onSettled: () => setReversing(null),
    });
  };
  const postDraft = (row: ReceivingRow) =>
    post.mutate(row.id, {
      onSuccess: (answer) => result.show("Success", `${answer.message}: ${answer.number} ${answer.voucherNo ?? ""}`),
      onError: (error) => result.show("Error", errorMessage(error)),
    });

  const filter = (key: keyof typeof filters, label: string, options?: [string, string][]) => (
    <FilterField label={label} value={filters[key]} onChange={set(key)} options={options} />
  );

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
            {canAdd && row.status === "draft" ? (
              <RowAction
                title="Post"
                label={`Post draft of ${row.vendorName}`}
                onClick={() => postDraft(row)}
                disabled={post.isPending}
                icon={<SendIcon fontSize="small" />}
              />
            ) : null}
            {canAdd && row.status === "posted" ? (
              <RowAction
                title="Reverse"
                label={`Reverse ${row.number}`}
                onClick={() => setReversing(row)}
                icon={<UndoIcon fontSize="small" />}
              />
            ) : null}
          </RowActions>
        )}
      />
      <ConfirmDialog
        open={reversing !== null}
        title="Reverse receiving"
        message={
          reversing
            ? `Reverse ${reversing.number} (${reversing.vendorName}, ${money(reversing.total)})? Its stock leaves the store and a mirror voucher is posted today. It is refused if the stock has been used.`
            : ""
        }
        confirmLabel="Reverse"
        confirmColor="warning"
        busy={reverse.isPending}
        onConfirm={confirmReverse}
        onCancel={() => setReversing(null)}
      />
      <GrnView id={viewing} onClose={() => setViewing(null)} />
      <ResultDialog {...result.dialogProps} />
    </>
  );
}
