import type { PosFloorTable, TableOverride } from "@cargodesk/shared";
import { ListSubheader, Menu, MenuItem } from "@mui/material";
import { useOnline } from "../pos/offline/useOutbox";

export type TableAction = "open" | "transfer" | "merge" | "split" | TableOverride | "none";

/** The actions that move checks between tables. */
export const MOVES: ReadonlySet<TableAction> = new Set(["transfer", "merge", "split"]);

/**
 * A table's actions (a long press or its menu button on the floor): a seated table opens, moves,
 * merges or splits its first check; an empty one is set reserved or cleaning, or cleared.
 */
export function TableMenu({
  table,
  anchor,
  onPick,
  onClose,
}: {
  table: PosFloorTable;
  anchor: HTMLElement;
  onPick: (action: TableAction) => void;
  onClose: () => void;
}) {
  const seated = table.orderIds.length > 0;
  // Moving checks needs the server's view of both tables (design 6.7): not while offline.
  const online = useOnline();
  const item = (action: TableAction, label: string) => (
    <MenuItem
      key={action}
      disabled={!online && MOVES.has(action)}
      onClick={() => {
        onClose();
        onPick(action);
      }}
    >
      {!online && MOVES.has(action) ? `${label} (needs the network)` : label}
    </MenuItem>
  );
  return (
    <Menu open anchorEl={anchor} onClose={onClose} aria-label={`Table ${table.name} actions`}>
      <ListSubheader>Table {table.name}</ListSubheader>
      {seated
        ? [item("open", "Open"), item("transfer", "Transfer"), item("merge", "Merge"), item("split", "Split")]
        : [
            item("open", "Seat guests"),
            table.override === "reserved" ? null : item("reserved", "Set reserved"),
            table.override === "cleaning" ? null : item("cleaning", "Set cleaning"),
            table.override === null ? null : item("none", "Clear status"),
          ]}
    </Menu>
  );
}
