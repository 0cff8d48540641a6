import type { Category } from "@cargodesk/shared";
import AddIcon from "@mui/icons-material/Add";
import ArrowDownwardIcon from "@mui/icons-material/ArrowDownward";
import ArrowUpwardIcon from "@mui/icons-material/ArrowUpward";
import BlockIcon from "@mui/icons-material/Block";
import DeleteIcon from "@mui/icons-material/Delete";
import EditIcon from "@mui/icons-material/Edit";
import { Box, Button, Chip, IconButton, Tooltip } from "@mui/material";
import { useState } from "react";
import { Link as RouterLink } from "react-router";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { type Column, DataTable } from "../../components/DataTable";
import { ResultDialog, useResultDialog } from "../../components/ResultDialog";
import { errorMessage } from "../../lib/api";
import { useCategories, useDeleteCategory, useSaveCategory, useSortCategories } from "./api";
import { CATEGORY_ROUTES } from "./paths";
import { siblingOrder } from "./tree";

const COLUMNS: Column<Category>[] = [
  {
    key: "name",
    header: "Category",
    render: (row) => (
      <Box sx={{ display: "flex", alignItems: "center", gap: 1, pl: row.level === 2 ? 4 : 0 }}>
        {row.color ? (
          <Box sx={{ width: 14, height: 14, borderRadius: 0.5, bgcolor: row.color, flexShrink: 0 }} aria-hidden />
        ) : null}
        <Box component="span" sx={{ fontWeight: row.level === 1 ? 600 : 400 }}>
          {row.level === 2 ? `↳ ${row.name}` : row.name}
        </Box>
      </Box>
    ),
  },
  { key: "products", header: "Products", align: "right", render: (row) => row.productCount },
  { key: "station", header: "Kitchen Station", render: (row) => row.stationName ?? "" },
  { key: "kitchen", header: "Send to Kitchen", render: (row) => (row.sendToKitchen ? "Yes" : "No") },
  {
    key: "active",
    header: "Status",
    nowrap: true,
    render: (row) => (
      <Chip size="small" label={row.active ? "Active" : "Inactive"} color={row.active ? "success" : "default"} />
    ),
  },
];

const inputOf = (row: Category, active: boolean) => ({
  name: row.name,
  parentId: row.parentId,
  sort: row.sort,
  color: row.color,
  stationId: row.stationId,
  sendToKitchen: row.sendToKitchen,
  revenueAccountId: row.revenueAccountId,
  cogsAccountId: row.cogsAccountId,
  active,
});

function ToggleActive({ row, onDone }: { row: Category; onDone: (message: string, failed: boolean) => void }) {
  const save = useSaveCategory(row.id);
  const label = `${row.active ? "Deactivate" : "Activate"} ${row.name}`;
  return (
    <Tooltip title={label}>
      <span>
        <IconButton
          aria-label={label}
          disabled={save.isPending}
          onClick={() =>
            save.mutate(inputOf(row, !row.active), {
              onSuccess: (answer) => onDone(answer.message, false),
              onError: (error) => onDone(errorMessage(error), true),
            })
          }
        >
          <BlockIcon fontSize="small" color={row.active ? "inherit" : "disabled"} />
        </IconButton>
      </span>
    </Tooltip>
  );
}

/** /inventory/catagory/listcatagory: the category tree with product counts, ordering, edit, deactivate and delete. */
export default function CategoryListPage() {
  const categories = useCategories();
  const remove = useDeleteCategory();
  const sort = useSortCategories();
  const [deleting, setDeleting] = useState<Category | null>(null);
  const result = useResultDialog();
  const rows = categories.data?.data;

  const move = (row: Category, step: -1 | 1) => {
    const ids = siblingOrder(rows ?? [], row.id, step);
    if (!ids) return;
    sort.mutate(ids, { onError: (error) => result.show("Error", errorMessage(error)) });
  };

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: (answer) => result.show("Success", answer.message),
      onError: (error) => result.show("Error", errorMessage(error)),
      onSettled: () => setDeleting(null),
    });
  };

  return (
    <>
      <DataTable
        label="Menu categories"
        columns={COLUMNS}
        rows={rows}
        rowKey={(row) => row.id}
        loading={categories.isPending}
        fetching={categories.isFetching || sort.isPending}
        error={categories.error}
        onRetry={() => void categories.refetch()}
        errorTitle="Could not load the categories."
        emptyMessage="No categories yet. Add the first one."
        toolbar={
          <Button component={RouterLink} to={CATEGORY_ROUTES.add} variant="contained" startIcon={<AddIcon />}>
            Add Category
          </Button>
        }
        actionsHeader="Actions"
        rowActions={(row) => (
          <Box sx={{ display: "flex" }}>
            <Tooltip title={`Move ${row.name} up`}>
              <span>
                <IconButton
                  aria-label={`Move ${row.name} up`}
                  disabled={sort.isPending || !siblingOrder(rows ?? [], row.id, -1)}
                  onClick={() => move(row, -1)}
                >
                  <ArrowUpwardIcon fontSize="small" />
                </IconButton>
              </span>
            </Tooltip>
            <Tooltip title={`Move ${row.name} down`}>
              <span>
                <IconButton
                  aria-label={`Move ${row.name} down`}
                  disabled={sort.isPending || !siblingOrder(rows ?? [], row.id, 1)}
                  onClick={() => move(row, 1)}
                >
                  <ArrowDownwardIcon fontSize="small" />
                </IconButton>
              </span>
            </Tooltip>
            <Tooltip title={`Edit ${row.name}`}>
              <IconButton
                component={RouterLink}
                to={`${CATEGORY_ROUTES.add}?id=${row.id}`}
                aria-label={`Edit ${row.name}`}
              >
                <EditIcon fontSize="small" />
              </IconButton>
            </Tooltip>
            <ToggleActive row={row} onDone={(message, failed) => result.show(failed ? "Error" : "Success", message)} />
            <Tooltip title={`Delete ${row.name}`}>
              <IconButton onClick={() => setDeleting(row)} aria-label={`Delete ${row.name}`}>
                <DeleteIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          </Box>
        )}
      />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete category"
        message={
          deleting
            ? `Delete ${deleting.name}? A category with products or sub-categories cannot be deleted; deactivate it instead.`
            : ""
        }
        confirmLabel="Delete"
        confirmColor="error"
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
      <ResultDialog {...result.dialogProps} />
    </>
  );
}
