import {
  formatMinor,
  formatQty,
  parseMinor,
  parseQtyMicro,
  type StoreProductRow,
  storeProductUpdateSchema,
} from "@cargodesk/shared";
import AddIcon from "@mui/icons-material/Add";
import DeleteIcon from "@mui/icons-material/Delete";
import DownloadIcon from "@mui/icons-material/Download";
import EditIcon from "@mui/icons-material/Edit";
import VisibilityOffIcon from "@mui/icons-material/VisibilityOff";
import { Box, Button, Chip, FormControlLabel, MenuItem, Switch, TextField } from "@mui/material";
import { useState } from "react";
import { Link as RouterLink } from "react-router";
import { type Column, DataTable, MASTER_PAGE_SIZES } from "../../components/DataTable";
import { useConfirmedDelete } from "../../components/ListPage";
import { ResultDialog, useResultDialog } from "../../components/ResultDialog";
import { RowAction, RowActions } from "../../components/RowAction";
import { SearchField } from "../../components/SearchField";
import { useServerPaging } from "../../components/server-paging";
import { errorMessage } from "../../lib/api";
import { useCan, useDebouncedValue } from "../../lib/hooks";
import {
  useDeleteStoreProduct,
  useExportStoreProducts,
  useStoreProductGroups,
  useStoreProducts,
  useUpdateStoreProduct,
} from "./api";
import { EditStoreProductDialog, formOf } from "./EditStoreProductDialog";
import { STORE_PRODUCT_PERMISSIONS, STORE_PRODUCT_ROUTES } from "./paths";

const qty = (value: number) => formatQty(parseQtyMicro(value) ?? 0n);
const money = (value: number) => formatMinor(parseMinor(value) ?? 0n);

const COLUMNS: Column<StoreProductRow>[] = [
  { key: "code", header: "Code", nowrap: true, render: (row) => row.code },
  { key: "name", header: "Name", render: (row) => row.name },
  { key: "group", header: "Group", render: (row) => row.group },
  { key: "uom", header: "UOM", nowrap: true, render: (row) => row.stockUom },
  { key: "store", header: "Store qty", align: "right", nowrap: true, render: (row) => qty(row.storeQty) },
  { key: "kitchen", header: "Kitchen qty", align: "right", nowrap: true, render: (row) => qty(row.kitchenQty) },
  {
    key: "average",
    header: "Avg cost",
    align: "right",
    nowrap: true,
    render: (row) => (row.averageCost === null ? "—" : money(row.averageCost)),
  },
  { key: "value", header: "Value", align: "right", nowrap: true, render: (row) => money(row.value) },
  {
    key: "reorder",
    header: "Reorder",
    nowrap: true,
    render: (row) =>
      row.belowReorder ? (
        <Chip size="small" color="warning" label={`Below ${qty(row.reorderLevel)}`} />
      ) : row.reorderLevel > 0 ? (
        qty(row.reorderLevel)
      ) : (
        ""
      ),
  },
  {
    key: "active",
    header: "Status",
    nowrap: true,
    render: (row) => (
      <Chip size="small" label={row.active ? "Active" : "Inactive"} color={row.active ? "success" : "default"} />
    ),
  },
];

type ActiveFilter = "all" | "active" | "inactive";

/**
 * /inventory/Product/storeProductList: store products paged on the server with what the Store and
 * the Kitchen hold, average cost and value; search, group, below reorder and status filters, XLSX
 * of every matching row; Edit, Deactivate and Delete for holders of Store Product Upload.
 */
