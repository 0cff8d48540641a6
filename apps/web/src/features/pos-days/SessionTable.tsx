import type { PosSession } from "@cargodesk/shared";
import ReceiptIcon from "@mui/icons-material/Receipt";
import { Chip } from "@mui/material";
import { type Column, DataTable } from "../../components/DataTable";
import { RowAction } from "../../components/RowAction";
import { formatInstant } from "../../lib/dates";
import { money } from "../../lib/format";
import { overShortText } from "./over-short";

const ALL: Record<string, Column<PosSession>> = {
  counter: {
    key: "counter",
    header: "Counter",
    nowrap: true,
    render: (row) => `${row.counterCode}${row.rescue ? " (rescue)" : ""}`,
  },
  cashier: { key: "cashier", header: "Cashier", render: (row) => row.cashier.name },
  status: {
    key: "status",
    header: "Status",
    render: (row) => <Chip size="small" label={row.status} color={row.status === "open" ? "success" : "default"} />,
  },
  float: { key: "float", header: "Opening float", align: "right", render: (row) => money(row.openingFloat) },
  book: { key: "book", header: "Book balance", align: "right", render: (row) => money(row.floatBook) },
  floatDifference: {
    key: "floatDifference",
    header: "Float difference",
    align: "right",
    nowrap: true,
    render: (row) => overShortText(row.floatDifference),
  },
  expected: { key: "expected", header: "Expected cash", align: "right", render: (row) => money(row.cash.expected) },
  counted: {
    key: "counted",
    header: "Counted cash",
    align: "right",
    render: (row) => {
      const cash = row.methods.find((method) => method.kind === "cash");
      return cash?.counted === null || cash === undefined ? "—" : money(cash.counted);
    },
  },
  overShort: {
    key: "overShort",
    header: "Over/short",
    align: "right",
    nowrap: true,
    render: (row) => overShortText(row.overShort),
  },
  orders: { key: "orders", header: "Orders", align: "right", render: (row) => row.orders },
  opened: { key: "opened", header: "Opened", nowrap: true, render: (row) => formatInstant(row.openedAt) },
  closed: { key: "closed", header: "Closed", nowrap: true, render: (row) => formatInstant(row.closedAt) },
};

export type SessionColumn = keyof typeof ALL;

/** A day's counter sessions: the columns asked for, and an X report per session when `onXReport` is given. */
export function SessionTable({
  label,
  sessions,
  columns,
  onXReport,
}: {
  label: string;
  sessions: readonly PosSession[];
  columns: readonly SessionColumn[];
  onXReport?: (session: PosSession) => void;
}) {
  return (
    <DataTable
      label={label}
      columns={columns.flatMap((key) => ALL[key] ?? [])}
      rows={sessions}
      rowKey={(row) => row.id}
      paged={false}
      maxHeight={null}
      emptyMessage="No counter was opened."
      rowActions={
        onXReport
          ? (row) => (
              <RowAction
                title="X report"
                label={`X report of ${row.counterCode}`}
                icon={<ReceiptIcon fontSize="small" />}
                onClick={() => onXReport(row)}
              />
            )
          : undefined
      }
    />
  );
}
