import {
  formatMinor,
  ISSUANCE_STATUSES,
  type IssuanceDetail,
  type IssuanceListQuery,
  type IssuanceSaved,
  parseMinor,
} from "@cargodesk/shared";
import PrintIcon from "@mui/icons-material/Print";
import { Box } from "@mui/material";
import { type Column, DataTable, GENERAL_PAGE_SIZES } from "../../components/DataTable";
import { documentStatusColumn, documentVoucherColumn, useDraftActions } from "../../components/DocumentList";
import { useListFilters } from "../../components/FilterField";
import { ResultDialog, useResultDialog } from "../../components/ResultDialog";
import { RowAction, RowActions } from "../../components/RowAction";
import { useCan } from "../../lib/hooks";
import { useOpenFile } from "../../lib/open-file";
import { useStockBalances, useStockLocations } from "../inventory-ledger/api";
import { issueSlipPdf, useIssuances, usePostIssuance, useReverseIssuance } from "./api";
import { IssuanceLinesTable } from "./IssuanceLinesTable";
import { ISSUANCE_PERMISSIONS } from "./paths";

const money = (amount: number | null) => (amount === null ? "" : formatMinor(parseMinor(amount) ?? 0n));
const COLUMNS: Column<IssuanceDetail>[] = [
  { key: "number", header: "Issuance No", nowrap: true, render: (row) => row.number ?? `Draft #${row.id}` },
  { key: "date", header: "Date", nowrap: true, render: (row) => row.businessDate },
  { key: "route", header: "From → To", nowrap: true, render: (row) => `${row.fromLocation} → ${row.toLocation}` },
  { key: "issuedTo", header: "Issued To", render: (row) => row.issuedTo },
  { key: "lines", header: "Lines", align: "right", render: (row) => row.lineCount },
  { key: "value", header: "Value", align: "right", nowrap: true, render: (row) => money(row.value) },
  documentStatusColumn(),
  documentVoucherColumn(),
];

const EMPTY_FILTERS = { from: "", to: "", locationId: "", status: "", storeProductId: "" };

/** /inventory/Issuance/IssuanceDetail: issuances with filters, their lines, print, post a draft, reverse. */
export default function IssuanceListPage() {
  const { filter, query, paging } = useListFilters(EMPTY_FILTERS, GENERAL_PAGE_SIZES[0]);
  const list = useIssuances(query satisfies Partial<IssuanceListQuery>);
  const locations = useStockLocations();
  const products = useStockBalances(null);
  const result = useResultDialog();
  const file = useOpenFile();
  const done = (message: string) => (answer: { number: string | null; voucherNo: string | null }) =>
    `${message} ${answer.number ?? ""}${answer.voucherNo ? `, voucher ${answer.voucherNo}` : ""}`;
  const drafts = useDraftActions<IssuanceDetail, IssuanceSaved, IssuanceSaved>({
    noun: "issuance",
    canAdd: useCan(ISSUANCE_PERMISSIONS.add),
    post: usePostIssuance(),
    reverse: useReverseIssuance(),
    result,
    postLabel: (row) => `Post draft ${row.id}`,
    postedText: done("Posted"),
    reverseMessage: (row) =>
      `Reverse ${row.number} (${row.toLocation}, ${money(row.value)})? The stock goes back to ${row.fromLocation} at its original value and a mirror voucher is posted today. It is refused if ${row.toLocation} no longer holds the quantity.`,
    reversedText: done("Reversed"),
  });

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
            {drafts.actions(row)}
          </RowActions>
        )}
      />
      {drafts.dialog}
      <ResultDialog {...result.dialogProps} />
      <ResultDialog open={file.error !== null} title="Error" message={file.error ?? ""} onClose={file.clearError} />
    </>
  );
}