export default function StoreProductListPage() {
  const [search, setSearch] = useState("");
  const [group, setGroup] = useState("");
  const [belowReorder, setBelowReorder] = useState(false);
  const [status, setStatus] = useState<ActiveFilter>("all");
  const { page, pageSize, setPage, paging } = useServerPaging(MASTER_PAGE_SIZES[1]);
  const settled = useDebouncedValue(search.trim());
  const filter = {
    search: settled || undefined,
    group: group || undefined,
    belowReorder: belowReorder ? ("true" as const) : undefined,
    active: status === "all" ? undefined : status === "active" ? ("true" as const) : ("false" as const),
  };
  const products = useStoreProducts({ ...filter, page: page + 1, size: pageSize });
  const groups = useStoreProductGroups();
  const canEdit = useCan(STORE_PRODUCT_PERMISSIONS.upload);
  const exporter = useExportStoreProducts();
  const update = useUpdateStoreProduct();
  const [editing, setEditing] = useState<StoreProductRow | null>(null);
  const result = useResultDialog();
  const removal = useConfirmedDelete<StoreProductRow>({
    mutation: useDeleteStoreProduct(),
    idOf: (row) => row.id,
    result,
    title: "Delete store product",
    message: (row) =>
      `Delete ${row.name} (${row.code})? A product with stock moves or store documents cannot be deleted; deactivate it instead.`,
    doneText: (answer, row) => `${answer.message}: ${row.name}`,
  });
  const filtered = Boolean(settled || group || belowReorder || status !== "all");

  const toFirstPage =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(0);
    };

  const toggleActive = (row: StoreProductRow) => {
    const parsed = storeProductUpdateSchema.safeParse({ ...formOf(row), active: !row.active });
    if (!parsed.success) {
      // A row the rules no longer accept (e.g. an old code) is fixed in the Edit dialog first.
      result.show("Error", parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; "));
      return;
    }
    update.mutate(
      { id: row.id, input: parsed.data },
      {
        onSuccess: () => result.show("Success", `${row.name} is ${row.active ? "deactivated" : "active again"}.`),
        onError: (error) => result.show("Error", errorMessage(error)),
      },
    );
  };

  return (
    <>
      <DataTable
        label="Store products"
        columns={COLUMNS}
        rows={products.data?.data}
        rowKey={(row) => row.id}
        rowTestId={(row) => `store-product-${row.code}`}
        loading={products.isPending}
        fetching={products.isFetching}
        error={products.error}
        onRetry={() => void products.refetch()}
        errorTitle="Could not load the store products."
        emptyMessage={
          filtered ? "No store product matches these filters." : "No store products yet. Upload or add the first ones."
        }
        toolbar={
          <Box sx={{ display: "flex", gap: 2, flexWrap: "wrap", alignItems: "center" }}>
            <SearchField label="Search code, name or barcode" value={search} onChange={toFirstPage(setSearch)} />
            <TextField
              select
              size="small"
              label="Group"
              value={group}
              onChange={(event) => toFirstPage(setGroup)(event.target.value)}
              sx={{ minWidth: 160 }}
              slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            >
              <MenuItem value="">All groups</MenuItem>
              {(groups.data ?? []).map((name) => (
                <MenuItem key={name} value={name}>
                  {name}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              size="small"
              label="Status"
              value={status}
              onChange={(event) => toFirstPage(setStatus)(event.target.value as ActiveFilter)}
              sx={{ minWidth: 130 }}
            >
              <MenuItem value="all">All</MenuItem>
              <MenuItem value="active">Active</MenuItem>
              <MenuItem value="inactive">Inactive</MenuItem>
            </TextField>
            <FormControlLabel
              control={
                <Switch
                  checked={belowReorder}
                  onChange={(event) => toFirstPage(setBelowReorder)(event.target.checked)}
                />
              }
              label="Below reorder"
            />
            <Button
              startIcon={<DownloadIcon />}
              disabled={exporter.isPending}
              onClick={() => exporter.mutate(filter, { onError: (error) => result.show("Error", errorMessage(error)) })}
            >
              Export XLSX
            </Button>
            {canEdit ? (
              <Button
                component={RouterLink}
                to={STORE_PRODUCT_ROUTES.upload}
                variant="contained"
                startIcon={<AddIcon />}
              >
                Upload / Add
              </Button>
            ) : null}
          </Box>
        }
        server={paging(products.data?.total_results ?? 0)}
        pageSizeOptions={MASTER_PAGE_SIZES}
        actionsHeader={canEdit ? "Actions" : undefined}
        rowActions={
          canEdit
            ? (row) => (
                <RowActions>
                  <RowAction
                    title={`Edit ${row.name}`}
                    onClick={() => setEditing(row)}
                    icon={<EditIcon fontSize="small" />}
                  />
                  <RowAction
                    title={row.active ? `Deactivate ${row.name}` : `Activate ${row.name}`}
                    onClick={() => toggleActive(row)}
                    disabled={update.isPending}
                    icon={<VisibilityOffIcon fontSize="small" color={row.active ? "inherit" : "disabled"} />}
                  />
                  <RowAction
                    title={`Delete ${row.name}`}
                    onClick={() => removal.ask(row)}
                    icon={<DeleteIcon fontSize="small" />}
                  />
                </RowActions>
              )
            : undefined
        }
      />
      <EditStoreProductDialog
        product={editing}
        onClose={() => setEditing(null)}
        onSaved={(message) => {
          setEditing(null);
          result.show("Success", message);
        }}
      />
      {removal.dialog}
      <ResultDialog {...result.dialogProps} />
    </>
  );
}
