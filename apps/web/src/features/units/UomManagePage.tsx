import type { UnitUsageRow } from "@cargodesk/shared";
import { PCS_UOM_ID } from "@cargodesk/shared";
import AddIcon from "@mui/icons-material/Add";
import DeleteIcon from "@mui/icons-material/Delete";
import EditIcon from "@mui/icons-material/Edit";
import { Button } from "@mui/material";
import { useState } from "react";
import { Link as RouterLink } from "react-router";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { ResultDialog, useResultDialog } from "../../components/ResultDialog";
import { RowAction, RowActions } from "../../components/RowAction";
import { errorMessage } from "../../lib/api";
import { useDeleteUnit } from "./api";
import { UNIT_ROUTES } from "./paths";
import { UnitTable } from "./UnitTable";

/** /inventory/uom/listUom (Master Control > UOM): the units with Edit and Delete (a unit in use is kept). */
export default function UomManagePage() {
  const remove = useDeleteUnit();
  const [deleting, setDeleting] = useState<UnitUsageRow | null>(null);
  const result = useResultDialog();

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.uomId, {
      onSuccess: (answer) => result.show("Success", `${answer.message}: ${deleting.uomName}`),
      onError: (error) => result.show("Error", errorMessage(error)),
      onSettled: () => setDeleting(null),
    });
  };

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
                onClick={() => setDeleting(row)}
                icon={<DeleteIcon fontSize="small" />}
              />
            )}
          </RowActions>
        )}
      />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete unit"
        message={
          deleting ? `Delete the unit ${deleting.uomName}? A unit that products, packs or documents use is kept.` : ""
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
