import { formatMinor } from "@cargodesk/shared";
import BlockIcon from "@mui/icons-material/Block";
import ConfirmationNumberOutlinedIcon from "@mui/icons-material/ConfirmationNumberOutlined";
import EditNoteIcon from "@mui/icons-material/EditNote";
import LocalOfferOutlinedIcon from "@mui/icons-material/LocalOfferOutlined";
import PauseCircleOutlinedIcon from "@mui/icons-material/PauseCircleOutlined";
import ReceiptLongOutlinedIcon from "@mui/icons-material/ReceiptLongOutlined";
import RestaurantIcon from "@mui/icons-material/Restaurant";
import { Box, Button } from "@mui/material";
import type { ReactNode } from "react";

export interface RegisterActions {
  hold: () => void;
  send: () => void;
  bill: () => void;
  discount: () => void;
  coupon: () => void;
  note: () => void;
  voidLine: () => void;
  pay: () => void;
}

interface ActionProps {
  label: string;
  /** The full name where the button shows a short one ("Send" is "Send to kitchen"). */
  name?: string;
  icon: ReactNode;
  onClick: () => void;
  disabled: boolean;
}

function Action({ label, name, icon, onClick, disabled }: ActionProps) {
  return (
    <Button
      aria-label={name}
      title={name}
      variant="outlined"
      onClick={onClick}
      disabled={disabled}
      sx={{
        py: 0.75,
        px: 0.5,
        minWidth: 0,
        flexDirection: "column",
        gap: 0.25,
        fontSize: 13,
        lineHeight: 1.2,
        whiteSpace: "nowrap",
        bgcolor: "background.paper",
        "& svg": { fontSize: 22 },
      }}
    >
      {icon}
      {label}
    </Button>
  );
}

/**
 * The order's actions under its totals. Line actions (Note, Void line) work on the selected line;
 * Discount on the selected line, or on the order when none is selected. Pay shows the total.
 */
export function ActionBar({
  actions,
  hasLines,
  lineSelected,
  busy,
  totalMinor,
  canPay,
  mode = "register",
}: {
  actions: RegisterActions;
  hasLines: boolean;
  lineSelected: boolean;
  busy: boolean;
  totalMinor: bigint;
  canPay: boolean;
  /** A waiter (Table Order) has no Hold: the check is on the server already; without POS, no Pay either. */
  mode?: "register" | "waiter" | "waiterNoPay";
}) {
  const off = busy || !hasLines;
  return (
    <Box sx={{ p: 1.5, pt: 1, display: "flex", flexDirection: "column", gap: 1, borderTop: 1, borderColor: "divider" }}>
      <Box
        sx={{
          display: "grid",
          gridTemplateColumns: "repeat(4, minmax(0, 1fr))",
          gap: 0.75,
          "& .MuiButton-startIcon": { mr: 0.5 },
        }}
      >
        {mode === "register" ? (
          <Action label="Hold" icon={<PauseCircleOutlinedIcon />} onClick={actions.hold} disabled={off} />
        ) : null}
        <Action label="Send" name="Send to kitchen" icon={<RestaurantIcon />} onClick={actions.send} disabled={off} />
        <Action
          label="Bill"
          name="Print bill"
          icon={<ReceiptLongOutlinedIcon />}
          onClick={actions.bill}
          disabled={off}
        />
        <Action label="Discount" icon={<LocalOfferOutlinedIcon />} onClick={actions.discount} disabled={off} />
        <Action label="Coupon" icon={<ConfirmationNumberOutlinedIcon />} onClick={actions.coupon} disabled={off} />
        <Action label="Note" icon={<EditNoteIcon />} onClick={actions.note} disabled={off || !lineSelected} />
        <Box sx={{ gridColumn: "span 2", display: "grid" }}>
          <Action label="Void line" icon={<BlockIcon />} onClick={actions.voidLine} disabled={off || !lineSelected} />
        </Box>
      </Box>
      {mode === "waiterNoPay" ? null : (
        <Button
          variant="contained"
          color="success"
          size="large"
          onClick={actions.pay}
          disabled={off || !canPay}
          sx={{ py: 1.5, fontSize: 20, fontWeight: 800, justifyContent: "space-between", px: 3 }}
        >
          <span>
            Pay{" "}
            <Box component="kbd" sx={{ fontSize: 12, fontWeight: 600, opacity: 0.8, fontFamily: "inherit" }}>
              F9
            </Box>
          </span>
          <span>{formatMinor(totalMinor)}</span>
        </Button>
      )}
    </Box>
  );
}
