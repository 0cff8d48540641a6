import { formatMinor, type ProductRow, type ProductState, parseMinor } from "@cargodesk/shared";
import AddIcon from "@mui/icons-material/Add";
import ContentCopyIcon from "@mui/icons-material/ContentCopy";
import EditIcon from "@mui/icons-material/Edit";
import ImageOutlinedIcon from "@mui/icons-material/ImageOutlined";
import RemoveShoppingCartIcon from "@mui/icons-material/RemoveShoppingCart";
import ShoppingCartIcon from "@mui/icons-material/ShoppingCart";
import { Box, Button, Chip, FormControlLabel, Switch, TextField } from "@mui/material";
import { useState } from "react";
import { Link as RouterLink } from "react-router";
import { type Column, DataTable, MASTER_PAGE_SIZES } from "../../components/DataTable";
import { FilterField } from "../../components/FilterField";
import { ResultDialog, useResultDialog } from "../../components/ResultDialog";
import { RowAction, RowActions } from "../../components/RowAction";
import { SearchField } from "../../components/SearchField";
import { useServerPaging } from "../../components/server-paging";
import { errorMessage } from "../../lib/api";
import { useCan, useDebouncedValue } from "../../lib/hooks";
import { useCategories } from "../menu-categories/api";
import { useStoredImage } from "../users/images";
import { useProducts, useSetSoldOut } from "./api";
import { PRODUCT_ADD, PRODUCT_ROUTES, productCopyPath, productEditPath } from "./paths";

const money = (amount: number) => formatMinor(parseMinor(amount) ?? 0n);
const range = (low: number | null, high: number | null) =>
  low === null || high === null ? "—" : low === high ? money(low) : `${money(low)} – ${money(high)}`;

const STATE_COLOR: Record<ProductState, "success" | "warning" | "error" | "default"> = {
  available: "success",
  "sold out": "warning",
  "no recipe": "error",
  inactive: "default",
};

function Thumbnail({ row }: { row: ProductRow }) {
  const image = useStoredImage(row.imagePath);
  return (
    <Box
      sx={{
        width: 40,
        height: 40,
        borderRadius: 1,
        overflow: "hidden",
        display: "grid",
        placeItems: "center",
        bgcolor: "grey.100",
      }}
    >
      {image.url ? (
        <Box component="img" src={image.url} alt={row.name} sx={{ width: 40, height: 40, objectFit: "cover" }} />
      ) : (
        <ImageOutlinedIcon sx={{ color: "grey.400" }} aria-label="No image" />
      )}
    </Box>
  );
}

/** A second, quieter line under a cell's main text. */
const Secondary = ({ children }: { children: string }) => (
  <Box component="span" sx={{ display: "block", color: "text.secondary", fontSize: 12 }}>
    {children}
  </Box>
);

const COLUMNS: Column<ProductRow>[] = [
  { key: "image", header: "Image", render: (row) => <Thumbnail row={row} /> },
  {
    key: "name",
    header: "Product",
    render: (row) => (
      <>
        {row.name}
        <Secondary>{`${row.code} · ${row.variantCount} variant${row.variantCount === 1 ? "" : "s"}`}</Secondary>
      </>
    ),
  },
  {
    key: "category",
    header: "Category / Station",
    render: (row) => (
      <>
        {row.categoryName}
        <Secondary>{row.stationName ?? "No station"}</Secondary>
      </>
    ),
  },
  { key: "price", header: "Price", align: "right", nowrap: true, render: (row) => range(row.minPrice, row.maxPrice) },
  {
    key: "cost",
    header: "Recipe Cost / Food Cost",
    align: "right",
    nowrap: true,
    render: (row) => (
      <>
        {range(row.minCost, row.maxCost)}
        <Secondary>
          {row.foodCostPercent === null ? "no food cost" : `food cost ${row.foodCostPercent.toFixed(2)}%`}
        </Secondary>
      </>
    ),
  },
  {
    key: "state",
    header: "State",
    nowrap: true,
    render: (row) => (
      <Chip
        size="small"
        label={row.state}
        color={STATE_COLOR[row.state]}
        title={row.state === "no recipe" ? `${row.missingRecipes} variant(s) without a recipe` : undefined}
      />
    ),
  },
];

/** "12.5" as a number from 0 to 1000, else undefined (no filter). */
const percentOf = (text: string): number | undefined => {
  const value = Number(text);
  return text.trim() === "" || !Number.isFinite(value) || value < 0 || value > 1000 ? undefined : value;
};

