import { type DiningTable, FLOOR_BOUNDS } from "@cargodesk/shared";
import SaveIcon from "@mui/icons-material/Save";
import { Alert, Box, Button, MenuItem, Paper, Stack, TextField, Typography } from "@mui/material";
import { type KeyboardEvent, type PointerEvent, useEffect, useRef, useState } from "react";
import { EmptyState } from "../../components/EmptyState";
import { PageLoader } from "../../components/PageLoader";
import { ResultDialog, useResultDialog } from "../../components/ResultDialog";
import { errorMessage } from "../../lib/api";
import { useHalls, useSaveLayout, useTables } from "./api";

interface Box4 {
  x: number;
  y: number;
  w: number;
  h: number;
}

const CANVAS = { width: 1000, height: 600 } as const;
const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, Math.round(value)));
const inBounds = (box: Box4): Box4 => ({
  w: clamp(box.w, FLOOR_BOUNDS.minSize, FLOOR_BOUNDS.maxSize),
  h: clamp(box.h, FLOOR_BOUNDS.minSize, FLOOR_BOUNDS.maxSize),
  x: clamp(box.x, 0, FLOOR_BOUNDS.maxX),
  y: clamp(box.y, 0, FLOOR_BOUNDS.maxY),
});

interface Drag {
  id: number;
  mode: "move" | "resize";
  startX: number;
  startY: number;
  origin: Box4;
}

/** One hall's floor: drag a table to move it, drag its corner to resize it, arrows move the selected one. */
function HallCanvas({ tables }: { tables: DiningTable[] }) {
  const [boxes, setBoxes] = useState<Map<number, Box4>>(new Map());
  const [selected, setSelected] = useState<number | null>(null);
  const drag = useRef<Drag | null>(null);
  const save = useSaveLayout();
  const result = useResultDialog();
  useEffect(
    () => setBoxes(new Map(tables.map((table) => [table.id, { x: table.x, y: table.y, w: table.w, h: table.h }]))),
    [tables],
  );
  const changed = tables.filter((table) => {
    const box = boxes.get(table.id);
    return box && (box.x !== table.x || box.y !== table.y || box.w !== table.w || box.h !== table.h);
  });
  const place = (id: number, box: Box4) => setBoxes((current) => new Map(current).set(id, inBounds(box)));

  /** A drag follows the pointer over the whole window until it is released. */
  const onPointerDown = (event: PointerEvent<HTMLElement>, id: number, mode: Drag["mode"]) => {
    const origin = boxes.get(id);
    if (!origin || event.button !== 0) return;
    event.stopPropagation();
    event.preventDefault();
    event.currentTarget.closest<HTMLElement>("[data-floor-table]")?.focus();
    drag.current = { id, mode, startX: event.clientX, startY: event.clientY, origin };
    setSelected(id);
    const onMove = (move: globalThis.PointerEvent) => {
      const current = drag.current;
      if (!current) return;
      const dx = move.clientX - current.startX;
      const dy = move.clientY - current.startY;
      const start = current.origin;
      place(
        current.id,
        current.mode === "move"
          ? { ...start, x: start.x + dx, y: start.y + dy }
          : { ...start, w: start.w + dx, h: start.h + dy },
      );
    };
    const onUp = () => {
      drag.current = null;
      window.removeEventListener("pointermove", onMove);
      window.removeEventListener("pointerup", onUp);
    };
    window.addEventListener("pointermove", onMove);
    window.addEventListener("pointerup", onUp);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLElement>, id: number) => {
    const box = boxes.get(id);
    const step = event.shiftKey ? 1 : 10;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    };
    const move = moves[event.key];
    if (!box || !move) return;
    event.preventDefault();
    place(id, { ...box, x: box.x + move[0], y: box.y + move[1] });
  };
  const onSave = () =>
    save.mutate(
      { tables: changed.map((table) => ({ id: table.id, ...(boxes.get(table.id) as Box4) })) },
      {
        onSuccess: (answer) => result.show("Success", answer.message),
        onError: (error) => result.show("Error", errorMessage(error)),
      },
    );

  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={2} sx={{ alignItems: "center" }}>
        <Button
          variant="contained"
          startIcon={<SaveIcon />}
          onClick={onSave}
          disabled={changed.length === 0 || save.isPending}
        >
          Save layout
        </Button>
        <Typography variant="body2" color="text.secondary">
          {changed.length === 0
            ? "Drag a table to move it, drag its corner to resize it; arrow keys move the selected table (Shift: 1 unit)."
            : `${changed.length} table(s) moved or resized, not saved yet.`}
        </Typography>
      </Stack>
      <Box sx={{ overflow: "auto", border: 1, borderColor: "divider", borderRadius: 1 }}>
        <Box
          data-testid="floor-canvas"
          sx={{
            position: "relative",
            width: CANVAS.width,
            height: CANVAS.height,
            bgcolor: "grey.100",
            backgroundImage: "radial-gradient(circle, rgba(0,0,0,0.12) 1px, transparent 1px)",
            backgroundSize: "20px 20px",
            touchAction: "none",
          }}
        >
          {tables.map((table) => {
            const box = boxes.get(table.id);
            if (!box) return null;
            return (
              <Paper
                key={table.id}
                role="button"
                tabIndex={0}
                data-floor-table
                aria-label={`Table ${table.name}, ${table.seats} seats, at ${box.x}, ${box.y}`}
                data-testid={`floor-table-${table.name}`}
                elevation={selected === table.id ? 6 : 2}
                onPointerDown={(event) => onPointerDown(event, table.id, "move")}
                onKeyDown={(event) => onKeyDown(event, table.id)}
                onFocus={() => setSelected(table.id)}
                sx={{
                  position: "absolute",
                  left: box.x,
                  top: box.y,
                  width: box.w,
                  height: box.h,
                  borderRadius: table.shape === "round" ? "50%" : 1,
                  display: "flex",
                  flexDirection: "column",
                  alignItems: "center",
                  justifyContent: "center",
                  cursor: "move",
                  userSelect: "none",
                  bgcolor: table.active ? "background.paper" : "grey.300",
                  outline: selected === table.id ? "2px solid" : "none",
                  outlineColor: "primary.main",
                }}
              >
                <Typography variant="subtitle2">{table.name}</Typography>
                <Typography variant="caption" color="text.secondary">
                  {table.seats} seats
                </Typography>
                <Box
                  aria-hidden
                  data-testid={`floor-resize-${table.name}`}
                  onPointerDown={(event) => onPointerDown(event, table.id, "resize")}
                  sx={{
                    position: "absolute",
                    right: 0,
                    bottom: 0,
                    width: 12,
                    height: 12,
                    cursor: "nwse-resize",
                    bgcolor: "primary.main",
                    opacity: 0.6,
                  }}
                />
              </Paper>
            );
          })}
        </Box>
      </Box>
      <ResultDialog {...result.dialogProps} />
    </Stack>
  );
}

