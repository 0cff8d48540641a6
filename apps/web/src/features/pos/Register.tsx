import {
  minorToAmount,
  type OrderTotals,
  type PosBootstrap,
  type PosOrder,
  type PosOrderCreateInput,
  type PosProduct,
  type PosVariant,
  type SupervisorAction,
  type SupervisorApproval,
} from "@cargodesk/shared";
import { Alert, Box, LinearProgress, Snackbar } from "@mui/material";
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { keptDisplayName } from "../../lib/session";
import { ActionBar } from "./ActionBar";
import { HeldCourses } from "./Courses";
import { rememberLastPaid } from "./device";
import { discountText, needsApproval } from "./discount-rules";
import { type DraftDiscount, heldCourses, liveLines } from "./draft";
import { toOps } from "./draft-ops";
import { draftTotals } from "./draft-totals";
import { fireCourse, sendToKitchen } from "./kitchen-send";
import { MenuPanel } from "./MenuPanel";
import { dealLine, findBarcode, type MenuTile, variantLine } from "./menu";
import { OrderHeader } from "./OrderHeader";
import { OrderLines } from "./OrderLines";
import { offlineReceipt } from "./offline/receipt";
import { noteInvoice, queueOfflineSale } from "./offline/store";
import type { OutboxState } from "./offline/useOutbox";
import { PosTopBar, type RegisterMenuItem } from "./PosTopBar";
import { type RegisterDialog, RegisterDialogs } from "./RegisterDialogs";
import { useCompanyMoment, useFunctionKey, useWedgeScanner } from "./register-hooks";
import { TotalsBox } from "./TotalsBox";
import { type Tender, toPayments, toTenderInputs } from "./tenders";
import { KEPT_CODE, newId, useRegister } from "./useRegister";
import { useWaiterSync } from "./useWaiterSync";

export interface RegisterProps {
  bootstrap: PosBootstrap;
  counterId: number;
  onCounter: (counterId: number) => void;
  businessDate: string | null;
  /** The register learned the counter has no open session. */
  onNoSession: () => void;
  menu: (open: (dialog: RegisterDialog) => void) => RegisterMenuItem[];
  /** Table Order's waiter mode (design 5.4 item 49); the register's own mode without it. */
  waiter?: WaiterMode;
  /** The register's outbox of offline sales (design 6.7), shown in the top bar. */
  outbox?: OutboxState;
}

/** The register's left panel for one check of a table: its own bar, no Hold, Pay only for POS holders. */
export interface WaiterMode {
  /** The check as the server holds it (read again when another device changes it). */
  order: PosOrder;
  /** Replaces the register's top bar (the table, its checks, table actions, back to the floor). */
  bar: ReactNode;
  canPay: boolean;
  /** The check is paid; the panel's draft is already cleared. */
  onPaid: (order: PosOrder) => void;
  /** Whether the panel holds changes the server has not seen (for the "being edited by" hint). */
  onUnsent?: (unsent: boolean) => void;
}

