import type { UnitUsageRow } from "@cargodesk/shared";
import { PCS_UOM_ID } from "@cargodesk/shared";
import AddIcon from "@mui/icons-material/Add";
import DeleteIcon from "@mui/icons-material/Delete";
import EditIcon from "@mui/icons-material/Edit";
import { Button } from "@mui/material";
import { Link as RouterLink } from "react-router";
import { useConfirmedDelete } from "../../components/ListPage";
import { ResultDialog, useResultDialog } from "../../components/ResultDialog";
import { RowAction, RowActions } from "../../components/RowAction";
import { useDeleteUnit } from "./api";
import { UNIT_ROUTES } from "./paths";
import { UnitTable } from "./UnitTable";

/** /inventory/uom/listUom (Master Control > UOM): the units with Edit and Delete (a unit in use is kept). */
export default function UomManagePage() {
  const result = useResultDialog();
  const removal = useConfirmedDelete<UnitUsageRow>({
    mutation: useDeleteUnit(),
    idOf: (row) => row.uomId,
    result,
    title: "Delete unit",
    message: (row) => `Delete the unit ${row.uomName}? A unit that products, packs or documents use is kept.`,
    doneText: (answer, row) => `${answer.message}: ${row.uomName}`,
  });

  return (
    <>
      <UnitTable
        toolbar={
          <Button component={RouterLink} to={UNIT_ROUTES.add} variant="contained" startIcon={<AddIcon />}>
            Add UOM
          </Button>
        }
        rowActions={(row) => (
          <RowActions>
            <RowAction
              title={`Edit ${row.uomName}`}
              to={`${UNIT_ROUTES.add}?id=${row.uomId}`}
              icon={<EditIcon fontSize="small" />}
            />
            {row.uomId === PCS_UOM_ID ? null : (
              <RowAction
                title={`Delete ${row.uomName}`}
                onClick={() => removal.ask(row)}
                icon={<DeleteIcon fontSize="small" />}
              />
            )}
          </RowActions>
        )}
      />
      {removal.dialog}
      <ResultDialog {...result.dialogProps} />
    </>
  );
}
