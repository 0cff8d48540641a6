import { Box } from "@mui/material";
import type { ReactNode } from "react";
import { type Column, DataTable, GENERAL_PAGE_SIZES } from "../../components/DataTable";
import { formatDateTime, money } from "../../lib/format";
import type { VoucherRecord } from "./api";
import { VoucherLines, VoucherStatusChip } from "./VoucherLines";

const DECISION = { Approve: "Approved", Disapprove: "Disapproved", Pending: "Decided" } as const;

/** Who entered the voucher, and who approved or disapproved it and when. */
function PeopleCell({ voucher }: { voucher: VoucherRecord }) {
  const decided = voucher.decidedBy || voucher.decidedAt;
  return (
    <>
      <Box component="span" sx={{ display: "block" }}>
        Entered by {voucher.createdBy ?? "—"}
      </Box>
      {decided ? (
        <Box component="span" sx={{ display: "block", color: "text.secondary", fontSize: 12 }}>
          {DECISION[voucher.status]} by {voucher.decidedBy ?? "—"}, {formatDateTime(voucher.decidedAt, "")}
        </Box>
      ) : null}
    </>
  );
}

interface VoucherTableProps {
  /** The table's accessible name. */
  label: string;
  rows: readonly VoucherRecord[] | undefined;
  loading?: boolean;
  error?: Error | null;
  onRetry?: () => void;
  emptyMessage: string;
  /** Buttons for one voucher, in the last column. */
  actions?: (voucher: VoucherRecord) => ReactNode;
  toolbar?: ReactNode;
}

/** Vouchers, newest first, each row expandable to its lines. */
export function VoucherTable({
  label,
  rows,
  loading,
  error,
  onRetry,
  emptyMessage,
  actions,
  toolbar,
}: VoucherTableProps) {
  const numbers = new Map(rows?.map((voucher) => [voucher._id, voucher.voucherManualId]));
  const columns: Column<VoucherRecord>[] = [
    {
      key: "number",
      header: "Voucher #",
      nowrap: true,
      sx: { fontWeight: 600 },
      render: (voucher) => voucher.voucherManualId,
    },
    { key: "date", header: "Date", nowrap: true, render: (voucher) => voucher.vocDate },
    { key: "book", header: "Cash / Bank", sx: { maxWidth: 150 }, render: (voucher) => voucher.cashAccTittle ?? "—" },
    {
      key: "total",
      header: "Total",
      align: "right",
      nowrap: true,
      render: (voucher) => money(voucher.totalAmount),
    },
    {
      key: "status",
      header: "Status",
      sx: { maxWidth: 140 },
      render: (voucher) => (
        <VoucherStatusChip
          voucher={voucher}
          reversalOf={voucher.reversalOfId ? numbers.get(voucher.reversalOfId) : undefined}
        />
      ),
    },
    {
      key: "people",
      header: "Entered / Decided",
      sx: { minWidth: 150, maxWidth: 200 },
      render: (voucher) => <PeopleCell voucher={voucher} />,
    },
  ];

  return (
    <DataTable
      label={label}
      columns={columns}
      rows={rows}
      rowKey={(voucher) => voucher._id}
      rowTestId={(voucher) => `voucher-row-${voucher.voucherManualId}`}
      expand={{
        header: "Lines",
        label: (voucher, expanded) => `${expanded ? "Hide" : "Show"} lines of ${voucher.voucherManualId}`,
        render: (voucher) => <VoucherLines voucher={voucher} />,
      }}
      {...(actions ? { rowActions: actions } : {})}
      loading={loading ?? false}
      error={error ?? null}
      {...(onRetry ? { onRetry } : {})}
      errorTitle="Could not load the vouchers."
      emptyMessage={emptyMessage}
      toolbar={toolbar}
      pageSizeOptions={GENERAL_PAGE_SIZES}
      defaultPageSize={200}
      maxHeight={null}
    />
  );
}
