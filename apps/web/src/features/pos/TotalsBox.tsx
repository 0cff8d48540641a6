import { formatMinor, type OrderTotals } from "@cargodesk/shared";
import { Box, Typography } from "@mui/material";

function Row({ label, minor, strong = false }: { label: string; minor: bigint; strong?: boolean }) {
  return (
    <Box sx={{ display: "flex", justifyContent: "space-between", gap: 2 }}>
      <Typography component="dt" sx={{ fontSize: strong ? 20 : 14, fontWeight: strong ? 700 : 400 }}>
        {label}
      </Typography>
      <Typography
        component="dd"
        sx={{ m: 0, fontSize: strong ? 22 : 14, fontWeight: strong ? 800 : 500, fontVariantNumeric: "tabular-nums" }}
      >
        {formatMinor(minor)}
      </Typography>
    </Box>
  );
}

/**
 * Subtotal, discounts, service charge, tax, rounding and the total, worked out on the device by the
 * server's own `computeOrder`. Tax and total are at each item's standard rate until a tender is
 * chosen (the pay dialog shows them per method, design D16).
 */
export function TotalsBox({ totals, taxInclusive }: { totals: OrderTotals; taxInclusive: boolean }) {
  return (
    <Box
      component="dl"
      aria-label="Order totals"
      sx={{ m: 0, px: 1.5, py: 1, display: "flex", flexDirection: "column", gap: 0.25 }}
    >
      <Row label="Subtotal" minor={totals.subtotalMinor} />
      {totals.discountMinor > 0n ? <Row label="Discounts" minor={-totals.discountMinor} /> : null}
      {totals.serviceChargeMinor > 0n ? <Row label="Service charge" minor={totals.serviceChargeMinor} /> : null}
      <Row label={taxInclusive ? "Tax (included)" : "Tax"} minor={totals.taxMinor} />
      {totals.roundingMinor !== 0n ? <Row label="Rounding" minor={totals.roundingMinor} /> : null}
      <Box sx={{ borderTop: 1, borderColor: "divider", mt: 0.5, pt: 0.5 }} data-testid="order-total">
        <Row label="Total" minor={totals.totalMinor} strong />
      </Box>
    </Box>
  );
}
