import { type DealRow, weekdaysText } from "@cargodesk/shared";
import { Box, Typography } from "@mui/material";
import { useActiveToggle } from "../../components/ActiveToggle";
import type { Column } from "../../components/DataTable";
import { SearchedListPage, statusColumn } from "../../components/ListPage";
import { useResultDialog } from "../../components/ResultDialog";
import { money, occurrenceKeys } from "../../lib/format";
import { useDeals, useDeleteDeal, useSetDealActive } from "./api";
import { DEAL_ROUTES } from "./paths";

const ORDER_TYPE_NAMES = ["Dine-in", "Take-away", "Delivery"] as const;

/** "Mon-Fri 12:00-15:00, from 2026-05-01": when the POS offers the deal. */
function whenText(row: DealRow): string {
  const parts = [weekdaysText(row.weekdays)];
  if (row.timeFrom && row.timeTo) parts.push(`${row.timeFrom}-${row.timeTo}`);
  if (row.validFrom && row.validTo) parts.push(`${row.validFrom} to ${row.validTo}`);
  else if (row.validFrom) parts.push(`from ${row.validFrom}`);
  else if (row.validTo) parts.push(`until ${row.validTo}`);
  return parts.join(", ");
}

const orderTypesText = (mask: number) =>
  mask === 7 ? "All order types" : ORDER_TYPE_NAMES.filter((_, bit) => (mask & (1 << bit)) !== 0).join(", ");

/** Each default line's share of the deal price beside its list price. */
function Allocation({ row }: { row: DealRow }) {
  const keys = occurrenceKeys(row.allocation, (line) => line.variantId);
  return (
    <Box component="ul" sx={{ m: 0, p: 0, listStyle: "none" }} aria-label={`Allocation of ${row.name}`}>
      {row.allocation.map((line, index) => (
        <Box component="li" key={keys[index]} sx={{ display: "flex", gap: 1, justifyContent: "space-between" }}>
          <span>
            {line.label}
            {line.qty > 1 ? ` × ${line.qty}` : ""}
          </span>
          <Box component="span" sx={{ whiteSpace: "nowrap" }}>
            <strong>{money(line.share)}</strong>
            <Typography component="span" variant="caption" sx={{ color: "text.secondary", ml: 0.5 }}>
              of {money(line.listPrice)}
            </Typography>
          </Box>
        </Box>
      ))}
    </Box>
  );
}

const COLUMNS: Column<DealRow>[] = [
  {
    key: "name",
    header: "Deal",
    render: (row) => (
      <>
        {row.name}
        <Typography variant="caption" component="div" sx={{ color: "text.secondary" }}>
          {row.code}
        </Typography>
      </>
    ),
  },
  { key: "category", header: "POS Category", render: (row) => row.categoryName ?? "—" },
  { key: "price", header: "Price", align: "right", nowrap: true, render: (row) => money(row.price) },
  {
    key: "when",
    header: "Offered",
    render: (row) => (
      <>
        {whenText(row)}
        <Typography variant="caption" component="div" sx={{ color: "text.secondary" }}>
          {orderTypesText(row.orderTypes)}
        </Typography>
      </>
    ),
  },
  { key: "allocation", header: "Allocation preview", render: (row) => <Allocation row={row} /> },
  statusColumn<DealRow>(),
];

/** /inventory/deal/dealList: deals paged on the server with their allocation preview, search, edit, (de)activate and delete. */
export default function DealListPage() {
  const setActive = useSetDealActive();
  const result = useResultDialog();
  const toggle = useActiveToggle<DealRow>({
    noun: "deal",
    result,
    send: (row, handlers) => setActive.mutate({ id: row.id, active: !row.active }, handlers),
    busy: setActive.isPending,
    deactivateMessage: (row) => `Deactivate ${row.name}? The POS stops offering it; it stays in the list.`,
    activateMessage: (row) => `Activate ${row.name} again? The POS offers it within its days and hours.`,
  });

  return (
    <SearchedListPage
      noun="deal"
      searchLabel="Search name or code"
      useList={useDeals}
      columns={COLUMNS}
      add={{ to: DEAL_ROUTES.add, label: "Add Deal" }}
      middleActions={toggle.action}
      remove={{
        mutation: useDeleteDeal(),
        title: "Delete deal",
        message: (deal) =>
          `Delete ${deal.name} (${deal.code})? A deal that orders use cannot be deleted; deactivate it instead.`,
      }}
      result={result}
    >
      {toggle.dialog}
    </SearchedListPage>
  );
}
