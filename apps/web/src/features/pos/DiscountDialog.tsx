import { Box, Button, InputAdornment, TextField, ToggleButton, ToggleButtonGroup, Typography } from "@mui/material";
import { useState } from "react";
import type { DraftDiscount } from "./draft";
import { TillDialog } from "./TillDialog";

const QUICK_PERCENTS = [5, 10, 15, 20, 25, 50];

/**
 * A discount on the chosen line or on the whole order, as a percentage or an amount. Above the
 * outlet's limit the register asks a supervisor before it applies.
 */
export function DiscountDialog({
  lineName,
  current,
  maxPercent,
  onApply,
  onClose,
}: {
  /** The selected line's name; null: the dialog is for the order. */
  lineName: string | null;
  current: DraftDiscount | null;
  /** The most a cashier gives without a supervisor. */
  maxPercent: number;
  onApply: (discount: DraftDiscount | null) => void;
  onClose: () => void;
}) {
  const [mode, setMode] = useState<"percent" | "amount">(current?.amount != null ? "amount" : "percent");
  const [value, setValue] = useState(String(current?.percent ?? current?.amount ?? ""));
  const number = Number(value);
  const valid =
    value.trim() !== "" &&
    Number.isFinite(number) &&
    number > 0 &&
    /^\d+(\.\d{1,2})?$/.test(value.trim()) &&
    (mode === "amount" || number <= 100);
  const target = lineName ?? "the whole order";

  return (
    <TillDialog
      title={`Discount on ${target}`}
      formLabel="Discount"
      onClose={onClose}
      submit={{
        label: "Apply",
        disabled: !valid,
        onSubmit: () =>
          onApply(mode === "percent" ? { percent: number, amount: null } : { percent: null, amount: number }),
      }}
      extra={
        current ? (
          <Button color="error" onClick={() => onApply(null)}>
            Remove discount
          </Button>
        ) : null
      }
    >
      <ToggleButtonGroup
        exclusive
        size="small"
        color="primary"
        value={mode}
        onChange={(_, next: "percent" | "amount" | null) => next && setMode(next)}
        aria-label="Discount kind"
      >
        <ToggleButton value="percent">Percent</ToggleButton>
        <ToggleButton value="amount">Amount</ToggleButton>
      </ToggleButtonGroup>
      {mode === "percent" ? (
        <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap" }}>
          {QUICK_PERCENTS.map((percent) => (
            <Button key={percent} variant="outlined" size="small" onClick={() => setValue(String(percent))}>
              {percent}%
            </Button>
          ))}
        </Box>
      ) : null}
      <TextField
        label={mode === "percent" ? "Discount percent" : "Discount amount"}
        value={value}
        autoFocus
        onChange={(event) => setValue(event.target.value)}
        error={value !== "" && !valid}
        helperText={
          value !== "" && !valid
            ? mode === "percent"
              ? "A discount is from 0 to 100%, with at most 2 decimals"
              : "A discount amount is above 0, with at most 2 decimals"
            : " "
        }
        slotProps={{
          htmlInput: { inputMode: "decimal" },
          input: {
            endAdornment: mode === "percent" ? <InputAdornment position="end">%</InputAdornment> : undefined,
          },
        }}
      />
      <Typography variant="body2" sx={{ color: "text.secondary" }}>
        Above {maxPercent}% a supervisor approves the discount.
      </Typography>
    </TillDialog>
  );
}
