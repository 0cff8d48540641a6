import { ORDER_TYPE_BITS, WEEKDAY_NAMES } from "@cargodesk/shared";
import {
  Checkbox,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  ToggleButton,
  ToggleButtonGroup,
} from "@mui/material";
import { type Control, Controller, type FieldPath, type FieldValues } from "react-hook-form";
import { BoundField } from "./FormFields";

/**
 * When something on the menu is on (a deal, a coupon, a promotion): the weekday mask (bit 0 Monday
 * ... bit 6 Sunday), the ends of a time window and the order-type mask (ORDER_TYPE_BITS), each bound
 * to a form whose fields hold those masks and HH:MM times.
 */
interface MaskProps<T extends FieldValues, TOut> {
  control: Control<T, unknown, TOut>;
  name: FieldPath<T>;
  disabled: boolean;
  /** Under the field when it has no error. */
  hint?: string;
}

const DAY_NAMES = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const;

const ORDER_TYPES = [
  { bit: ORDER_TYPE_BITS.dine_in, label: "Dine-in" },
  { bit: ORDER_TYPE_BITS.take_away, label: "Take-away" },
  { bit: ORDER_TYPE_BITS.delivery, label: "Delivery" },
] as const;

/** Seven toggles, Mon to Sun, over a weekday mask; each tells a screen reader its full day name. */
export function WeekdayToggles<T extends FieldValues, TOut>({
  control,
  name,
  disabled,
  hint = " ",
}: MaskProps<T, TOut>) {
  return (
    <Controller
      control={control}
      name={name}
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
              {WEEKDAY_NAMES.map((label, day) => (
                <ToggleButton key={label} value={day} aria-label={DAY_NAMES[day]} sx={{ px: 1.5 }}>
                  {label}
                </ToggleButton>
              ))}
            </ToggleButtonGroup>
            <FormHelperText>{fieldState.error?.message ?? hint}</FormHelperText>
          </FormControl>
        );
      }}
    />
  );
}

/** One end of a time window (HH:MM); empty means all day. */
export function TimeField<T extends FieldValues, TOut>({
  hint = "Leave both times empty for all day",
  ...props
}: MaskProps<T, TOut> & { label: string }) {
  return <BoundField {...props} hint={hint} type="time" slotProps={{ inputLabel: { shrink: true } }} />;
}

/** Dine-in, take-away and delivery as three checkboxes over the order-type mask. */
export function OrderTypeChecks<T extends FieldValues, TOut>({
  control,
  name,
  disabled,
  hint = " ",
  label = "Order types",
}: MaskProps<T, TOut> & { label?: string }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field: { value, onChange, onBlur }, fieldState }) => {
        const mask = Number(value ?? 0);
        return (
          <FormControl error={fieldState.error !== undefined} component="fieldset" disabled={disabled}>
            <FormLabel component="legend">{label}</FormLabel>
            <FormGroup row>
              {ORDER_TYPES.map((type) => (
                <FormControlLabel
                  key={type.bit}
                  label={type.label}
                  control={
                    <Checkbox
                      checked={(mask & type.bit) !== 0}
                      onChange={(event) => onChange(event.target.checked ? mask | type.bit : mask & ~type.bit)}
                      onBlur={onBlur}
                    />
                  }
                />
              ))}
            </FormGroup>
            <FormHelperText>{fieldState.error?.message ?? hint}</FormHelperText>
          </FormControl>
        );
      }}
    />
  );
}
