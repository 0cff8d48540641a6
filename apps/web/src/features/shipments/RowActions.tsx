import DeleteOutlineIcon from "@mui/icons-material/DeleteOutlined";
import EditIcon from "@mui/icons-material/Edit";
import EditNoteIcon from "@mui/icons-material/EditNote";
import MoreVertIcon from "@mui/icons-material/MoreVert";
import PlaylistAddIcon from "@mui/icons-material/PlaylistAdd";
import PostAddIcon from "@mui/icons-material/PostAdd";
import { IconButton, ListItemIcon, ListItemText, Menu, MenuItem } from "@mui/material";
import { type ReactNode, useId, useMemo, useState } from "react";
import { Link as RouterLink } from "react-router";
import { useCan } from "../../lib/hooks";
import { editPath, SHIPMENT_PERMISSIONS as P } from "./paths";
import type { ShipmentRow } from "./schemas";

export type RowAction = "post" | "addStatus" | "editStatus" | "delete";

/** Which row actions this user may take; the column shows only when there is one. */
export function useRowPermissions() {
  const edit = useCan(P.edit);
  const post = useCan(P.post);
  const status = useCan(P.editStatus);
  const remove = useCan(P.remove);
  return useMemo(
    () => ({ edit, post, status, remove, any: edit || post || status || remove }),
    [edit, post, status, remove],
  );
}

interface RowActionsProps {
  row: ShipmentRow;
  allowed: ReturnType<typeof useRowPermissions>;
  onAction: (action: RowAction, row: ShipmentRow) => void;
}

/** The Shipment Details row menu: Edit, Post Voucher, Add Status, Edit Status and Delete, each behind its permission. */
export function RowActions({ row, allowed, onAction }: RowActionsProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const close = () => setAnchor(null);
  const item = (action: RowAction, label: string, icon: ReactNode, disabled = false) => (
    <MenuItem
      key={action}
      disabled={disabled}
      onClick={() => {
        close();
        onAction(action, row);
      }}
    >
      <ListItemIcon>{icon}</ListItemIcon>
      <ListItemText>{label}</ListItemText>
    </MenuItem>
  );
  const posted = Boolean(row.voucher_number);

  return (
    <>
      <IconButton
        size="small"
        aria-label={`Actions for ${row.tracking_id}`}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? "true" : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <MoreVertIcon fontSize="small" />
      </IconButton>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={close}>
        {allowed.edit ? (
          <MenuItem component={RouterLink} to={editPath(row.shipment_id)} onClick={close}>
            <ListItemIcon>
              <EditIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>Edit</ListItemText>
          </MenuItem>
        ) : null}
        {allowed.post ? item("post", "Post Voucher", <PostAddIcon fontSize="small" />, posted) : null}
        {allowed.status ? item("addStatus", "Add Status", <PlaylistAddIcon fontSize="small" />) : null}
        {allowed.status ? item("editStatus", "Edit Status", <EditNoteIcon fontSize="small" />) : null}
        {allowed.remove ? item("delete", "Delete", <DeleteOutlineIcon fontSize="small" color="error" />) : null}
      </Menu>
    </>
  );
}
