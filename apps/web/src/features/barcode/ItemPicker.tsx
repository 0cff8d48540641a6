import { type BarcodeItem, formatMinor, type LabelKind, parseMinor } from "@cargodesk/shared";
import AddIcon from "@mui/icons-material/Add";
import CheckIcon from "@mui/icons-material/Check";
import PlaylistAddIcon from "@mui/icons-material/PlaylistAdd";
import {
  Box,
  Button,
  FormControlLabel,
  Paper,
  Switch,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from "@mui/material";
import { useState } from "react";
import { type Column, DataTable, MASTER_PAGE_SIZES } from "../../components/DataTable";
import { FilterField } from "../../components/FilterField";
import { RowAction } from "../../components/RowAction";
import { SearchField } from "../../components/SearchField";
import { useServerPaging } from "../../components/server-paging";
import { useDebouncedValue } from "../../lib/hooks";
import { useBarcodeFilters, useBarcodeItems } from "./api";

export const itemKey = (item: { kind: LabelKind; id: number }) => `${item.kind}:${item.id}`;
export const priceText = (price: number | null) => (price === null ? "" : formatMinor(parseMinor(price) ?? 0n));

const COLUMNS: Column<BarcodeItem>[] = [
  { key: "code", header: "Code", nowrap: true, render: (row) => row.code },
  { key: "name", header: "Name", render: (row) => row.name },
  { key: "variant", header: "Size / flavour", render: (row) => row.variant },
  { key: "group", header: "Category / group", render: (row) => row.group },
  { key: "price", header: "Price", align: "right", nowrap: true, render: (row) => priceText(row.price) },
  {
    key: "barcode",
    header: "Barcode",
    nowrap: true,
    render: (row) =>
      row.barcode ?? (
        <Typography component="span" variant="body2" sx={{ color: "text.secondary" }}>
          none
        </Typography>
      ),
  },
];

/**
 * The left half of the Barcode screen: menu variants (by category) or store products (by group),
 * searched by name, code or barcode, optionally only those without a code; each row or the whole
 * page is added to the labels.
 */
export function ItemPicker({
  chosen,
  onAdd,
}: {
  chosen: ReadonlySet<string>;
  onAdd: (items: readonly BarcodeItem[]) => void;
}) {
  const [kind, setKind] = useState<LabelKind>("variant");
  const [search, setSearch] = useState("");
  const [categoryId, setCategoryId] = useState("");
  const [group, setGroup] = useState("");
  const [missing, setMissing] = useState(false);
  const { page, pageSize, setPage, paging } = useServerPaging(MASTER_PAGE_SIZES[0]);
  const settled = useDebouncedValue(search.trim());
  const items = useBarcodeItems({
    kind,
    search: settled || undefined,
    categoryId: kind === "variant" && categoryId ? Number(categoryId) : undefined,
    group: kind === "storeProduct" && group ? group : undefined,
    missing: missing || undefined,
    page: page + 1,
    size: pageSize,
  });
  const filters = useBarcodeFilters();
  const rows = items.data?.data ?? [];
  const fresh = rows.filter((row) => !chosen.has(itemKey(row)));

  const change =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(0);
    };

  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography component="h2" variant="h6" sx={{ mb: 1.5 }}>
        Choose what to label
      </Typography>
      <DataTable
        label={kind === "variant" ? "Menu variants" : "Store products"}
        columns={COLUMNS}
        rows={items.data?.data}
        rowKey={itemKey}
        rowTestId={(row) => `barcode-item-${row.code}-${row.id}`}
        loading={items.isPending}
        fetching={items.isFetching}
        error={items.error}
        onRetry={() => void items.refetch()}
        emptyMessage={
          settled || categoryId || group || missing ? "Nothing matches these filters" : "Nothing to label yet"
        }
        server={paging(items.data?.total_results ?? 0)}
        pageSizeOptions={MASTER_PAGE_SIZES}
        actionsHeader="Add"
        rowActions={(row) =>
          chosen.has(itemKey(row)) ? (
            <RowAction title="Added" label={`${row.name} ${row.variant} added`} icon={<CheckIcon />} disabled />
          ) : (
            <RowAction
              title="Add to labels"
              label={`Add ${[row.name, row.variant].filter(Boolean).join(" ")}`}
              icon={<AddIcon />}
              onClick={() => onAdd([row])}
            />
          )
        }
        toolbar={
          <Box sx={{ display: "flex", flexWrap: "wrap", gap: 1.5, alignItems: "center" }}>
            <ToggleButtonGroup
              exclusive
              size="small"
              value={kind}
              aria-label="What to label"
              onChange={(_, value: LabelKind | null) => value && change(setKind)(value)}
            >
              <ToggleButton value="variant">Menu variants</ToggleButton>
              <ToggleButton value="storeProduct">Store products</ToggleButton>
            </ToggleButtonGroup>
            <SearchField label="Search name, code or barcode" value={search} onChange={change(setSearch)} />
            {kind === "variant" ? (
              <FilterField
                label="Category"
                value={categoryId}
                onChange={change(setCategoryId)}
                options={(filters.data?.categories ?? []).map(
                  (category) => [String(category.id), category.name] as const,
                )}
              />
            ) : (
              <FilterField
                label="Group"
                value={group}
                onChange={change(setGroup)}
                options={(filters.data?.groups ?? []).map((name) => [name, name] as const)}
              />
            )}
            <FormControlLabel
              control={<Switch checked={missing} onChange={(event) => change(setMissing)(event.target.checked)} />}
              label="Without barcode only"
            />
            <Button startIcon={<PlaylistAddIcon />} disabled={fresh.length === 0} onClick={() => onAdd(fresh)}>
              Add all on this page
            </Button>
          </Box>
        }
      />
    </Paper>
  );
}
