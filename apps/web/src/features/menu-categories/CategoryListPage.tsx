import type { Category } from "@cargodesk/shared";
import ArrowDownwardIcon from "@mui/icons-material/ArrowDownward";
import ArrowUpwardIcon from "@mui/icons-material/ArrowUpward";
import BlockIcon from "@mui/icons-material/Block";
import { Box, IconButton, Tooltip } from "@mui/material";
import type { ReactNode } from "react";
import type { Column } from "../../components/DataTable";
import { ListPage, statusColumn } from "../../components/ListPage";
import { useResultDialog } from "../../components/ResultDialog";
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
  statusColumn<Category>(),
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
  const sort = useSortCategories();
  const result = useResultDialog();
  const rows = categories.data?.data;

  const move = (row: Category, step: -1 | 1) => {
    const ids = siblingOrder(rows ?? [], row.id, step);
    if (!ids) return;
    sort.mutate(ids, { onError: (error) => result.show("Error", errorMessage(error)) });
  };
  const moveAction = (row: Category, step: -1 | 1, direction: string, icon: ReactNode) => (
    <Tooltip title={`Move ${row.name} ${direction}`}>
      <span>
        <IconButton
          aria-label={`Move ${row.name} ${direction}`}
          disabled={sort.isPending || !siblingOrder(rows ?? [], row.id, step)}
          onClick={() => move(row, step)}
        >
          {icon}
        </IconButton>
      </span>
    </Tooltip>
  );

  return (
    <ListPage
      label="Menu categories"
      columns={COLUMNS}
      rows={rows}
      query={categories}
      busy={sort.isPending}
      errorTitle="Could not load the categories."
      emptyMessage="No categories yet. Add the first one."
      add={{ to: CATEGORY_ROUTES.add, label: "Add Category" }}
      leadingActions={(row) => (
        <>
          {moveAction(row, -1, "up", <ArrowUpwardIcon fontSize="small" />)}
          {moveAction(row, 1, "down", <ArrowDownwardIcon fontSize="small" />)}
        </>
      )}
      middleActions={(row) => (
        <ToggleActive row={row} onDone={(message, failed) => result.show(failed ? "Error" : "Success", message)} />
      )}
      remove={{
        mutation: useDeleteCategory(),
        title: "Delete category",
        message: (category) =>
          `Delete ${category.name}? A category with products or sub-categories cannot be deleted; deactivate it instead.`,
      }}
      result={result}
    />
  );
}
