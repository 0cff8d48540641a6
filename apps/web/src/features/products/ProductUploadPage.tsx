import type { ProductUploadCheck } from "@cargodesk/shared";
import { Button } from "@mui/material";
import { Link as RouterLink } from "react-router";
import type { Column } from "../../components/DataTable";
import { SheetUploadPanel } from "../../components/SheetUploadPanel";
import { useCheckProducts, useProductTemplateDownload, useSaveProducts } from "./api";
import { PRODUCT_ROUTES } from "./paths";

type CheckedRow = ProductUploadCheck["rows"][number];

const COLUMNS: Column<CheckedRow>[] = [
  { key: "code", header: "Code", render: (row) => row.code || "(auto)" },
  { key: "name", header: "Product", render: (row) => row.name },
  { key: "size", header: "Size", render: (row) => row.size || "—" },
  { key: "flavour", header: "Flavour", render: (row) => row.flavour || "—" },
  { key: "price", header: "Price", align: "right", render: (row) => row.price },
];

/**
 * /inventory/Product/uploadProduct: a CSV or XLSX with one row per variant. Check file lists every
 * row with its errors; Save sends the same file for real, enabled only once the checked file has no error.
 */
export default function ProductUploadPage() {
  return (
    <SheetUploadPanel
      intro="One row per variant: product code (rows with the same code make one product; blank: a new P- code), product name, category (or Parent > Child), size, flavour, price, barcode, tax class, station, tracking (recipe, direct or none), store product and store quantity (direct tracking). Categories, sizes and flavours must already exist. Up to 2,000 rows; the whole file is saved or nothing."
      fileLabel="Products file (CSV or XLSX)"
      columns={COLUMNS}
      check={useCheckProducts()}
      save={useSaveProducts()}
      template={useProductTemplateDownload()}
      checkedText={(rows) =>
        `${rows.length} row(s) checked: ${new Set(rows.map((row) => row.code.toLowerCase() || `name:${row.name.toLowerCase()}`)).size} product(s).`
      }
      links={
        <Button component={RouterLink} to={PRODUCT_ROUTES.list}>
          Product List
        </Button>
      }
    />
  );
}
