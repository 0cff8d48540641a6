import { formatMinor, parseMinor, type RecipeRow } from "@cargodesk/shared";
import AddIcon from "@mui/icons-material/Add";
import DownloadIcon from "@mui/icons-material/Download";
import EditIcon from "@mui/icons-material/Edit";
import { Alert, Box, Button, Tab, Tabs } from "@mui/material";
import { useState } from "react";
import { Link as RouterLink } from "react-router";
import { type Column, DataTable, MASTER_PAGE_SIZES } from "../../components/DataTable";
import { RowAction, RowActions } from "../../components/RowAction";
import { SearchField } from "../../components/SearchField";
import { useServerPaging } from "../../components/server-paging";
import { errorMessage } from "../../lib/api";
import { formatInstant } from "../../lib/dates";
import { useDebouncedValue } from "../../lib/hooks";
import { useExportRecipes, useRecipes } from "./api";
import { RECIPE_ROUTES, recipeEditPath, recipeForVariantPath } from "./paths";

const money = (amount: number | null) => (amount === null ? "—" : formatMinor(parseMinor(amount) ?? 0n));
const percent = (value: number | null) => (value === null ? "—" : `${value.toFixed(2)}%`);

const ITEM: Column<RecipeRow> = {
  key: "item",
  header: "Variant",
  render: (row) => `${row.variantLabel} (${row.productCode})`,
};
const PRICE: Column<RecipeRow> = {
  key: "price",
  header: "Price",
  align: "right",
  nowrap: true,
  render: (row) => money(row.price),
};

const RECIPE_COLUMNS: Column<RecipeRow>[] = [
  ITEM,
  { key: "version", header: "Version", align: "right", render: (row) => row.version },
  { key: "lines", header: "Lines", align: "right", render: (row) => row.lineCount },
  {
    key: "cost",
    header: "Cost",
    align: "right",
    nowrap: true,
    render: (row) =>
      row.uncostedLines > 0 ? `${money(row.cost)} (${row.uncostedLines} line(s) without a rate)` : money(row.cost),
  },
  PRICE,
  { key: "food", header: "Food Cost %", align: "right", render: (row) => percent(row.foodCostPercent) },
  {
    key: "edited",
    header: "Last Edited",
    nowrap: true,
    render: (row) =>
      row.lastEdited ? `${formatInstant(row.lastEdited)}${row.editedBy ? ` by ${row.editedBy}` : ""}` : "—",
  },
];

const MISSING_COLUMNS: Column<RecipeRow>[] = [ITEM, PRICE];

/** /inventory/Recipe/listRecipe: current recipes with cost and food-cost %, variants still without one, and the XLSX export. */
export default function RecipeListPage() {
  const [tab, setTab] = useState<"recipes" | "missing">("recipes");
  const [search, setSearch] = useState("");
  const { page, pageSize, setPage, paging } = useServerPaging(MASTER_PAGE_SIZES[1]);
  const settled = useDebouncedValue(search.trim());
  const missing = tab === "missing";
  const recipes = useRecipes({ search: settled || undefined, missing, page: page + 1, size: pageSize });
  const exporter = useExportRecipes();

  return (
    <Box sx={{ display: "grid", gap: 2 }}>
      <Tabs
        value={tab}
        onChange={(_event, value: "recipes" | "missing") => {
          setTab(value);
          setPage(0);
        }}
        aria-label="Recipe list views"
      >
        <Tab value="recipes" label="Recipes" />
        <Tab value="missing" label="Variants without recipe" />
      </Tabs>
      {exporter.error ? <Alert severity="error">{errorMessage(exporter.error)}</Alert> : null}
      <DataTable
        label={missing ? "Variants without recipe" : "Recipes"}
        columns={missing ? MISSING_COLUMNS : RECIPE_COLUMNS}
        rows={recipes.data?.data}
        rowKey={(row) => row.variantId}
        loading={recipes.isPending}
        fetching={recipes.isFetching || exporter.isPending}
        error={recipes.error}
        onRetry={() => void recipes.refetch()}
        errorTitle="Could not load the recipes."
        emptyMessage={
          settled
            ? `Nothing matches "${settled}".`
            : missing
              ? "Every variant of a recipe-tracked product has a recipe."
              : "No recipes yet. Add the first one."
        }
        toolbar={
          <Box sx={{ display: "flex", gap: 2, flexWrap: "wrap", alignItems: "center" }}>
            <SearchField
              label="Search product, size or flavour"
              value={search}
              onChange={(value) => {
                setSearch(value);
                setPage(0);
              }}
            />
            <Button component={RouterLink} to={RECIPE_ROUTES.add} variant="contained" startIcon={<AddIcon />}>
              Add Recipe
            </Button>
            <Button
              variant="outlined"
              startIcon={<DownloadIcon />}
              disabled={exporter.isPending}
              onClick={() => exporter.mutate(settled || undefined)}
            >
              Export XLSX
            </Button>
          </Box>
        }
        server={paging(recipes.data?.total_results ?? 0)}
        pageSizeOptions={MASTER_PAGE_SIZES}
        actionsHeader="Actions"
        rowActions={(row) => (
          <RowActions>
            {row.recipeId === null ? (
              <RowAction
                title={`Add recipe for ${row.variantLabel}`}
                icon={<AddIcon fontSize="small" />}
                to={recipeForVariantPath(row.variantId)}
              />
            ) : (
              <RowAction
                title={`Edit recipe of ${row.variantLabel}`}
                icon={<EditIcon fontSize="small" />}
                to={recipeEditPath(row.recipeId)}
              />
            )}
          </RowActions>
        )}
      />
    </Box>
  );
}
