import type { PosFloorTable, TableState } from "@cargodesk/shared";

/** How each table state shows on the floor and in the legend (design 4.8). */
export const STATE_LOOK: Record<TableState, { label: string; fill: string; edge: string }> = {
  free: { label: "Free", fill: "#e8f5e9", edge: "#43a047" },
  occupied: { label: "Occupied", fill: "#fff3e0", edge: "#ef6c00" },
  billed: { label: "Billed", fill: "#e3f2fd", edge: "#1e88e5" },
  reserved: { label: "Reserved", fill: "#f3e5f5", edge: "#8e24aa" },
  cleaning: { label: "Cleaning", fill: "#eceff1", edge: "#78909c" },
};

/** "7:05" or "1:02:05": the time since the table's oldest check opened. */
export function elapsedText(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const rest = String(whole % 60).padStart(2, "0");
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, "0")}:${rest}` : `${minutes}:${rest}`;
}

/** A table is seated while it has a check (occupied or billed). */
export const isSeated = (table: PosFloorTable): boolean => table.orderIds.length > 0;

/**
 * Whether the hall was laid out on Setting's floor designer: a table not at the canvas origin. A hall
 * whose tables all sit at 0,0 (never arranged) is shown as a grid.
 */
export const hasLayout = (tables: readonly PosFloorTable[]): boolean =>
  tables.some((table) => table.x !== 0 || table.y !== 0);
