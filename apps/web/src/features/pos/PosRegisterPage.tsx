import { perm } from "@cargodesk/shared";
import EventBusyOutlinedIcon from "@mui/icons-material/EventBusyOutlined";
import PointOfSaleOutlinedIcon from "@mui/icons-material/PointOfSaleOutlined";
import { Alert, Box, Button, ButtonBase, Typography } from "@mui/material";
import { useCallback, useEffect, useState } from "react";
import { Link as RouterLink } from "react-router";
import { FullScreenBar } from "../../app/shell/FullScreenBar";
import { EmptyState } from "../../components/EmptyState";
import { PageLoader } from "../../components/PageLoader";
import { apiFile, errorMessage } from "../../lib/api";
import { useCan } from "../../lib/hooks";
import { useOpenFile } from "../../lib/open-file";
import { fetchOrder, useCounterSession, usePosBootstrap } from "./api";
import { chooseCounter, lastPaidOrder, useRememberedCounter } from "./device";
import { useServiceWorker } from "./offline/service-worker";
import { useOutbox } from "./offline/useOutbox";
import { openDrawer, useDevicePrinter } from "./printing";
import { Register } from "./Register";
import type { RegisterDialog } from "./RegisterDialogs";

const DAY_OPEN_PATH = "/setting/opening";
const RESTAURANT_PATH = "/setting/Restaurant/addRestaurant";

/** A full-screen message under the bar: no counter, counter closed, or the menu failed to load. */
function Blocked({ children }: { children: React.ReactNode }) {
  return (
    <>
      <FullScreenBar />
      <Box sx={{ flex: 1, display: "grid", placeItems: "center", bgcolor: "background.default", p: 3 }}>
        <Box
          sx={{
            bgcolor: "background.paper",
            borderRadius: 3,
            border: 1,
            borderColor: "divider",
            maxWidth: 560,
            width: "100%",
          }}
        >
          {children}
        </Box>
      </Box>
    </>
  );
}

/** Several counters and none remembered on this device: the cashier says which till this is. */
function CounterChooser({
  counters,
  onPick,
}: {
  counters: readonly { id: number; code: string; name: string }[];
  onPick: (id: number) => void;
}) {
  return (
    <Blocked>
      <Box sx={{ p: 3 }}>
        <Typography variant="h6" component="h2">
          Which counter is this?
        </Typography>
        <Typography variant="body2" sx={{ color: "text.secondary", mb: 2 }}>
          This device remembers the choice; change it later from the counter name in the top bar.
        </Typography>
        <Box sx={{ display: "grid", gridTemplateColumns: "repeat(auto-fill, minmax(150px, 1fr))", gap: 1.5 }}>
          {counters.map((counter) => (
            <ButtonBase
              key={counter.id}
              onClick={() => onPick(counter.id)}
              sx={{
                p: 2,
                borderRadius: 2,
                border: 1,
                borderColor: "divider",
                flexDirection: "column",
                "&:hover": { borderColor: "primary.main" },
              }}
            >
              <PointOfSaleOutlinedIcon color="primary" />
              <Typography sx={{ fontWeight: 700, mt: 1 }}>{counter.code}</Typography>
              <Typography variant="body2" sx={{ color: "text.secondary" }}>
                {counter.name}
              </Typography>
            </ButtonBase>
          ))}
        </Box>
      </Box>
    </Blocked>
  );
}

/**
 * `/pos`, the register (design 5.4 item 46). It needs the menu (bootstrap), a counter for this
 * device and an open session for that counter; without one it says so and links to Day Open.
 */
