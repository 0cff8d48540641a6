import type { KdsAction, KdsTicket } from "@cargodesk/shared";
import HistoryIcon from "@mui/icons-material/History";
import SoupKitchenIcon from "@mui/icons-material/SoupKitchen";
import { Alert, Box, Button, CircularProgress, Stack } from "@mui/material";
import { useMemo, useState } from "react";
import { FullScreenBar } from "../../app/shell/FullScreenBar";
import { EmptyState } from "../../components/EmptyState";
import { errorMessage } from "../../lib/api";
import {
  type StationChoice,
  storedStation,
  storeStation,
  useItemDone,
  useRecent,
  useSnapshot,
  useStations,
  useStats,
  useTicketAction,
} from "./api";
import { ExpoOrderRow, TicketGrid } from "./ExpoOrderRow";
import { ConnectionChip, StationPicker } from "./KdsBar";
import { useKdsLive, useNow } from "./live";
import { RecallDialog } from "./RecallDialog";
import { SidePanel } from "./SidePanel";
import { TicketCard } from "./TicketCard";
import { boardTickets, expoOrders } from "./tickets";
import { useBumpBar } from "./useBumpBar";

/**
 * /kds: one station's tickets (or every station's, the expo view) from the snapshot kept live by
 * the event stream; tap a line to mark it done, Start, Bump, Recall and Priority, from the screen or
 * the keyboard as a bump bar; the all-day counts beside.
 */
