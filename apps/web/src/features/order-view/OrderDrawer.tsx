import type { PosBootstrap, PosOrderDetail, VoidReason } from "@cargodesk/shared";
import CloseIcon from "@mui/icons-material/Close";
import DoneAllIcon from "@mui/icons-material/DoneAll";
import PrintIcon from "@mui/icons-material/Print";
import UndoIcon from "@mui/icons-material/Undo";
import { Alert, Box, Button, Divider, Drawer, IconButton, type SxProps, type Theme, Typography } from "@mui/material";
import { type ReactNode, useState } from "react";
import { type Column, DataTable } from "../../components/DataTable";
import { PageLoader } from "../../components/PageLoader";
import { ReportError } from "../../components/ReportStatus";
import { errorMessage } from "../../lib/api";
import { money } from "../../lib/format";
import { ReceiptDialog } from "../pos/ReceiptDialog";
import { VoucherSourcesDialog } from "../pos-days/VoucherSourcesDialog";
import { useMarkPickedUp, useOrderDetail } from "./api";
import { KitchenChip, OrderStatusChip } from "./chips";
import { factsOf, LINE_COLUMNS, opColumns, PAYMENT_COLUMNS } from "./order-columns";
import { RefundDialog } from "./RefundDialog";
import { refundableLines } from "./refund";

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-label={title}>
      <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5, color: "text.secondary" }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

