import { perm } from "@cargodesk/shared";

/** Master Control > Barcode (design section 5.2, route 20; spelled as the spec spells it). */
export const BARCODE_ROUTE = "/inventory/barcode/generateBarcode";
export const BARCODE_PERMISSION = perm("Master Control", "Barcode");
