import AddIcon from "@mui/icons-material/Add";
import DeleteIcon from "@mui/icons-material/Delete";
import EditIcon from "@mui/icons-material/Edit";
import { Box, Button, Chip } from "@mui/material";
import type { UseMutationResult, UseQueryResult } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { Link as RouterLink } from "react-router";
import { errorMessage } from "../lib/api";
import { useDebouncedValue } from "../lib/hooks";
import { ConfirmDialog } from "./ConfirmDialog";
import { type Column, DataTable, MASTER_PAGE_SIZES, type ServerPaging } from "./DataTable";
import { ResultDialog, useResultDialog } from "./ResultDialog";
import { RowAction, RowActions } from "./RowAction";
import { SearchField } from "./SearchField";
import { useServerPaging } from "./server-paging";

/** The part of a react-query list query the page reads. */
export interface ListQuery {
  isPending: boolean;
  isFetching: boolean;
  error: Error | null;
  refetch: () => unknown;
}

/** A record a list page edits (`<add>?id=`) and deletes by id; its name labels the row's actions. */
export interface ListedRecord {
  id: number;
  name: string;
}

export interface ListPageProps<T extends ListedRecord> {
  /** The table's accessible name, e.g. "Halls". */
  label: string;
  columns: Column<T>[];
  /** Every row (client paging) or the current page (`server`); undefined before the first answer. */
  rows: readonly T[] | undefined;
  query: ListQuery;
  /** Another call under way that the table shows as fetching (a re-sort). */
  busy?: boolean;
  errorTitle: string;
  emptyMessage: string;
  /** The Add button in the toolbar; each row's Edit links to `${add.to}?id=<id>`. */
  add: { to: string; label: string };
  /** A search box left of the Add button. */
  search?: { label: string; value: string; onChange: (value: string) => void };
  /** More filters (a kind or state select), between the search box and Add. */
  filters?: ReactNode;
  server?: ServerPaging;
  pageSizeOptions?: readonly number[];
  /** Row actions before Edit (a QR card, move up/down). */
  leadingActions?: (row: T) => ReactNode;
  /** Row actions between Edit and Delete (deactivate, a ledger link). */
  middleActions?: (row: T) => ReactNode;
  /** The confirmed delete: the server's answer (or its refusal) shows in the result pop-up. */
  remove: {
    mutation: UseMutationResult<{ message: string }, Error, number>;
    title: string;
    message: (row: T) => string;
  };
  /** The page's own result pop-up, when its other actions report there too. */
  result?: ReturnType<typeof useResultDialog>;
  /** More dialogs of the page (a confirmed deactivate). */
  children?: ReactNode;
}

/**
 * A server-paged list's search box and paging: typing starts again at the first page, and
 * `settled` (the search once typing pauses) is what the list query sends.
 */
export function useSearchedPages(label: string, firstPageSize: number = MASTER_PAGE_SIZES[1]) {
  const [value, setValue] = useState("");
  const { page, pageSize, setPage, paging } = useServerPaging(firstPageSize);
  const settled = useDebouncedValue(value.trim());
  const onChange = (next: string) => {
    setValue(next);
    setPage(0);
  };
  return { settled, page, pageSize, paging, search: { label, value, onChange } };
}

/**
 * A row's confirmed Delete: `ask(row)` opens the confirmation (Cancel keeps the row), and the
 * server's answer or its refusal (in use, 409) shows in the page's result pop-up.
 */
export function useConfirmedDelete<T>({
  mutation,
  idOf,
  result,
  title,
  message,
  doneText = (answer) => answer.message,
}: {
  mutation: UseMutationResult<{ message: string }, Error, number>;
  idOf: (row: T) => number;
  result: ReturnType<typeof useResultDialog>;
  title: string;
  message: (row: T) => string;
  /** The Success pop-up's words (default: the server's message). */
  doneText?: (answer: { message: string }, row: T) => string;
}): { ask: (row: T) => void; dialog: ReactNode } {
  const [deleting, setDeleting] = useState<T | null>(null);
  const confirm = () => {
    if (deleting === null) return;
    const row = deleting;
    mutation.mutate(idOf(row), {
      onSuccess: (answer) => result.show("Success", doneText(answer, row)),
      onError: (error) => result.show("Error", errorMessage(error)),
      onSettled: () => setDeleting(null),
    });
  };
  const dialog = (
    <ConfirmDialog
      open={deleting !== null}
      title={title}
      message={deleting === null ? "" : message(deleting)}
      confirmLabel="Delete"
      confirmColor="error"
      busy={mutation.isPending}
      onConfirm={confirm}
      onCancel={() => setDeleting(null)}
    />
  );
  return { ask: setDeleting, dialog };
}

