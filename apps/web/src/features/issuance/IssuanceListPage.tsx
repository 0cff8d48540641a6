import {
  formatMinor,
  ISSUANCE_STATUSES,
  type IssuanceDetail,
  type IssuanceListQuery,
  parseMinor,
} from "@cargodesk/shared";
import PrintIcon from "@mui/icons-material/Print";
import SendIcon from "@mui/icons-material/Send";
import UndoIcon from "@mui/icons-material/Undo";
import { Box, Chip } from "@mui/material";
import { useState } from "react";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { type Column, DataTable, GENERAL_PAGE_SIZES } from "../../components/DataTable";
import { FilterField } from "../../components/FilterField";
import { ResultDialog, useResultDialog } from "../../components/ResultDialog";
import { RowAction, RowActions } from "../../components/RowAction";
import { useServerPaging } from "../../components/server-paging";
import { errorMessage } from "../../lib/api";
import { useCan } from "../../lib/hooks";
import { useOpenFile } from "../../lib/open-file";
import { useStockBalances, useStockLocations } from "../inventory-ledger/api";
import { VoucherLink } from "../inventory-ledger/VoucherLink";
import { issueSlipPdf, useIssuances, usePostIssuance, useReverseIssuance } from "./api";
import { IssuanceLinesTable } from "./IssuanceLinesTable";
import { ISSUANCE_PERMISSIONS } from "./paths";

const money = (amount: number | null) => (amount === null ? "" : formatMinor(parseMinor(amount) ?? 0n));
const STATUS_COLOR = { draft: "default", posted: "success", reversed: "warning" } as const;

const COLUMNS: Column<IssuanceDetail>[] = [
  { key: "number", header: "Issuance No", nowrap: true, render: (row) => row.number ?? `Draft #${row.id}` },
  { key: "date", header: "Date", nowrap: true, render: (row) => row.businessDate },
  { key: "route", header: "From → To", nowrap: true, render: (row) => `${row.fromLocation} → ${row.toLocation}` },
  { key: "issuedTo", header: "Issued To", render: (row) => row.issuedTo },
  { key: "lines", header: "Lines", align: "right", render: (row) => row.lineCount },
  { key: "value", header: "Value", align: "right", nowrap: true, render: (row) => money(row.value) },
  {
    key: "status",
    header: "Status",
    render: (row) => <Chip size="small" label={row.status} color={STATUS_COLOR[row.status]} />,
  },
  {
    key: "voucher",
    header: "Voucher",
    nowrap: true,
    render: (row) => (
      <>
        <VoucherLink id={row.voucherId} number={row.voucherNo} />
        {row.reversalVoucherNo ? (
          <Box component="span">
            {" / "}
            <VoucherLink id={row.reversalVoucherId} number={row.reversalVoucherNo} />
          </Box>
        ) : null}
      </>
    ),
  },
];

const EMPTY_FILTERS = { from: "", to: "", locationId: "", status: "", storeProductId: "" };

/** /inventory/Issuance/IssuanceDetail: issuances with filters, their lines, print, post a draft, reverse. */
export default function IssuanceListPage() {
  const [filters, setFilters] = useState(EMPTY_FILTERS);
  const { page, pageSize, setPage, paging } = useServerPaging(GENERAL_PAGE_SIZES[0]);
  const [reversing, setReversing] = useState<IssuanceDetail | null>(null);
  const query: Partial<IssuanceListQuery> = {
    ...Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== "")),
    page: page + 1,
    size: pageSize,
  };
  const list = useIssuances(query);
  const locations = useStockLocations();
  const products = useStockBalances(null);
  const canAdd = useCan(ISSUANCE_PERMISSIONS.add);
  const post = usePostIssuance();
  const reverse = useReverseIssuance();
  const result = useResultDialog();
  const file = useOpenFile();
  const set = (key: keyof typeof EMPTY_FILTERS) => (value: string) => {
    setFilters((current) => ({ ...current, [key]: value }));
    setPage(0);
  };
  const filter = (key: keyof typeof EMPTY_FILTERS, label: string, options?: [string, string][]) => (
    <FilterField label={label} value={filters[key]} onChange={set(key)} options={options} />
  );
  const done = (message: string) => (answer: { number: string | null; voucherNo: string | null }) =>
    result.show(
      "Success",
      `${message} ${answer.number ?? ""}${answer.voucherNo ? `, voucher ${answer.voucherNo}` : ""}`,
    );

  return (
    <>
      <DataTable
        label="Issuances"
        columns={COLUMNS}
        rows={list.data?.rows}
        rowKey={(row) => row.id}
        loading={list.isPending}
        fetching={list.isFetching}
        error={list.error}
        onRetry={() => void list.refetch()}
        errorTitle="Could not load the issuances."
        emptyMessage="No issuances match these filters."
        toolbar={
          <Box sx={{ display: "flex", gap: 1.5, flexWrap: "wrap" }}>
            {filter("from", "From")}
            {filter("to", "To")}
            {filter(
              "locationId",
              "Location",
              (locations.data ?? []).map((location) => [String(location.id), location.name]),
            )}
            {filter(
              "status",
              "Status",
              ISSUANCE_STATUSES.map((status) => [status, status]),
            )}
            {filter(
              "storeProductId",
              "Product",
              [
                ...new Map(
                  (products.data?.rows ?? []).map((row) => [row.storeProductId, `${row.code} - ${row.name}`]),
                ).entries(),
              ].map(([id, name]) => [String(id), name]),
            )}
          </Box>
        }
        server={paging(list.data?.total ?? 0)}
        pageSizeOptions={GENERAL_PAGE_SIZES}
        expand={{
          header: "Lines",
          label: (row, expanded) => `${expanded ? "Hide" : "Show"} lines of ${row.number ?? `draft ${row.id}`}`,
          render: (row) => <IssuanceLinesTable issuance={row} label={`Lines of ${row.number ?? `draft ${row.id}`}`} />,
        }}
        actionsHeader="Actions"
        rowActions={(row) => (
          <RowActions>
            <RowAction
              title="Print issue slip"
              label={`Print ${row.number ?? `draft ${row.id}`}`}
              onClick={() => void file.open("pdf", row.number ?? "Issue slip", () => issueSlipPdf(row.id))}
              icon={<PrintIcon fontSize="small" />}
            />
            {canAdd && row.status === "draft" ? (
              <RowAction
                title="Post"
                label={`Post draft ${row.id}`}
                disabled={post.isPending}
                onClick={() =>
                  post.mutate(row.id, {
                    onSuccess: done("Posted"),
                    onError: (error) => result.show("Error", errorMessage(error)),
                  })
                }
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
        title="Reverse issuance"
        message={
          reversing
            ? `Reverse ${reversing.number} (${reversing.toLocation}, ${money(reversing.value)})? The stock goes back to ${reversing.fromLocation} at its original value and a mirror voucher is posted today. It is refused if ${reversing.toLocation} no longer holds the quantity.`
            : ""
        }
        confirmLabel="Reverse"
        confirmColor="warning"
        busy={reverse.isPending}
        onCancel={() => setReversing(null)}
        onConfirm={() =>
          reversing &&
          reverse.mutate(reversing.id, {
            onSuccess: (answer) => {
              setReversing(null);
              done("Reversed")(answer);
            },
            onError: (error) => {
              setReversing(null);
              result.show("Error", errorMessage(error));
            },
          })
        }
      />
      <ResultDialog {...result.dialogProps} />
      <ResultDialog open={file.error !== null} title="Error" message={file.error ?? ""} onClose={file.clearError} />
    </>
  );
}
