import AddIcon from "@mui/icons-material/Add";
import { Button } from "@mui/material";
import { Link as RouterLink } from "react-router";
import { useCan } from "../../lib/hooks";
import { UNIT_PERMISSIONS, UNIT_ROUTES } from "./paths";
import { UnitTable } from "./UnitTable";

/** /inventory/uomlist (Store > UOM): the units, read-only, with their usage; a link to add for those who may. */
export default function UomListPage() {
  const canEdit = useCan(UNIT_PERMISSIONS.edit);
  return (
    <UnitTable
      toolbar={
        canEdit ? (
          <Button component={RouterLink} to={UNIT_ROUTES.add} variant="contained" startIcon={<AddIcon />}>
            Add UOM
          </Button>
        ) : undefined
      }
    />
  );
}