/** /inventory/Product/listProduct: products paged on the server with filters, edit, duplicate and sold out. */
export default function ProductListPage() {
  const [search, setSearch] = useState("");
  const [categoryId, setCategoryId] = useState("");
  const [missingRecipe, setMissingRecipe] = useState(false);
  const [foodCost, setFoodCost] = useState("");
  const { page, pageSize, setPage, paging } = useServerPaging(MASTER_PAGE_SIZES[1]);
  const settled = useDebouncedValue(search.trim());
  const foodCostAbove = percentOf(useDebouncedValue(foodCost));
  const products = useProducts({
    search: settled || undefined,
    categoryId: categoryId ? Number(categoryId) : undefined,
    missingRecipe: missingRecipe || undefined,
    foodCostAbove,
    page: page + 1,
    size: pageSize,
  });
  const categories = useCategories();
  const soldOut = useSetSoldOut();
  const canAdd = useCan(PRODUCT_ADD);
  const result = useResultDialog();
  const filtered = Boolean(settled || categoryId || missingRecipe || foodCostAbove !== undefined);

  const toggleSoldOut = (row: ProductRow) =>
    soldOut.mutate(
      { id: row.id, soldOut: !row.soldOut },
      {
        onSuccess: (answer) => result.show("Success", `${answer.data.name}: ${answer.message}`),
        onError: (error) => result.show("Error", errorMessage(error)),
      },
    );
  const filter =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(0);
    };

  return (
    <>
      <DataTable
        label="Products"
        columns={COLUMNS}
        rows={products.data?.data}
        rowKey={(row) => row.id}
        loading={products.isPending}
        fetching={products.isFetching}
        error={products.error}
        onRetry={() => void products.refetch()}
        errorTitle="Could not load the products."
        emptyMessage={filtered ? "No product matches these filters." : "No products yet. Add the first one."}
        rowTestId={(row) => `product-row-${row.id}`}
        toolbar={
          <Box sx={{ display: "flex", gap: 2, flexWrap: "wrap", alignItems: "center" }}>
            <SearchField label="Search name or code" value={search} onChange={filter(setSearch)} />
            <FilterField
              label="Category"
              value={categoryId}
              onChange={filter(setCategoryId)}
              options={(categories.data?.data ?? []).map(
                (row) => [String(row.id), row.level === 2 ? `${row.parentName} > ${row.name}` : row.name] as const,
              )}
            />
            <FormControlLabel
              label="Missing recipe"
              control={
                <Switch checked={missingRecipe} onChange={(event) => filter(setMissingRecipe)(event.target.checked)} />
              }
            />
            <TextField
              size="small"
              label="Food cost above %"
              value={foodCost}
              onChange={(event) => filter(setFoodCost)(event.target.value)}
              error={foodCost.trim() !== "" && percentOf(foodCost) === undefined}
              helperText={foodCost.trim() !== "" && percentOf(foodCost) === undefined ? "A number from 0 to 1000" : ""}
              slotProps={{ htmlInput: { inputMode: "decimal" } }}
              sx={{ width: 190 }}
            />
            {canAdd ? (
              <Button component={RouterLink} to={PRODUCT_ROUTES.add} variant="contained" startIcon={<AddIcon />}>
                Add Product
              </Button>
            ) : null}
          </Box>
        }
        server={paging(products.data?.total_results ?? 0)}
        pageSizeOptions={MASTER_PAGE_SIZES}
        actionsHeader="Actions"
        rowActions={(row) => (
          <RowActions>
            {canAdd ? (
              <RowAction title={`Edit ${row.name}`} icon={<EditIcon fontSize="small" />} to={productEditPath(row.id)} />
            ) : null}
            {canAdd ? (
              <RowAction
                title={`Duplicate ${row.name}`}
                icon={<ContentCopyIcon fontSize="small" />}
                to={productCopyPath(row.id)}
              />
            ) : null}
            <RowAction
              title={row.soldOut ? `Back on sale: ${row.name}` : `Mark ${row.name} sold out`}
              icon={row.soldOut ? <ShoppingCartIcon fontSize="small" /> : <RemoveShoppingCartIcon fontSize="small" />}
              onClick={() => toggleSoldOut(row)}
              disabled={soldOut.isPending}
            />
          </RowActions>
        )}
      />
      <ResultDialog {...result.dialogProps} />
    </>
  );
}
