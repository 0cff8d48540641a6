import { type PosFloorTable, TABLE_STATES } from "@cargodesk/shared";
import { Box } from "@mui/material";
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import type { EditingHint } from "./editing";
import { hasLayout, STATE_LOOK } from "./states";
import { TableCard } from "./TableCard";

interface FloorPlanProps {
  tables: readonly PosFloorTable[];
  /** When the floor was read (ms), so each table's elapsed time ticks on from the server's figure. */
  readAt: number;
  onOpen: (table: PosFloorTable) => void;
  onMenu: (table: PosFloorTable, anchor: HTMLElement) => void;
  /** Who else is editing a check, by table. */
  editing?: ReadonlyMap<number, EditingHint>;
}

/** The state colours, under the floor. */
export function Legend() {
  return (
    <Box component="ul" aria-label="Table states" sx={{ display: "flex", gap: 2, m: 0, p: 0, listStyle: "none" }}>
      {TABLE_STATES.map((state) => (
        <Box component="li" key={state} sx={{ display: "flex", alignItems: "center", gap: 0.75, fontSize: 13 }}>
          <Box
            sx={{
              width: 14,
              height: 14,
              borderRadius: 0.5,
              border: 2,
              borderColor: STATE_LOOK[state].edge,
              bgcolor: STATE_LOOK[state].fill,
            }}
          />
          {STATE_LOOK[state].label}
        </Box>
      ))}
    </Box>
  );
}

/** Seconds since `readAt`, ticking every second. */
function useSinceRead(readAt: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return Math.max(0, Math.floor((now - readAt) / 1000));
}

/** The room's size in px, followed as the window turns or resizes. */
function useBoxSize() {
  const ref = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState({ width: 0, height: 0 });
  useLayoutEffect(() => {
    const node = ref.current;
    if (!node) return;
    const measure = () => setSize({ width: node.clientWidth, height: node.clientHeight });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(node);
    return () => observer.disconnect();
  }, []);
  return [ref, size] as const;
}

/** Below this a table's card cannot show its name, time, total and badges: the plan scrolls instead. */
const MIN_CARD = { width: 130, height: 104 };
const GAP = 8;
/** A small hall is not blown up past this: big cards on a big screen read worse, not better. */
const MAX_SCALE = 1.5;

/**
 * The hall's tables where Setting's floor designer put them (scaled to the screen, never so small
 * that a card cannot be read), or as a grid when the hall was never laid out.
 */
export function FloorPlan({ tables, readAt, onOpen: open, onMenu: menu, editing }: FloorPlanProps) {
  const sinceRead = useSinceRead(readAt);
  // The cards keep the same handlers from render to render, so a tick redraws only the seated tables.
  const handlers = useRef({ open, menu });
  handlers.current = { open, menu };
  const onOpen = useCallback((table: PosFloorTable) => handlers.current.open(table), []);
  const onMenu = useCallback((table: PosFloorTable, anchor: HTMLElement) => handlers.current.menu(table, anchor), []);
  const [room, size] = useBoxSize();
  const card = (table: PosFloorTable) => (
    <TableCard
      key={table.id}
      table={table}
      sinceRead={table.elapsedSeconds === null ? 0 : sinceRead}
      onOpen={onOpen}
      onMenu={onMenu}
      editor={editing?.get(table.id)?.userName ?? null}
    />
  );

  if (!hasLayout(tables))
    return (
      <Box
        aria-label="Floor plan"
        role="region"
        sx={{
          flex: 1,
          overflow: "auto",
          p: 2,
          display: "grid",
          gridTemplateColumns: "repeat(auto-fill, minmax(150px, 1fr))",
          gridAutoRows: 120,
          gap: 1.5,
          alignContent: "start",
        }}
      >
        {tables.map(card)}
      </Box>
    );

  const left = Math.min(...tables.map((table) => table.x));
  const top = Math.min(...tables.map((table) => table.y));
  const right = Math.max(...tables.map((table) => table.x + table.w));
  const bottom = Math.max(...tables.map((table) => table.y + table.h));
  const fit = Math.min(
    (size.width - 2 * GAP) / Math.max(1, right - left),
    (size.height - 2 * GAP) / Math.max(1, bottom - top),
  );
  const smallest = Math.max(...tables.map((table) => Math.max(MIN_CARD.width / table.w, MIN_CARD.height / table.h)));
  const scale = Math.max(Math.min(fit, MAX_SCALE), smallest);
  return (
    <Box ref={room} aria-label="Floor plan" role="region" sx={{ flex: 1, overflow: "auto", position: "relative" }}>
      {size.width > 0 ? (
        <Box
          sx={{
            position: "relative",
            width: (right - left) * scale + 2 * GAP,
            height: (bottom - top) * scale + 2 * GAP,
          }}
        >
          {tables.map((table) => (
            <Box
              key={table.id}
              sx={{
                position: "absolute",
                left: GAP + (table.x - left) * scale,
                top: GAP + (table.y - top) * scale,
                width: Math.max(0, table.w * scale - GAP),
                height: Math.max(0, table.h * scale - GAP),
              }}
            >
              {card(table)}
            </Box>
          ))}
        </Box>
      ) : null}
    </Box>
  );
}