export default function PosRegisterPage() {
  useEffect(() => void performance.mark("pos-page-mounted"), []);
  const [remembered, remember] = useRememberedCounter();
  const bootstrap = usePosBootstrap(remembered);
  const chosen = bootstrap.data
    ? chooseCounter(
        bootstrap.data.counters.map((counter) => counter.id),
        remembered,
      )
    : null;
  // The remembered counter's session is read beside the menu, not after it (a faster start).
  const day = useCounterSession(bootstrap.data ? chosen : remembered);
  const canOpenDay = useCan(perm("Setting", "Day Open"));
  const [closed, setClosed] = useState(false);
  const xReport = useOpenFile();
  const [menuError, setMenuError] = useState<string | null>(null);
  const receiptPrinter = useDevicePrinter("receipt");
  const markClosed = useCallback(() => setClosed(true), []);
  const outbox = useOutbox(chosen, day.data?.session?.id ?? null);
  useServiceWorker();

  if (bootstrap.isPending) return <PageLoader label="Loading the menu" />;
  if (bootstrap.isError)
    return (
      <Blocked>
        <EmptyState
          titleAs="h2"
          title="The menu could not be loaded"
          description={errorMessage(bootstrap.error)}
          action={
            <Button variant="contained" onClick={() => bootstrap.refetch()}>
              Try again
            </Button>
          }
        />
      </Blocked>
    );
  const data = bootstrap.data;
  const counterId = chosen;
  if (data.counters.length === 0)
    return (
      <Blocked>
        <EmptyState
          titleAs="h2"
          icon={<PointOfSaleOutlinedIcon />}
          title="No counters are set up yet"
          description="Add a counter (a till with its cash account) under Setting > Restaurant, then open it on Day Open."
          action={
            <Button component={RouterLink} to={RESTAURANT_PATH} variant="contained">
              Restaurant settings
            </Button>
          }
        />
      </Blocked>
    );
  if (counterId === null) return <CounterChooser counters={data.counters} onPick={remember} />;

  const counter = data.counters.find((candidate) => candidate.id === counterId);
  const session = day.data?.session ?? null;
  const sessionId = session?.id ?? null;
  const businessDate = day.data?.businessDate ?? null;
  const dayError = day.isError;
  if (closed || (day.isSuccess && !session))
    return (
      <Blocked>
        <EmptyState
          titleAs="h2"
          icon={<EventBusyOutlinedIcon />}
          title={`Counter ${counter?.code ?? ""} is not open`}
          description={
            day.data?.businessDate
              ? `The business day ${day.data.businessDate} is open, but this counter has no session. Open the counter on Day Open before taking orders.`
              : "No business day is open. Open the day and this counter on Day Open before taking orders."
          }
          action={
            <Box sx={{ display: "flex", gap: 1, justifyContent: "center" }}>
              {canOpenDay ? (
                <Button component={RouterLink} to={DAY_OPEN_PATH} variant="contained">
                  Go to Day Open
                </Button>
              ) : (
                <Typography variant="body2">Ask a manager to open it on Day Open.</Typography>
              )}
              <Button
                onClick={() => {
                  setClosed(false);
                  void day.refetch();
                }}
              >
                Check again
              </Button>
            </Box>
          }
        />
      </Blocked>
    );

  const menu = (open: (dialog: RegisterDialog) => void) => {
    const last = lastPaidOrder(counterId);
    return [
      { label: "Held orders", onClick: () => open({ kind: "held" }) },
      { label: "Cash in / out", onClick: () => open({ kind: "cash" }) },
      {
        label: "Reprint last receipt",
        disabled: last === null,
        onClick: () => {
          if (last !== null)
            void fetchOrder(last).then((order) =>
              open({ kind: "receipt", order, receiptKind: "reprint", autoPrint: false }),
            );
        },
      },
      {
        // Logged as a no sale, then kicked through the device receipt printer the drawer hangs on.
        label: "Open drawer",
        disabled: sessionId === null || receiptPrinter.status === "none",
        onClick: () => {
          setMenuError(null);
          void openDrawer(counterId).catch((error: unknown) =>
            setMenuError(`The drawer did not open: ${errorMessage(error)}`),
          );
        },
      },
      {
        label: "X report",
        disabled: sessionId === null,
        onClick: () => {
          if (sessionId !== null)
            void xReport.open("pdf", `X report ${counter?.code ?? ""}`, () =>
              apiFile(`/setting/session/${sessionId}/x_report.pdf`, {
                type: "application/pdf",
                fallbackName: `x-report-${sessionId}.pdf`,
              }),
            );
        },
      },
    ];
  };

  return (
    <>
      {dayError ? <Alert severity="warning">{errorMessage(day.error)}</Alert> : null}
      {xReport.error || menuError ? (
        <Alert
          severity="error"
          onClose={() => {
            xReport.clearError();
            setMenuError(null);
          }}
        >
          {xReport.error ?? menuError}
        </Alert>
      ) : null}
      <Register
        key={counterId}
        bootstrap={data}
        counterId={counterId}
        onCounter={remember}
        businessDate={businessDate}
        onNoSession={markClosed}
        menu={menu}
        outbox={outbox}
      />
    </>
  );
}
