import { Alert, Box, Paper, Typography } from "@mui/material";
import { errorMessage } from "../../lib/api";
import { toZonedLocal } from "../../lib/dates";
import { useOrders } from "./api";
import { pickupBoard } from "./refund";

const REFRESH_MS = 4000;

function Column({ title, tokens, color }: { title: string; tokens: readonly number[]; color: string }) {
  return (
    <Paper
      component="section"
      aria-label={title}
      sx={{ flex: 1, minWidth: 0, display: "flex", flexDirection: "column", borderRadius: 3, overflow: "hidden" }}
    >
      <Box sx={{ bgcolor: color, color: "common.white", px: 3, py: 1.5 }}>
        <Typography component="h2" sx={{ fontSize: 40, fontWeight: 800, letterSpacing: 1 }}>
          {title}
        </Typography>
      </Box>
      <Box
        sx={{ p: 3, display: "flex", flexWrap: "wrap", alignContent: "flex-start", gap: 3, flex: 1, overflow: "auto" }}
      >
        {tokens.length === 0 ? (
          <Typography sx={{ fontSize: 28, color: "text.secondary" }}>—</Typography>
        ) : (
          tokens.map((token) => (
            <Typography
              key={token}
              data-testid={`token-${token}`}
              sx={{
                fontSize: { xs: 64, md: 96 },
                fontWeight: 800,
                lineHeight: 1,
                minWidth: "2ch",
                textAlign: "center",
              }}
            >
              {token}
            </Typography>
          ))
        )}
      </Box>
    </Paper>
  );
}

/**
 * The screen facing customers: paid take-away tokens being prepared and ready to collect, refreshed
 * every few seconds; a token leaves the board once it is marked picked up.
 */
export function PickupBoard({ businessDayId }: { businessDayId: number | undefined }) {
  const orders = useOrders({ businessDayId, status: "paid", type: "take_away", size: 1000, page: 1 }, REFRESH_MS);
  const board = pickupBoard(orders.data?.data ?? []);
  return (
    <Box sx={{ flex: 1, minHeight: 0, display: "flex", flexDirection: "column", gap: 2, p: 2, bgcolor: "grey.900" }}>
      {orders.isError ? (
        <Alert severity="error">Could not refresh the board. {errorMessage(orders.error)}</Alert>
      ) : null}
      <Box sx={{ flex: 1, minHeight: 0, display: "flex", gap: 2 }}>
        <Column title="Preparing" tokens={board.preparing} color="warning.dark" />
        <Column title="Ready" tokens={board.ready} color="success.dark" />
      </Box>
      <Typography variant="caption" sx={{ color: "grey.500", textAlign: "right" }}>
        {orders.dataUpdatedAt ? `Updated ${toZonedLocal(new Date(orders.dataUpdatedAt).toISOString()).slice(11)}` : ""}
      </Typography>
    </Box>
  );
}