function Facts({ facts }: { facts: readonly [string, ReactNode][] }) {
  return (
    <Box sx={{ display: "grid", gridTemplateColumns: "repeat(auto-fill, minmax(150px, 1fr))", gap: 1.5 }}>
      {facts.map(([label, value]) => (
        <Box key={label}>
          <Typography variant="caption" component="div" sx={{ color: "text.secondary" }}>
            {label}
          </Typography>
          <Typography variant="body2" component="div">
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** A short read-only table of the drawer: every row, no paging. */
function DrawerTable<T>(props: {
  label: string;
  columns: Column<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  rowSx?: (row: T) => SxProps<Theme>;
}) {
  return <DataTable {...props} paged={false} maxHeight={null} />;
}

function Totals({ order }: { order: PosOrderDetail }) {
  const rows: [string, number][] = [
    ["Subtotal", order.subtotal],
    ["Discounts", -order.discount],
    ["Service charge", order.serviceCharge],
    ["Tax", order.tax],
    ["Rounding", order.rounding],
  ];
  return (
    <Box
      sx={{ display: "grid", gridTemplateColumns: "1fr auto", columnGap: 3, rowGap: 0.25, maxWidth: 320, ml: "auto" }}
    >
      {rows
        .filter(([label, amount]) => amount !== 0 || label === "Subtotal" || label === "Tax")
        .map(([label, amount]) => (
          <Box key={label} sx={{ display: "contents" }}>
            <Typography variant="body2">{label}</Typography>
            <Typography variant="body2" align="right">
              {money(amount)}
            </Typography>
          </Box>
        ))}
      <Typography sx={{ fontWeight: 700 }}>Total</Typography>
      <Typography sx={{ fontWeight: 700 }} align="right" data-testid="order-total">
        {money(order.total)}
      </Typography>
      <Typography variant="body2">Paid</Typography>
      <Typography variant="body2" align="right">
        {money(order.paid)}
      </Typography>
      {order.change > 0 ? (
        <>
          <Typography variant="body2">Change</Typography>
          <Typography variant="body2" align="right">
            {money(order.change)}
          </Typography>
        </>
      ) : null}
    </Box>
  );
}

/**
 * One order: its lines with their kitchen state, totals, payments, the operation log ("who added,
 * voided or discounted what, when, on which device"), the voucher once the day is closed, and the
 * actions Order View allows: Reprint, Mark picked up and Refund.
 */
export function OrderDrawer({
  orderId,
  onClose,
  outlet,
  reasons,
  canRefund,
  onDone,
}: {
  orderId: number | null;
  onClose: () => void;
  /** The outlet's counters, payment methods and rules, when this user may read them. */
  outlet: PosBootstrap | undefined;
  reasons: readonly VoidReason[];
  canRefund: boolean;
  onDone: (message: string) => void;
}) {
  const detail = useOrderDetail(orderId);
  const pickedUp = useMarkPickedUp();
  const [reprint, setReprint] = useState(false);
  const [refunding, setRefunding] = useState(false);
  const [voucherId, setVoucherId] = useState<number | null>(null);
  const order = detail.data;
  const label = order ? (order.number ?? `token ${order.token}`) : "";

  return (
    <Drawer
      anchor="right"
      open={orderId !== null}
      onClose={onClose}
      slotProps={{ paper: { sx: { width: { xs: "100%", md: 680 } } } }}
    >
      <Box sx={{ p: 2, display: "flex", alignItems: "center", gap: 1 }}>
        <Typography variant="h6" component="h2" sx={{ flex: 1 }} data-testid="order-title">
          {order ? `Order ${label}` : "Order"}
        </Typography>
        {order ? (
          <>
            <OrderStatusChip status={order.status} />
            <KitchenChip status={order.kitchenStatus} named />
          </>
        ) : null}
        <IconButton aria-label="Close the order" onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </Box>
      <Divider />
      <Box sx={{ p: 2, display: "grid", gap: 2.5, overflowY: "auto" }}>
        {detail.isPending ? <PageLoader label="Loading the order" /> : null}
        {detail.isError ? (
          <ReportError error={detail.error} onRetry={() => void detail.refetch()} what="the order" />
        ) : null}
        {order ? (
          <>
            <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap" }}>
              {order.number ? (
                <Button variant="outlined" startIcon={<PrintIcon />} onClick={() => setReprint(true)}>
                  Reprint
                </Button>
              ) : null}
              {order.orderType === "take_away" && order.status === "paid" && order.pickedUpAt === null ? (
                <Button
                  variant="outlined"
                  startIcon={<DoneAllIcon />}
                  disabled={pickedUp.isPending}
                  onClick={() =>
                    pickedUp.mutate(order.id, { onSuccess: () => onDone(`Token ${order.token} picked up`) })
                  }
                >
                  Mark picked up
                </Button>
              ) : null}
              {canRefund && order.status === "paid" && refundableLines(order).length > 0 ? (
                <Button variant="outlined" color="warning" startIcon={<UndoIcon />} onClick={() => setRefunding(true)}>
                  Refund
                </Button>
              ) : null}
            </Box>
            {pickedUp.isError ? <Alert severity="error">{errorMessage(pickedUp.error)}</Alert> : null}
            <Facts facts={factsOf(order, () => setVoucherId(order.salesVoucher?.id ?? null))} />
            {order.late ? <Alert severity="info">Synced after its own day closed: posted with this day.</Alert> : null}
            <Section title="Lines">
              <DrawerTable
                label="Order lines"
                columns={LINE_COLUMNS}
                rows={order.lines}
                rowKey={(line) => line.id}
                rowSx={(line): SxProps<Theme> =>
                  line.dealParentLineId === null ? {} : { "& td": { color: "text.secondary" } }
                }
              />
            </Section>
            <Totals order={order} />
            <Section title="Payments">
              {order.payments.length === 0 ? (
                <Typography variant="body2">No payment yet.</Typography>
              ) : (
                <DrawerTable
                  label="Payments"
                  columns={PAYMENT_COLUMNS}
                  rows={order.payments}
                  rowKey={(payment) => payment.id}
                />
              )}
            </Section>
            <Section title="Operation log">
              <DrawerTable
                label="Operation log"
                columns={opColumns(order, reasons)}
                rows={order.ops}
                rowKey={(op) => `${op.versionAfter}-${op.at}-${op.kind}-${JSON.stringify(op.payload)}`}
              />
            </Section>
          </>
        ) : null}
      </Box>
      {order && reprint ? (
        <ReceiptDialog order={order} kind="reprint" autoPrint={false} onClose={() => setReprint(false)} />
      ) : null}
      {order && refunding ? (
        <RefundDialog
          order={order}
          outlet={outlet}
          reasons={reasons}
          onClose={(message) => {
            setRefunding(false);
            if (message) onDone(message);
          }}
        />
      ) : null}
      <VoucherSourcesDialog voucherId={voucherId} onClose={() => setVoucherId(null)} />
    </Drawer>
  );
}
