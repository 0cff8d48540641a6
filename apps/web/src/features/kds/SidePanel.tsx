import type { kdsStatsSchema } from "@cargodesk/shared";
import { Alert, Box, Button, Divider, Table, TableBody, TableCell, TableRow, Typography } from "@mui/material";
import type { z } from "zod";
import { errorMessage } from "../../lib/api";
import { formatElapsed, qtyText } from "./tickets";

type Stats = z.infer<typeof kdsStatsSchema>;

/** The bump bar's keys, shown beside the tickets. */
export const SHORTCUTS: readonly (readonly [string, string])[] = [
  ["1–9", "select a card"],
  ["← →", "previous / next card"],
  ["S", "start the selected card"],
  ["B", "bump the selected card"],
  ["P", "priority on / off"],
  ["R", "recall a bumped ticket"],
  ["Esc", "clear the selection"],
];

interface SidePanelProps {
  stats: Stats | undefined;
  loading: boolean;
  error: unknown;
  onRetry: () => void;
}

/** All-day counts (portions still to cook per dish), today's average prep time, and the shortcuts. */
export function SidePanel({ stats, loading, error, onRetry }: SidePanelProps) {
  return (
    <Box
      component="aside"
      aria-label="All-day counts"
      sx={{
        width: 300,
        flexShrink: 0,
        borderLeft: 1,
        borderColor: "divider",
        overflow: "auto",
        p: 2,
        bgcolor: "background.paper",
      }}
    >
      <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700 }}>
        All day
      </Typography>
      {error ? (
        <Alert severity="error" action={<Button onClick={onRetry}>Retry</Button>}>
          {errorMessage(error)}
        </Alert>
      ) : loading || !stats ? (
        <Typography variant="body2" sx={{ color: "text.secondary" }}>
          Loading…
        </Typography>
      ) : stats.pending.length === 0 ? (
        <Typography variant="body2" sx={{ color: "text.secondary" }}>
          Nothing to cook.
        </Typography>
      ) : (
        <Table size="small" aria-label="Pending portions">
          <TableBody>
            {stats.pending.map((row) => (
              <TableRow key={`${row.variantId ?? "x"}-${row.name}`}>
                <TableCell sx={{ fontWeight: 700, width: 48, fontSize: 16 }}>{qtyText(row.qty)}</TableCell>
                <TableCell>{row.name}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <Divider sx={{ my: 2 }} />
      <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700 }}>
        Today
      </Typography>
      <Typography variant="body2" data-testid="kds-average-prep">
        {stats
          ? stats.averagePrepSeconds === null
            ? "No ticket bumped yet."
            : `${stats.readyCount} bumped, average prep ${formatElapsed(stats.averagePrepSeconds)}`
          : "—"}
      </Typography>
      <Divider sx={{ my: 2 }} />
      <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700 }}>
        Keyboard (bump bar)
      </Typography>
      <Table size="small" aria-label="Keyboard shortcuts">
        <TableBody>
          {SHORTCUTS.map(([key, what]) => (
            <TableRow key={key}>
              <TableCell sx={{ width: 56 }}>
                <Box
                  component="kbd"
                  sx={{
                    fontFamily: "monospace",
                    fontWeight: 700,
                    border: 1,
                    borderColor: "divider",
                    borderRadius: 0.5,
                    px: 0.5,
                  }}
                >
                  {key}
                </Box>
              </TableCell>
              <TableCell>{what}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