export default function KdsPage() {
  const stations = useStations();
  const [stored, setStored] = useState<StationChoice | undefined>(() => storedStation());
  const known = stations.data?.stations;
  // A remembered station that was deleted since: choose again.
  const choice =
    stored !== null && stored !== undefined && known && !known.some((s) => s.id === stored) ? undefined : stored;
  const chosen = choice !== undefined;
  const expo = choice === null;
  const station = known?.find((candidate) => candidate.id === choice);

  const live = useKdsLive(choice);
  const snapshot = useSnapshot(choice ?? null, chosen);
  const stats = useStats(choice ?? null, chosen);
  const serverNow = useNow() + live.offsetMs;
  const action = useTicketAction();
  const itemDone = useItemDone();
  const [actionError, setActionError] = useState<string | null>(null);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [recallOpen, setRecallOpen] = useState(false);

  const tickets = snapshot.data?.tickets;
  const cards = useMemo(() => boardTickets(tickets ?? [], expo), [tickets, expo]);
  const selected = cards.find((ticket) => ticket.id === selectedId) ?? cards[0] ?? null;
  const recent = useRecent(choice ?? null, chosen && recallOpen);

  const choose = (next: StationChoice) => {
    storeStation(next);
    setStored(next);
    setSelectedId(null);
  };
  const act = (ticket: KdsTicket, kind: KdsAction) => {
    setActionError(null);
    action.mutate(
      { ticketId: ticket.id, action: kind },
      {
        onSuccess: () => {
          if (kind === "recall") setRecallOpen(false);
        },
        onError: (error) => setActionError(errorMessage(error)),
      },
    );
  };
  const busy = action.isPending || itemDone.isPending;

  useBumpBar({
    enabled: chosen && !recallOpen,
    cards,
    selected,
    onSelect: (ticket) => setSelectedId(ticket?.id ?? null),
    onAction: (ticket, kind) => act(ticket, kind),
    onRecall: () => setRecallOpen(true),
  });

  const card = (ticket: KdsTicket, index: number) => (
    <Box role="listitem" key={ticket.id}>
      <TicketCard
        ticket={ticket}
        index={index}
        selected={selected?.id === ticket.id}
        nowMs={serverNow}
        expo={expo}
        busy={busy}
        onSelect={() => setSelectedId(ticket.id)}
        onAction={(kind) => act(ticket, kind)}
        onItemDone={(item) => {
          setActionError(null);
          itemDone.mutate(item.id, { onError: (error) => setActionError(errorMessage(error)) });
        }}
      />
    </Box>
  );

  const board = !chosen ? (
    <EmptyState
      icon={<SoupKitchenIcon />}
      title="Choose this screen's station"
      description="The choice is kept on this device."
      action={
        <Stack direction="row" sx={{ gap: 1, flexWrap: "wrap", justifyContent: "center" }}>
          {(known ?? []).map((candidate) => (
            <Button key={candidate.id} variant="contained" onClick={() => choose(candidate.id)}>
              {candidate.name}
            </Button>
          ))}
          <Button variant="outlined" onClick={() => choose(null)}>
            Expo / All
          </Button>
        </Stack>
      }
    />
  ) : snapshot.isPending ? (
    <Box sx={{ display: "flex", justifyContent: "center", py: 8 }}>
      <CircularProgress aria-label="Loading tickets" />
    </Box>
  ) : snapshot.error ? (
    <Alert severity="error" action={<Button onClick={() => void snapshot.refetch()}>Retry</Button>}>
      Could not load the tickets. {errorMessage(snapshot.error)}
    </Alert>
  ) : cards.length === 0 ? (
    <EmptyState
      icon={<SoupKitchenIcon />}
      title={expo ? "No tickets for any station" : `No tickets for ${station?.name ?? "this station"}`}
      description="New tickets appear here as soon as they are sent to the kitchen."
    />
  ) : expo ? (
    <Stack sx={{ gap: 2 }}>
      {expoOrders(cards).map((order) => (
        <ExpoOrderRow key={order.orderId} order={order}>
          {order.cards.map(({ ticket, index }) => card(ticket, index))}
        </ExpoOrderRow>
      ))}
    </Stack>
  ) : (
    <TicketGrid label="Tickets">{cards.map((ticket, index) => card(ticket, index))}</TicketGrid>
  );

  return (
    <>
      <FullScreenBar>
        <StationPicker stations={known ?? []} value={choice} onChange={choose} />
        <Box sx={{ flex: 1 }} />
        {chosen ? <ConnectionChip state={live.state} /> : null}
        {chosen ? (
          <Button
            color="inherit"
            variant="outlined"
            size="small"
            startIcon={<HistoryIcon />}
            onClick={() => setRecallOpen(true)}
          >
            Recall
          </Button>
        ) : null}
      </FullScreenBar>
      {live.printerAlert ? (
        <Alert
          severity="error"
          variant="filled"
          square
          onClose={live.dismissPrinterAlert}
          data-testid="kds-printer-failed"
        >
          Printer {live.printerAlert.printer} failed: {live.printerAlert.reason}. Check the printer; the tickets are
          still on this screen.
        </Alert>
      ) : null}
      {live.streamError ? (
        <Alert severity="warning" square>
          Live updates stopped: {live.streamError}
        </Alert>
      ) : null}
      {actionError ? (
        <Alert severity="error" square onClose={() => setActionError(null)}>
          {actionError}
        </Alert>
      ) : null}
      {stations.error ? (
        <Alert severity="error" square action={<Button onClick={() => void stations.refetch()}>Retry</Button>}>
          Could not load the stations. {errorMessage(stations.error)}
        </Alert>
      ) : null}
      <Box sx={{ flex: 1, minHeight: 0, display: "flex" }}>
        <Box component="main" sx={{ flex: 1, minWidth: 0, overflow: "auto", p: 1.5, bgcolor: "grey.100" }}>
          {board}
        </Box>
        {chosen ? (
          <SidePanel
            stats={stats.data}
            loading={stats.isPending}
            error={stats.error}
            onRetry={() => void stats.refetch()}
          />
        ) : null}
      </Box>
      <RecallDialog
        open={recallOpen}
        tickets={recent.data?.tickets ?? null}
        error={recent.isError ? errorMessage(recent.error) : null}
        busy={busy}
        onRecall={(ticket) => act(ticket, "recall")}
        onClose={() => setRecallOpen(false)}
      />
    </>
  );
}