/** The Status column: a record's Active or Inactive chip. */
export const statusColumn = <T extends { active: boolean }>(): Column<T> => ({
  key: "active",
  header: "Status",
  nowrap: true,
  render: (row) => (
    <Chip size="small" label={row.active ? "Active" : "Inactive"} color={row.active ? "success" : "default"} />
  ),
});

/**
 * A list page: the DataTable with its loading, error and empty states, an Add button (and a search
 * box), Edit and a confirmed Delete on each row, and the result pop-up that reports the delete.
 */
export function ListPage<T extends ListedRecord>({
  label,
  columns,
  rows,
  query,
  busy = false,
  errorTitle,
  emptyMessage,
  add,
  search,
  filters,
  server,
  pageSizeOptions,
  leadingActions,
  middleActions,
  remove,
  result: pageResult,
  children,
}: ListPageProps<T>) {
  const ownResult = useResultDialog();
  const result = pageResult ?? ownResult;
  const removal = useConfirmedDelete<T>({
    mutation: remove.mutation,
    idOf: (row) => row.id,
    result,
    title: remove.title,
    message: remove.message,
  });
  const addButton = (
    <Button component={RouterLink} to={add.to} variant="contained" startIcon={<AddIcon />}>
      {add.label}
    </Button>
  );
  return (
    <>
      <DataTable
        label={label}
        columns={columns}
        rows={rows}
        rowKey={(row) => row.id}
        loading={query.isPending}
        fetching={query.isFetching || busy}
        error={query.error}
        onRetry={() => void query.refetch()}
        errorTitle={errorTitle}
        emptyMessage={emptyMessage}
        toolbar={
          search || filters ? (
            <Box sx={{ display: "flex", gap: 2, flexWrap: "wrap", alignItems: "center" }}>
              {search ? <SearchField label={search.label} value={search.value} onChange={search.onChange} /> : null}
              {filters}
              {addButton}
            </Box>
          ) : (
            addButton
          )
        }
        {...(server ? { server } : {})}
        {...(pageSizeOptions ? { pageSizeOptions } : {})}
        actionsHeader="Actions"
        rowActions={(row) => (
          <RowActions>
            {leadingActions?.(row)}
            <RowAction title={`Edit ${row.name}`} icon={<EditIcon fontSize="small" />} to={`${add.to}?id=${row.id}`} />
            {middleActions?.(row)}
            <RowAction
              title={`Delete ${row.name}`}
              icon={<DeleteIcon fontSize="small" />}
              onClick={() => removal.ask(row)}
            />
          </RowActions>
        )}
      />
      {removal.dialog}
      {children}
      <ResultDialog {...result.dialogProps} />
    </>
  );
}

/** The server's answer for one page of a searched list. */
interface SearchedPage<T> {
  data: T[];
  total_results: number;
}

/**
 * A ListPage over a list the server searches and pages (vendors, customers, deals): the search box
 * and paging of useSearchedPages, and the texts made from the record's noun.
 */
export function SearchedListPage<T extends ListedRecord>({
  noun,
  searchLabel,
  useList,
  ...props
}: Omit<
  ListPageProps<T>,
  "label" | "rows" | "query" | "errorTitle" | "emptyMessage" | "search" | "server" | "pageSizeOptions"
> & {
  /** "vendor": the table is "Vendors"; "No vendor matches ...", "No vendors yet.", "Could not load the vendors." */
  noun: string;
  searchLabel: string;
  /** The feature's list query for one page, searched by `search`. */
  useList: (query: { search: string | undefined; page: number; size: number }) => UseQueryResult<SearchedPage<T>>;
}) {
  const { settled, page, pageSize, paging, search } = useSearchedPages(searchLabel);
  const list = useList({ search: settled || undefined, page: page + 1, size: pageSize });
  const nouns = `${noun}s`;
  return (
    <ListPage
      {...props}
      label={`${nouns.charAt(0).toUpperCase()}${nouns.slice(1)}`}
      rows={list.data?.data}
      query={list}
      errorTitle={`Could not load the ${nouns}.`}
      emptyMessage={settled ? `No ${noun} matches "${settled}".` : `No ${nouns} yet. Add the first one.`}
      search={search}
      server={paging(list.data?.total_results ?? 0)}
      pageSizeOptions={MASTER_PAGE_SIZES}
    />
  );
}
