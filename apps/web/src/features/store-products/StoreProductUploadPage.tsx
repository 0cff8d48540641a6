import type { StoreProductCheck } from "@cargodesk/shared";
import { Box, Button } from "@mui/material";
import { Link as RouterLink } from "react-router";
import type { Column } from "../../components/DataTable";
import { SheetUploadPanel } from "../../components/SheetUploadPanel";
import { useCan } from "../../lib/hooks";
import { AddStoreProductCard } from "./AddStoreProductCard";
import { useCheckStoreProducts, useSaveStoreProducts, useTemplateDownload } from "./api";
import { STORE_PRODUCT_PERMISSIONS, STORE_PRODUCT_ROUTES } from "./paths";

type CheckedRow = StoreProductCheck["rows"][number];

const COLUMNS: Column<CheckedRow>[] = [
  { key: "code", header: "Code", nowrap: true, render: (row) => row.code || "(new)" },
  { key: "name", header: "Name", render: (row) => row.name },
  {
    key: "action",
    header: "Saving will",
    nowrap: true,
    render: (row) => (row.action === "update" ? "Update" : "Create"),
  },
];

const countOf = (rows: CheckedRow[], action: CheckedRow["action"]) =>
  rows.filter((row) => row.action === action).length;

/**
 * /inventory/product/uploadProduct: a CSV or XLSX of store products. Check file runs the dry run
 * and lists every row with its errors; Save sends the same file for real, and is enabled only once
 * the checked file has no error. Beside it, Add one enters a single product.
 */
export default function StoreProductUploadPage() {
  const canList = useCan(STORE_PRODUCT_PERMISSIONS.list);
  return (
    <Box sx={{ display: "grid", gap: 3, gridTemplateColumns: { xs: "1fr", lg: "minmax(0, 3fr) minmax(0, 2fr)" } }}>
      <SheetUploadPanel
        intro="One row per product: code (blank for a new SP code), name, group, stock_uom, purchase_uom, purchase_factor, reorder_level, par_level, barcode, opening_qty, opening_unit_cost. Up to 5,000 rows. A row whose code exists updates that product. Opening stock goes into the Store with one opening JV."
        fileLabel="Store products file (CSV or XLSX)"
        columns={COLUMNS}
        check={useCheckStoreProducts()}
        save={useSaveStoreProducts()}
        template={useTemplateDownload()}
        checkedText={(rows) =>
          `${rows.length} row(s) checked: ${countOf(rows, "create")} to create, ${countOf(rows, "update")} to update.`
        }
        savedDetail={(answer) => (answer.voucherNo ? ` Opening JV: ${answer.voucherNo}.` : "")}
        links={
          canList ? (
            <Button component={RouterLink} to={STORE_PRODUCT_ROUTES.list}>
              Store Product List
            </Button>
          ) : null
        }
      />
      <AddStoreProductCard />
    </Box>
  );
}
