import AddIcon from "@mui/icons-material/Add";
import VisibilityIcon from "@mui/icons-material/Visibility";
import { Button } from "@mui/material";
import { useMemo, useState } from "react";
import { Link as RouterLink } from "react-router";
import { type Column, DataTable } from "../../components/DataTable";
import type { CsvColumn } from "../../components/ExportCsvButton";
import { ExportCsvButton } from "../../components/ExportCsvButton";
import { ResultCount } from "../../components/ResultCount";
import { ResultDialog, useResultDialog } from "../../components/ResultDialog";
import { SearchField } from "../../components/SearchField";
import { errorMessage } from "../../lib/api";
import { useCan, useDebouncedValue } from "../../lib/hooks";
import {
  fetchEveryRow,
  MASTER_PATHS,
  PARTY_ROW_SCHEMAS,
  type PartyKind,
  type PartyRow,
  partyId,
  usePartyPage,
} from "./api";
import { PARTY_SCREENS } from "./paths";

const DEFAULT_PAGE_SIZE = 50;

const text = (value: string | null | undefined): string => value || "—";
const senderField = (row: PartyRow, key: "gst" | "ntn" | "cnic"): string | null | undefined =>
  "sender_id" in row ? row[key] : null;
const vatOf = (row: PartyRow): string | null | undefined => ("receiver_id" in row ? row.vat : null);

const baseColumns: readonly Column<PartyRow>[] = [
  { key: "name", header: "Name", render: (row) => row.name },
  { key: "company", header: "Company", render: (row) => text(row.company) },
  { key: "country", header: "Country", render: (row) => text(row.country?.name) },
  { key: "city", header: "City", render: (row) => text(row.city) },
  { key: "phone", header: "Phone", nowrap: true, render: (row) => text(row.phone) },
  { key: "email", header: "Email", render: (row) => text(row.email) },
];
const ntnColumn: Column<PartyRow> = { key: "ntn", header: "NTN", render: (row) => text(senderField(row, "ntn")) };

/** The CSV holds every field of every row. */
function csvColumns(kind: PartyKind): CsvColumn<PartyRow>[] {
  const columns: CsvColumn<PartyRow>[] = [
    { header: "ID", value: partyId },
    { header: "Name", value: (row) => row.name },
    { header: "Company", value: (row) => row.company },
    { header: "Country", value: (row) => row.country?.name },
    { header: "Address", value: (row) => row.address },
    { header: "Address 2", value: (row) => row.address_2 },
    { header: "Address 3", value: (row) => row.address_3 },
    { header: "Postal Code", value: (row) => row.postal_code },
    { header: "City", value: (row) => row.city },
    { header: "State", value: (row) => row.state },
    { header: "Email", value: (row) => row.email },
    { header: "Phone", value: (row) => row.phone },
  ];
  if (kind === "sender") {
    columns.push(
      { header: "GST", value: (row) => senderField(row, "gst") },
      { header: "NTN", value: (row) => senderField(row, "ntn") },
      { header: "CNIC", value: (row) => senderField(row, "cnic") },
    );
  } else {
    columns.push({ header: "VAT", value: (row) => vatOf(row) });
  }
  return columns;
}

/**
 * Sender Details and Receiver Details: server-paged and searched. View Sender (View Receiver)
 * opens the edit form and shows only with Sender Edit (Receiver Edit); there is no delete control.
 */
export function PartyListPage({ kind }: { kind: PartyKind }) {
  const screens = PARTY_SCREENS[kind];
  const canEdit = useCan(screens.permissions.edit);
  const canAdd = useCan(screens.permissions.add);
  const result = useResultDialog();
  const [search, setSearch] = useState("");
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const query = useDebouncedValue(search.trim());
  const list = usePartyPage(kind, { page: page + 1, size: pageSize, search: query });
  const total = list.data?.total_results ?? 0;

  const columns = useMemo<readonly Column<PartyRow>[]>(() => {
    const shown = kind === "sender" ? [...baseColumns, ntnColumn] : [...baseColumns];
    if (!canEdit) return shown;
    return [
      ...shown,
      {
        key: "actions",
        header: "Actions",
        nowrap: true,
        render: (row) => (
          <Button
            size="small"
            component={RouterLink}
            to={`${screens.edit}?id=${partyId(row)}`}
            startIcon={<VisibilityIcon fontSize="small" />}
          >
            View {screens.noun}
          </Button>
        ),
      },
    ];
  }, [kind, canEdit, screens]);

  const plural = screens.plural.toLowerCase();
  return (
    <>
      <DataTable
        label={`${screens.noun} Details`}
        columns={columns}
        rows={list.data?.data}
        rowKey={partyId}
        server={{
          total,
          page,
          pageSize,
          onPageChange: setPage,
          onPageSizeChange: (size) => {
            setPageSize(size);
            setPage(0);
          },
        }}
        loading={list.isPending}
        fetching={list.isFetching}
        error={list.error}
        onRetry={() => void list.refetch()}
        emptyMessage={query ? `No ${screens.noun.toLowerCase()} matches your search.` : `No ${plural} yet.`}
        toolbar={
          <>
            <SearchField
              label={`Search ${plural}`}
              value={search}
              onChange={(value) => {
                setSearch(value);
                setPage(0);
              }}
            />
            <ExportCsvButton
              fileName={plural}
              columns={csvColumns(kind)}
              loadRows={() => fetchEveryRow(MASTER_PATHS[kind], PARTY_ROW_SCHEMAS[kind], query)}
              onError={(error) => result.show("Error", errorMessage(error))}
              disabled={total === 0}
            />
            {canAdd ? (
              <Button component={RouterLink} to={screens.add} startIcon={<AddIcon />}>
                Add {screens.noun}
              </Button>
            ) : null}
            <ResultCount
              shown={list.data?.total_results}
              total={list.data?.total_results}
              singular={screens.noun.toLowerCase()}
            />
          </>
        }
      />
      <ResultDialog {...result.dialogProps} />
    </>
  );
}
