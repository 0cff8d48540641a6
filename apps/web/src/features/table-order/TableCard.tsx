import type { PosFloorTable } from "@cargodesk/shared";
import GroupsOutlinedIcon from "@mui/icons-material/GroupsOutlined";
import MoreVertIcon from "@mui/icons-material/MoreVert";
import { ButtonBase, IconButton } from "@mui/material";
import { styled } from "@mui/material/styles";
import { type CSSProperties, memo, useRef } from "react";
import { money } from "../../lib/format";
import { elapsedText, STATE_LOOK } from "./states";

const LONG_PRESS_MS = 600;

/**
 * One style for every card, its parts by class and its colours as CSS variables: a floor of 100
 * tables then draws 100 cards, not a thousand styled components (design WP4: 100 tables in 100 ms).
 */
const Card = styled("div")(({ theme }) => ({
  position: "relative",
  width: "100%",
  height: "100%",
  "& .card": {
    width: "100%",
    height: "100%",
    minHeight: 96,
    padding: theme.spacing(1),
    paddingRight: theme.spacing(4),
    borderRadius: theme.spacing(2),
    border: "2px solid var(--edge)",
    background: "var(--fill)",
    display: "flex",
    flexDirection: "column",
    alignItems: "flex-start",
    justifyContent: "flex-start",
    gap: 2,
    textAlign: "left",
    overflow: "hidden",
    fontFamily: theme.typography.fontFamily,
    color: theme.palette.text.primary,
  },
  "& .round": { borderRadius: 48 },
  "& .late": { boxShadow: "0 0 0 3px rgba(211,47,47,0.35)" },
  "& .name": { fontWeight: 800, fontSize: 17, lineHeight: 1.1, whiteSpace: "nowrap" },
  "& .state": { color: "var(--edge)", fontWeight: 700, fontSize: 12, lineHeight: 1.1 },
  "& .facts": { display: "flex", gap: theme.spacing(1), alignItems: "center", fontSize: 13 },
  "& .guests": { display: "inline-flex", alignItems: "center", gap: 2 },
  "& .guests svg": { fontSize: 16 },
  "& .time": { fontVariantNumeric: "tabular-nums" },
  "& .total": { fontWeight: 700, fontSize: 14 },
  "& .seats": { fontSize: 12, color: theme.palette.text.secondary },
  "& .badges": { display: "flex", gap: 4, flexWrap: "wrap", marginTop: "auto" },
  "& .badge": {
    height: 20,
    padding: "0 8px",
    borderRadius: 10,
    fontSize: 12,
    fontWeight: 700,
    lineHeight: "20px",
    color: theme.palette.common.white,
  },
  "& .ready": { background: theme.palette.success.main },
  "& .lateBadge": { background: theme.palette.error.main },
  "& .billed": { background: theme.palette.info.main },
  "& .editing": {
    background: theme.palette.grey[700],
    maxWidth: "100%",
    overflow: "hidden",
    textOverflow: "ellipsis",
    whiteSpace: "nowrap",
  },
  "& .menu": { position: "absolute", top: 2, right: 2 },
}));

interface TableCardProps {
  table: PosFloorTable;
  /** Seconds since the floor was read, added to the server's elapsed time so the clock ticks. */
  sinceRead: number;
  onOpen: (table: PosFloorTable) => void;
  onMenu: (table: PosFloorTable, anchor: HTMLElement) => void;
  /** Who else is changing one of its checks now ("being edited by"), or null. */
  editor?: string | null;
}

/**
 * One table on the floor: name, state, guests, the time since its oldest check opened, its total,
 * and badges for items ready, a late ticket, a printed bill and who is editing it. A tap opens it; a long press, a
 * right click or the menu button opens its actions.
 */
export const TableCard = memo(function TableCard({ table, sinceRead, onOpen, onMenu, editor = null }: TableCardProps) {
  const look = STATE_LOOK[table.state];
  const pressed = useRef<ReturnType<typeof setTimeout> | null>(null);
  const longPressed = useRef(false);
  const card = useRef<HTMLButtonElement>(null);
  const cancel = () => {
    if (pressed.current !== null) clearTimeout(pressed.current);
    pressed.current = null;
  };
  const seated = table.orderIds.length > 0;
  const colours = { "--edge": look.edge, "--fill": look.fill } as CSSProperties;
  return (
    <Card style={colours}>
      <ButtonBase
        ref={card}
        className={`card${table.shape === "round" ? " round" : ""}${table.late ? " late" : ""}`}
        aria-label={`Table ${table.name}, ${look.label}`}
        data-state={table.state}
        data-testid="floor-table"
        onClick={() => {
          if (longPressed.current) {
            longPressed.current = false;
            return;
          }
          onOpen(table);
        }}
        onPointerDown={() => {
          longPressed.current = false;
          cancel();
          pressed.current = setTimeout(() => {
            longPressed.current = true;
            if (card.current) onMenu(table, card.current);
          }, LONG_PRESS_MS);
        }}
        onPointerUp={cancel}
        onPointerLeave={cancel}
        onContextMenu={(event) => {
          event.preventDefault();
          cancel();
          onMenu(table, event.currentTarget);
        }}
      >
        <span className="name">{table.name}</span>
        <span className="state">
          {look.label}
          {table.orderIds.length > 1 ? ` · ${table.orderIds.length} checks` : ""}
        </span>
        {seated ? (
          <>
            <span className="facts">
              <span className="guests">
                <GroupsOutlinedIcon aria-hidden />
                <span data-testid="table-guests" title="Guests">
                  {table.guests ?? "-"}
                </span>
              </span>
              {table.elapsedSeconds !== null ? (
                <span className="time" data-testid="table-elapsed">
                  {elapsedText(table.elapsedSeconds + sinceRead)}
                </span>
              ) : null}
            </span>
            <span className="total" data-testid="table-total">
              {money(table.total)}
            </span>
          </>
        ) : (
          <span className="seats">{table.seats} seats</span>
        )}
        <span className="badges">
          {table.ready ? <span className="badge ready">Ready</span> : null}
          {table.late ? <span className="badge lateBadge">Late</span> : null}
          {table.billPrinted ? <span className="badge billed">Bill printed</span> : null}
          {editor ? <span className="badge editing">Editing: {editor}</span> : null}
        </span>
      </ButtonBase>
      <IconButton
        size="small"
        className="menu"
        aria-label={`Actions for table ${table.name}`}
        onClick={(event) => onMenu(table, event.currentTarget)}
      >
        <MoreVertIcon fontSize="small" />
      </IconButton>
    </Card>
  );
});