/** The Layout tab: pick a hall, then arrange its tables and save their positions at once. */
export function FloorLayout() {
  const halls = useHalls();
  const [hallId, setHallId] = useState<number | null>(null);
  const chosen = hallId ?? halls.data?.data[0]?.id ?? null;
  const tables = useTables(chosen);
  if (halls.isPending) return <PageLoader label="Loading the halls" />;
  if (halls.error) return <Alert severity="error">Could not load the halls. {errorMessage(halls.error)}</Alert>;
  if (halls.data.data.length === 0)
    return <EmptyState title="No halls yet" description="Add a hall, then its tables." />;
  return (
    <Stack spacing={2}>
      <TextField
        select
        label="Hall"
        value={chosen === null ? "" : String(chosen)}
        onChange={(event) => setHallId(Number(event.target.value))}
        sx={{ maxWidth: 320 }}
      >
        {halls.data.data.map((hall) => (
          <MenuItem key={hall.id} value={String(hall.id)}>
            {hall.name}
          </MenuItem>
        ))}
      </TextField>
      {tables.isPending ? (
        <PageLoader label="Loading the tables" />
      ) : tables.error ? (
        <Alert severity="error">Could not load the tables. {errorMessage(tables.error)}</Alert>
      ) : tables.data.data.length === 0 ? (
        <EmptyState title="No tables in this hall" description="Add tables to this hall to arrange them here." />
      ) : (
        <HallCanvas key={chosen} tables={tables.data.data} />
      )}
    </Stack>
  );
}