/** The register: the order on the left, the menu on the right, the actions under the order. */
export function Register({
  bootstrap,
  counterId,
  onCounter,
  businessDate,
  onNoSession,
  menu,
  waiter,
  outbox,
}: RegisterProps) {
  const counter = bootstrap.counters.find((candidate) => candidate.id === counterId);
  const register = useRegister(
    counterId,
    waiter ? "dine_in" : (counter?.defaultOrderType ?? "take_away"),
    waiter ? `table.order.${waiter.order.id}` : undefined,
  );
  const { draft, dispatch, send, busy, problem } = register;
  const at = useCompanyMoment();
  const [dialog, setDialog] = useState<RegisterDialog | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const totals = useMemo(() => draftTotals(draft, bootstrap, at), [draft, bootstrap, at]);
  const lineTotals = useMemo(() => new Map(totals.lines.map((line) => [line.key, line])), [totals]);
  const selectedLine = draft.lines.find((line) => line.lineUuid === selected && line.status !== "voided") ?? null;
  const rules = bootstrap.outlet.supervisorRules;
  const hasLines = liveLines(draft).length > 0;
  const { reprice, noSession } = register;
  const canPay = waiter?.canPay ?? true;

  useEffect(() => reprice(bootstrap), [bootstrap, reprice]);
  useEffect(() => void performance.mark("pos-register-mounted"), []);
  useEffect(() => {
    if (noSession) onNoSession();
  }, [noSession, onNoSession]);
  useWaiterSync(waiter, register);

  const addVariant = (product: PosProduct, variant: PosVariant) => {
    dispatch({ type: "add", line: variantLine(newId(), product, variant) });
    setDialog(null);
  };
  const pick = (tile: MenuTile) => {
    if (tile.kind === "deal") return setDialog({ kind: "deal", deal: tile.deal });
    const [only] = tile.product.variants;
    if (tile.product.variants.length === 1 && only) return addVariant(tile.product, only);
    setDialog({ kind: "variant", product: tile.product });
  };
  const scan = (barcode: string) => {
    const found = findBarcode(bootstrap, barcode);
    if (!found) return setNotice(`No menu item has the barcode ${barcode}`);
    if (found.product.soldOut) return setNotice(`${found.product.name} is sold out`);
    addVariant(found.product, found.variant);
  };
  useWedgeScanner(scan, dialog === null);
  // The menu keeps the same handlers from render to render, so a tap re-renders the order, not the grid.
  const handlers = useRef({ pick, scan });
  handlers.current = { pick, scan };
  const onPick = useCallback((tile: MenuTile) => handlers.current.pick(tile), []);
  const onScan = useCallback((barcode: string) => handlers.current.scan(barcode), []);

  const approve = (action: SupervisorAction, reason: string, then: (approval: SupervisorApproval) => void) =>
    setDialog({ kind: "supervisor", action, reason, then });

  const applyDiscount = (lineUuid: string | null, discount: DraftDiscount | null) => {
    setDialog(null);
    const line = draft.lines.find((candidate) => candidate.lineUuid === lineUuid);
    const action = line
      ? ({ type: "lineDiscount", lineUuid: line.lineUuid, discount } as const)
      : ({ type: "orderDiscount", discount } as const);
    const base = line
      ? (lineTotals.get(line.lineUuid)?.grossMinor ?? 0n)
      : draftTotals({ ...draft, orderDiscount: null }, bootstrap, at).netMinor;
    if (!discount || !needsApproval(discount, base, rules.maxDiscountBpWithoutApproval)) return dispatch(action);
    approve("discount", discountText(discount, line ? line.name : "the order"), (approval) => {
      setDialog(null);
      const approved = { ...discount, supervisorToken: approval.token, approvedBy: approval.supervisor.name };
      // The approval lives 60 seconds: the discount goes to the server now, not at payment.
      void register.sendNow(line ? { ...action, discount: approved } : { type: "orderDiscount", discount: approved });
    });
  };

  const voidLine = () => {
    if (!selectedLine) return;
    if (selectedLine.status === "pending" && !register.isOnServer(selectedLine.lineUuid)) {
      dispatch({ type: "remove", lineUuid: selectedLine.lineUuid });
      return setSelected(null);
    }
    if (selectedLine.status === "pending") {
      setSelected(null);
      return void register.sendNow({ type: "remove", lineUuid: selectedLine.lineUuid });
    }
    setDialog({ kind: "void", lineUuid: selectedLine.lineUuid });
  };
  const voidFired = (lineUuid: string, reasonId: number, needsSupervisor: boolean, name: string) => {
    const go = (supervisorToken?: string) => {
      setDialog(null);
      setSelected(null);
      void send([
        { opUuid: newId(), kind: "void_line", lineUuid, reasonId, ...(supervisorToken ? { supervisorToken } : {}) },
      ]);
    };
    if (!needsSupervisor && !rules.voidAfterFireNeedsSupervisor) return go();
    approve("void_after_fire", `Voiding ${name} after it was sent`, (approval) => go(approval.token));
  };

  const finish = (order: PosOrder | null, message: string) => {
    if (!order) return;
    register.reset();
    setSelected(null);
    setNotice(message);
  };
  const pay = async (tenders: Tender[]) => {
    const settled = draftTotals(draft, bootstrap, at, toTenderInputs(tenders));
    const payOp = {
      opUuid: newId(),
      kind: "pay" as const,
      clientUuid: newId(),
      payments: toPayments(tenders),
      // With a code coupon the till only previewed the discount: the server's total stands.
      ...(draft.coupon ? {} : { total: minorToAmount(settled.totalMinor) }),
    };
    // A table's check is never sold offline; the register's take-away sales are (design 6.7).
    const queue = waiter ? null : (body: PosOrderCreateInput) => keepOffline(body, settled);
    const result = await register.payOrQueue(payOp, queue);
    if (!result) return;
    register.reset();
    setSelected(null);
    const printer = bootstrap.printers.find((candidate) => candidate.id === counter?.receiptPrinterId);
    if ("kept" in result) return setDialog({ kind: "offlineReceipt", receipt: result.kept, autoPrint: true });
    const { order } = result;
    if (waiter) return waiter.onPaid(order);
    rememberLastPaid(counterId, order.id);
    void noteInvoice(counterId, order.number);
    setDialog({ kind: "receipt", order, receiptKind: "receipt", autoPrint: printer?.kind === "browser" });
  };
  /** The sale goes into the outbox with the device's next invoice number; its receipt prints here. */
  const keepOffline = async (body: PosOrderCreateInput, settled: OrderTotals) => {
    const openedAt = new Date().toISOString();
    const entry = await queueOfflineSale(counterId, (device, invoiceNo) => ({
      clientUuid: body.clientUuid,
      counterId,
      order: {
        clientUuid: body.clientUuid,
        counterId,
        sessionId: device.sessionId,
        orderType: body.orderType === "delivery" ? "delivery" : "take_away",
        ...(body.customerId !== undefined ? { customerId: body.customerId } : {}),
        deviceId: body.deviceId,
        openedAt,
        paidAt: openedAt,
        invoiceNo,
        ops: body.ops ?? [],
      },
      receipt: offlineReceipt({
        draft,
        totals: settled,
        bootstrap,
        invoiceNo,
        counterCode: device.counterCode,
        cashier: keptDisplayName(),
        openedAt,
      }),
    }));
    return entry?.receipt ?? null;
  };

  const actions = {
    hold: async () => {
      const order = await send();
      finish(order, order ? `Order held: token ${order.token}` : "");
    },
    send: async () => setNotice(await sendToKitchen(draft, send)),
    fireCourse: async (course: number) => setNotice(await fireCourse(course, send)),
    bill: async () => {
      const order = await send([{ opUuid: newId(), kind: "bill" }]);
      if (order) setDialog({ kind: "receipt", order, receiptKind: "bill", autoPrint: false });
    },
    discount: () => setDialog({ kind: "discount", lineUuid: selectedLine?.lineUuid ?? null }),
    coupon: () => setDialog({ kind: "coupon" }),
    note: () => selectedLine && setDialog({ kind: "note", lineUuid: selectedLine.lineUuid }),
    voidLine,
    pay: () => {
      register.clearProblem();
      setDialog({ kind: "pay" });
    },
  };
  const dineInReady = draft.orderType !== "dine_in" || draft.tableId !== null;
  useFunctionKey("F9", actions.pay, canPay && dialog === null && hasLines && dineInReady && !busy);

  return (
    <>
      {waiter ? (
        waiter.bar
      ) : (
        <PosTopBar
          bootstrap={bootstrap}
          counterId={counterId}
          onCounter={onCounter}
          businessDate={draft.server?.businessDate ?? businessDate}
          menu={menu(setDialog)}
          {...(outbox ? { outbox } : {})}
        />
      )}
      <Box sx={{ flex: 1, minHeight: 0, display: "flex", bgcolor: "background.default" }}>
        <Box
          component="section"
          aria-label="Order"
          sx={{
            width: { xs: 360, lg: 420 },
            flexShrink: 0,
            display: "flex",
            flexDirection: "column",
            bgcolor: "background.paper",
            borderRight: 1,
            borderColor: "divider",
            position: "relative",
          }}
        >
          {busy ? (
            <LinearProgress sx={{ position: "absolute", top: 0, left: 0, right: 0 }} aria-label="Sending" />
          ) : null}
          <OrderHeader
            draft={draft}
            halls={bootstrap.halls}
            dispatch={dispatch}
            onCustomer={() => setDialog({ kind: "customer" })}
            tableFixed={waiter !== undefined}
          />
          {problem && dialog?.kind !== "pay" ? (
            <Alert
              severity={problem.code === KEPT_CODE ? "warning" : "error"}
              onClose={register.clearProblem}
              sx={{ m: 1, mb: 0 }}
            >
              {problem.message}
            </Alert>
          ) : null}
          <Box sx={{ flex: 1, minHeight: 0, overflowY: "auto" }}>
            <OrderLines
              lines={draft.lines}
              totals={lineTotals}
              selected={selected}
              onSelect={setSelected}
              onQty={(line, qty) => dispatch({ type: "qty", lineUuid: line.lineUuid, qty })}
            />
          </Box>
          <HeldCourses
            courses={heldCourses(draft)}
            disabled={busy}
            onFire={(course) => void actions.fireCourse(course)}
          />
          <Box sx={{ borderTop: 1, borderColor: "divider", bgcolor: "#fbfcfe" }}>
            <TotalsBox totals={totals} taxInclusive={bootstrap.outlet.taxInclusive} />
          </Box>
          <ActionBar
            actions={actions}
            hasLines={hasLines}
            lineSelected={selectedLine !== null}
            busy={busy}
            totalMinor={totals.totalMinor}
            canPay={dineInReady}
            mode={waiter ? (canPay ? "waiter" : "waiterNoPay") : "register"}
          />
        </Box>
        <MenuPanel bootstrap={bootstrap} orderType={draft.orderType} at={at} onPick={onPick} onBarcode={onScan} />
      </Box>
      <RegisterDialogs
        dialog={dialog}
        close={() => setDialog(null)}
        bootstrap={bootstrap}
        draft={draft}
        dispatch={dispatch}
        counterId={counterId}
        busy={busy}
        payError={dialog?.kind === "pay" ? (problem?.message ?? null) : null}
        price={(tenders) => draftTotals(draft, bootstrap, at, tenders)}
        onVariant={addVariant}
        onDeal={(deal, picks) => {
          dispatch({ type: "add", line: dealLine(newId(), bootstrap, deal, picks) });
          setDialog(null);
        }}
        onDiscount={applyDiscount}
        onVoidFired={voidFired}
        onPay={pay}
        onReplace={(order) => {
          setDialog(null);
          // Unsent work on the screen would be lost: it is held (or paid) first.
          if (toOps(draft, newId).length > 0) return setNotice("Hold or pay the order on the screen first");
          register.replace(order);
          setSelected(null);
        }}
        setNotice={setNotice}
      />
      <Snackbar
        key={notice}
        open={notice !== null}
        autoHideDuration={4_000}
        // The next tap on the till does not hide it: it goes by itself.
        onClose={(_, reason) => reason !== "clickaway" && setNotice(null)}
        message={notice}
        anchorOrigin={{ vertical: "bottom", horizontal: "right" }}
      />
    </>
  );
}
