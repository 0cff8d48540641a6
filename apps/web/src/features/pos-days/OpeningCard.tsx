import { Box, Checkbox, Chip, FormControlLabel, Paper, Typography } from "@mui/material";
import { type Control, Controller, useWatch } from "react-hook-form";
import { SelectInput, TextInput } from "../../components/FormFields";
import { NumberInput } from "../../components/NumberInput";
import { SwitchInput } from "../../components/RecordFields";
import { money } from "../../lib/format";
import { DenominationGrid } from "./DenominationGrid";
import { gridText } from "./denominations";
import { floatDifferenceMinor, type OpenCounter, type OpeningForm } from "./opening";
import { overShortMinorText } from "./over-short";

/** The float against the counter cash account's book balance: matches, over or short. */
export function FloatCheck({ difference }: { difference: bigint | null }) {
  if (difference === null) return <Chip size="small" label="Enter the float" variant="outlined" />;
  if (difference === 0n) return <Chip size="small" color="success" label="Matches the book balance" />;
  return (
    <Chip
      size="small"
      color="warning"
      label={`${overShortMinorText(difference)} against the book`}
      data-testid="float-difference"
    />
  );
}

/**
 * One counter's opening: cashier, float (an amount, or counted note by note), the counter cash
 * account's book balance beside it and the difference, notes. Day Open shows one per counter with
 * an "Open" tick; Open counter shows one alone.
 */
export function OpeningCard({
  control,
  index,
  counter,
  cashiers,
  disabled,
  optional,
}: {
  control: Control<OpeningForm>;
  index: number;
  counter: OpenCounter;
  cashiers: readonly { id: number; name: string; userName: string }[];
  disabled: boolean;
  /** Day Open: the counter is opened only when ticked. */
  optional: boolean;
}) {
  const row = useWatch({ control, name: `rows.${index}` });
  const off = disabled || (optional && !row.open);
  const label = `${counter.code} opening float`;
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={`Counter ${counter.code}`}
      sx={{ p: 2, opacity: off && !disabled ? 0.7 : 1 }}
    >
      <Box sx={{ display: "flex", gap: 1, alignItems: "center", flexWrap: "wrap", mb: 1.5 }}>
        {optional ? (
          <Controller
            control={control}
            name={`rows.${index}.open`}
            render={({ field: { value, onChange, ...field } }) => (
              <FormControlLabel
                sx={{ mr: 0 }}
                control={
                  <Checkbox
                    {...field}
                    checked={value}
                    onChange={(event) => onChange(event.target.checked)}
                    disabled={disabled}
                  />
                }
                label={<Typography sx={{ fontWeight: 600 }}>{`Open ${counter.code}`}</Typography>}
              />
            )}
          />
        ) : (
          <Typography sx={{ fontWeight: 600 }}>{counter.code}</Typography>
        )}
        <Typography sx={{ color: "text.secondary" }}>{counter.name}</Typography>
        <Box sx={{ flex: 1 }} />
        <Typography variant="body2" sx={{ color: "text.secondary" }}>
          {counter.cashAccountName}: book balance <strong>{money(counter.bookBalance)}</strong>
        </Typography>
      </Box>
      <Box sx={{ display: "grid", gap: 1.5, gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr" } }}>
        <SelectInput
          control={control}
          name={`rows.${index}.cashierId`}
          label={`Cashier of ${counter.code}`}
          placeholder="Choose the cashier"
          options={cashiers.map((cashier) => ({
            value: String(cashier.id),
            label: `${cashier.name} (${cashier.userName})`,
          }))}
          disabled={off}
          required
        />
        <Box>
          {row.byNotes ? (
            <Typography variant="body2" sx={{ pt: 1 }}>
              Opening float <strong data-testid={`${counter.code}-float`}>{gridText(row.denominations)}</strong>{" "}
              (counted below)
            </Typography>
          ) : (
            <NumberInput
              control={control}
              name={`rows.${index}.openingFloat`}
              label={label}
              empty={null}
              disabled={off}
              required
              hint="The cash in the drawer now"
            />
          )}
        </Box>
        <Box sx={{ display: "flex", gap: 1, alignItems: "center", flexWrap: "wrap" }}>
          <SwitchInput control={control} name={`rows.${index}.byNotes`} label="Count notes" disabled={off} />
          <FloatCheck difference={floatDifferenceMinor(row, counter.bookBalance)} />
        </Box>
        <TextInput control={control} name={`rows.${index}.notes`} label={`Notes for ${counter.code}`} disabled={off} />
      </Box>
      {row.byNotes ? (
        <Controller
          control={control}
          name={`rows.${index}.denominations`}
          render={({ field }) => (
            <DenominationGrid label={label} value={field.value} onChange={field.onChange} disabled={off} />
          )}
        />
      ) : null}
    </Paper>
  );
}
