import { type DealForm, type DealInput, ORDER_TYPE_BITS, WEEKDAY_NAMES } from "@cargodesk/shared";
import {
  Checkbox,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
} from "@mui/material";
import { type Control, Controller } from "react-hook-form";

type FormControlOf = Control<DealForm, unknown, DealInput>;

const DAY_NAMES = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const;

const ORDER_TYPES = [
  { bit: ORDER_TYPE_BITS.dine_in, label: "Dine-in" },
  { bit: ORDER_TYPE_BITS.take_away, label: "Take-away" },
  { bit: ORDER_TYPE_BITS.delivery, label: "Delivery" },
] as const;

/** The weekdays the deal is on, as seven toggles (bit 0 Monday ... bit 6 Sunday). */
export function WeekdayToggles({ control, disabled }: { control: FormControlOf; disabled: boolean }) {
  return (
    <Controller
      control={control}
      name="weekdays"
      render={({ field: { value, onChange }, fieldState }) => {
        const mask = Number(value ?? 0);
        const on = WEEKDAY_NAMES.flatMap((_, day) => ((mask & (1 << day)) !== 0 ? [day] : []));
        return (
          <FormControl error={fieldState.error !== undefined} component="fieldset" disabled={disabled}>
            <FormLabel component="legend" sx={{ mb: 0.5 }}>
              Weekdays
            </FormLabel>
            <ToggleButtonGroup
              value={on}
              onChange={(_, days: number[]) => onChange(days.reduce((sum, day) => sum | (1 << day), 0))}
              size="small"
              color="primary"
              disabled={disabled}
            >
              {WEEKDAY_NAMES.map((name, day) => (
                <ToggleButton key={name} value={day} aria-label={DAY_NAMES[day]} sx={{ px: 1.5 }}>
                  {name}
                </ToggleButton>
              ))}
            </ToggleButtonGroup>
            <FormHelperText>{fieldState.error?.message ?? "The days the POS offers the deal"}</FormHelperText>
          </FormControl>
        );
      }}
    />
  );
}

/** One end of the time window (HH:MM); empty means all day. */
export function TimeField({
  control,
  name,
  label,
  disabled,
}: {
  control: FormControlOf;
  name: "timeFrom" | "timeTo";
  label: string;
  disabled: boolean;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field: { ref, value, ...field }, fieldState }) => (
        <TextField
          {...field}
          inputRef={ref}
          type="time"
          label={label}
          value={value ?? ""}
          disabled={disabled}
          error={fieldState.error !== undefined}
          helperText={fieldState.error?.message ?? "Leave both times empty for all day"}
          fullWidth
          slotProps={{ inputLabel: { shrink: true } }}
        />
      )}
    />
  );
}

/** Dine-in, take-away and delivery as three checkboxes over the order-type bit mask. */
export function OrderTypeChecks({ control, disabled }: { control: FormControlOf; disabled: boolean }) {
  return (
    <Controller
      control={control}
      name="orderTypes"
      render={({ field: { value, onChange }, fieldState }) => {
        const mask = Number(value ?? 0);
        return (
          <FormControl error={fieldState.error !== undefined} component="fieldset" disabled={disabled}>
            <FormLabel component="legend">Order types</FormLabel>
            <FormGroup row>
              {ORDER_TYPES.map((type) => (
                <FormControlLabel
                  key={type.bit}
                  label={type.label}
                  control={
                    <Checkbox
                      checked={(mask & type.bit) !== 0}
                      onChange={(event) => onChange(event.target.checked ? mask | type.bit : mask & ~type.bit)}
                    />
                  }
                />
              ))}
            </FormGroup>
            <FormHelperText>{fieldState.error?.message ?? " "}</FormHelperText>
          </FormControl>
        );
      }}
    />
  );
}
