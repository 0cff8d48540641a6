import { type DashboardResponse, LEDGER_SIGN } from "@cargodesk/shared";
import AccountBalanceWalletOutlinedIcon from "@mui/icons-material/AccountBalanceWalletOutlined";
import CalendarMonthOutlinedIcon from "@mui/icons-material/CalendarMonthOutlined";
import CreditScoreOutlinedIcon from "@mui/icons-material/CreditScoreOutlined";
import Inventory2OutlinedIcon from "@mui/icons-material/Inventory2Outlined";
import PaidOutlinedIcon from "@mui/icons-material/PaidOutlined";
import PaymentsOutlinedIcon from "@mui/icons-material/PaymentsOutlined";
import ReceiptOutlinedIcon from "@mui/icons-material/ReceiptOutlined";
import TagOutlinedIcon from "@mui/icons-material/TagOutlined";
import { Box, Paper, Typography } from "@mui/material";
import type { ReactNode } from "react";
import { money } from "../../lib/format";
import { shortDate } from "./dates";

/** Thousands separators and 2 decimals. */
export const pkr = (amount: number): string => `PKR ${money(amount)}`;

interface Tile {
  label: string;
  value: string;
  note?: string;
  icon: ReactNode;
  testId: string;
}

function tilesOf(tiles: DashboardResponse["tiles"]): Tile[] {
  const none = "—";
  const side = tiles.current_balance_sign === LEDGER_SIGN.credit ? "CR" : "DR";
  return [
    { label: "Total C/Ns", value: String(tiles.total_cns), icon: <Inventory2OutlinedIcon />, testId: "tile-total-cns" },
    {
      label: "Total C/N Amount (PKR)",
      value: money(tiles.total_cn_amount),
      icon: <PaidOutlinedIcon />,
      testId: "tile-total-amount",
    },
    {
      label: "Last C/N Date",
      value: tiles.last_cn_date ? shortDate(tiles.last_cn_date) : none,
      icon: <CalendarMonthOutlinedIcon />,
      testId: "tile-last-cn-date",
    },
    {
      label: "Current Balance (PKR)",
      value: `${money(tiles.current_balance)} ${side}`,
      note: "As of today",
      icon: <AccountBalanceWalletOutlinedIcon />,
      testId: "tile-balance",
    },
    { label: "Last C/N No.", value: tiles.last_cn_no ?? none, icon: <TagOutlinedIcon />, testId: "tile-last-cn-no" },
    {
      label: "Last C/N Amount (PKR)",
      value: tiles.last_cn_amount === null ? none : money(tiles.last_cn_amount),
      icon: <ReceiptOutlinedIcon />,
      testId: "tile-last-cn-amount",
    },
    {
      label: "Last Payment (PKR)",
      value: tiles.last_payment === null ? none : money(tiles.last_payment),
      note: tiles.last_payment_date ? `Received ${shortDate(tiles.last_payment_date)}` : "No payment yet",
      icon: <PaymentsOutlinedIcon />,
      testId: "tile-last-payment",
    },
    {
      label: "Credit Limit (PKR)",
      value: tiles.credit_limit === 0 ? "None set" : money(tiles.credit_limit),
      icon: <CreditScoreOutlinedIcon />,
      testId: "tile-credit-limit",
    },
  ];
}

/** The eight tiles: C/N totals and the last C/N over the range, the receivable's balance, last payment and limit. */
export function DashboardTiles({ tiles }: { tiles: DashboardResponse["tiles"] }) {
  return (
    <Box
      component="ul"
      aria-label="Dashboard figures"
      sx={{
        listStyle: "none",
        p: 0,
        m: 0,
        display: "grid",
        gap: 2,
        gridTemplateColumns: { xs: "1fr", sm: "repeat(2, minmax(0, 1fr))", lg: "repeat(4, minmax(0, 1fr))" },
      }}
    >
      {tilesOf(tiles).map((tile) => (
        <Paper component="li" variant="outlined" key={tile.testId} sx={{ p: 2, display: "flex", gap: 1.5 }}>
          <Box
            aria-hidden
            sx={{
              width: 36,
              height: 36,
              flexShrink: 0,
              borderRadius: 2,
              display: "grid",
              placeItems: "center",
              bgcolor: "rgba(29, 95, 168, 0.1)",
              color: "primary.main",
            }}
          >
            {tile.icon}
          </Box>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="body2" sx={{ color: "text.secondary" }}>
              {tile.label}
            </Typography>
            <Typography
              variant="h6"
              component="p"
              sx={{ fontWeight: 700, fontSize: "1.15rem", lineHeight: 1.4 }}
              data-testid={tile.testId}
            >
              {tile.value}
            </Typography>
            {tile.note ? (
              <Typography variant="caption" sx={{ color: "text.secondary" }}>
                {tile.note}
              </Typography>
            ) : null}
          </Box>
        </Paper>
      ))}
    </Box>
  );
}
