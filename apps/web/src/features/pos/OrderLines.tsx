import { formatMinor, type LineTotals } from "@cargodesk/shared";
import AddIcon from "@mui/icons-material/Add";
import RemoveIcon from "@mui/icons-material/Remove";
import ShoppingBasketOutlinedIcon from "@mui/icons-material/ShoppingBasketOutlined";
import { Box, Chip, IconButton, Typography } from "@mui/material";
import { EmptyState } from "../../components/EmptyState";
import { money } from "../../lib/format";
import type { DraftDiscount, DraftLine } from "./draft";

const badgeText = (discount: DraftDiscount) =>
  discount.percent !== null ? `−${discount.percent}%` : `−${money(discount.amount ?? 0)}`;

const STATUS_CHIP = {
  pending: null,
  fired: { label: "Sent", color: "info" },
  voided: { label: "Voided", color: "default" },
} as const;

interface OrderLinesProps {
  lines: readonly DraftLine[];
  totals: ReadonlyMap<string, LineTotals>;
  selected: string | null;
  onSelect: (lineUuid: string | null) => void;
  onQty: (line: DraftLine, qty: number) => void;
}

/**
 * The order's lines: name, size/flavour or a deal's parts, note, quantity stepper, amount, a
 * discount badge and the kitchen state. Tapping a line selects it for Discount, Note and Void.
 */
export function OrderLines({ lines, totals, selected, onSelect, onQty }: OrderLinesProps) {
  if (lines.length === 0)
    return (
      <EmptyState
        icon={<ShoppingBasketOutlinedIcon />}
        title="No items yet"
        description="Tap an item on the menu, search for it or scan its barcode."
      />
    );
  return (
    <Box component="ul" aria-label="Order lines" sx={{ listStyle: "none", m: 0, p: 0 }}>
      {lines.map((line) => {
        const amount = totals.get(line.lineUuid);
        const isSelected = selected === line.lineUuid;
        const chip = STATUS_CHIP[line.status];
        const voided = line.status === "voided";
        return (
          <Box
            component="li"
            key={line.lineUuid}
            aria-label={`${line.name}${line.detail ? ` ${line.detail}` : ""}, quantity ${line.qty}`}
            aria-selected={isSelected}
            onClick={() => onSelect(isSelected ? null : line.lineUuid)}
            sx={{
              display: "grid",
              gridTemplateColumns: "1fr auto",
              gap: 0.5,
              px: 1.5,
              py: 1,
              cursor: "pointer",
              borderBottom: 1,
              borderColor: "divider",
              borderLeft: 4,
              borderLeftColor: isSelected ? "secondary.main" : "transparent",
              bgcolor: isSelected ? "rgba(245,158,11,0.08)" : "transparent",
              opacity: voided ? 0.55 : 1,
            }}
          >
            <Box sx={{ minWidth: 0 }}>
              <Typography
                sx={{ fontWeight: 600, fontSize: 15, textDecoration: voided ? "line-through" : "none" }}
                noWrap
              >
                {line.name}
              </Typography>
              {line.detail ? (
                <Typography
                  variant="body2"
                  sx={{
                    color: "text.secondary",
                    display: "-webkit-box",
                    WebkitLineClamp: 2,
                    WebkitBoxOrient: "vertical",
                    overflow: "hidden",
                  }}
                >
                  {line.detail}
                </Typography>
              ) : null}
              {line.note ? (
                <Typography variant="body2" sx={{ color: "warning.dark", fontStyle: "italic" }} noWrap>
                  “{line.note}”
                </Typography>
              ) : null}
              <Box sx={{ display: "flex", gap: 0.5, mt: 0.5, flexWrap: "wrap" }}>
                {line.discount ? (
                  <Chip size="small" color="success" variant="outlined" label={badgeText(line.discount)} />
                ) : null}
                {line.course > 1 ? (
                  <Chip size="small" color="secondary" variant="outlined" label={`Course ${line.course}`} />
                ) : null}
                {chip ? <Chip size="small" color={chip.color} label={chip.label} /> : null}
              </Box>
            </Box>
            <Box sx={{ textAlign: "right" }}>
              <Typography sx={{ fontWeight: 700, fontSize: 15 }}>{formatMinor(amount?.netMinor ?? 0n)}</Typography>
              {amount && amount.discountMinor > 0n ? (
                <Typography variant="caption" sx={{ color: "text.secondary", textDecoration: "line-through" }}>
                  {formatMinor(amount.grossMinor)}
                </Typography>
              ) : (
                <Typography variant="caption" sx={{ color: "text.secondary", display: "block" }}>
                  @ {formatMinor(line.unitPriceMinor)}
                </Typography>
              )}
              <Box
                sx={{ display: "flex", alignItems: "center", justifyContent: "flex-end", gap: 0.5, mt: 0.25 }}
                onClick={(event) => event.stopPropagation()}
              >
                <IconButton
                  size="small"
                  aria-label={`One less ${line.name}`}
                  disabled={line.status !== "pending" || line.qty <= 1}
                  onClick={() => onQty(line, line.qty - 1)}
                  sx={{ border: 1, borderColor: "divider" }}
                >
                  <RemoveIcon fontSize="small" />
                </IconButton>
                <Typography
                  aria-label={`Quantity of ${line.name}`}
                  sx={{ minWidth: 28, textAlign: "center", fontWeight: 700 }}
                >
                  {line.qty}
                </Typography>
                <IconButton
                  size="small"
                  aria-label={`One more ${line.name}`}
                  disabled={line.status !== "pending"}
                  onClick={() => onQty(line, line.qty + 1)}
                  sx={{ border: 1, borderColor: "divider" }}
                >
                  <AddIcon fontSize="small" />
                </IconButton>
              </Box>
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}
