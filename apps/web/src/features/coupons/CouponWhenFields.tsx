import type { CouponForm, CouponInput } from "@cargodesk/shared";
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
import { FullRow } from "../../components/FormCard";
import { TextInput } from "../../components/FormFields";
import { ORDER_TYPE_LABELS, WEEKDAYS } from "./coupon-text";

type FormControlOf = Control<CouponForm, unknown, CouponInput>;

/** The weekday mask as seven toggles, Monday first; each toggle says its own day to a screen reader. */
function WeekdayToggles({ control, disabled }: { control: FormControlOf; disabled: boolean }) {
  return (
    <Controller
      control={control}
      name="weekdays"
      render={({ field: { value, onChange }, fieldState }) => {
        const mask = typeof value === "number" ? value : 127;
        const chosen = WEEKDAYS.filter((_day, index) => (mask & (1 << index)) !== 0);
        return (
          <FormControl error={fieldState.error !== undefined} component="fieldset">
            <FormLabel component="legend">Weekdays</FormLabel>
            <ToggleButtonGroup
              value={chosen}
              onChange={(_event, days: string[]) =>
                onChange(WEEKDAYS.reduce((sum, day, index) => (days.includes(day) ? sum | (1 << index) : sum), 0))
              }
              size="small"
              color="primary"
              disabled={disabled}
              sx={{ flexWrap: "wrap", mt: 0.5 }}
            >
              {WEEKDAYS.map((day) => (
                <ToggleButton key={day} value={day} aria-label={day} sx={{ minWidth: 48 }}>
                  {day}
                </ToggleButton>
              ))}
            </ToggleButtonGroup>
            <FormHelperText>{fieldState.error?.message ?? "The days the coupon is valid"}</FormHelperText>
          </FormControl>
        );
      }}
    />
  );
}

function OrderTypeChecks({ control, disabled }: { control: FormControlOf; disabled: boolean }) {
  return (
    <Controller
      control={control}
      name="orderTypes"
      render={({ field: { value, onChange }, fieldState }) => {
        const mask = typeof value === "number" ? value : 7;
        return (
          <FormControl error={fieldState.error !== undefined} component="fieldset">
            <FormLabel component="legend">Order Types</FormLabel>
            <FormGroup row>
              {ORDER_TYPE_LABELS.map(({ bit, label }) => (
                <FormControlLabel
                  key={bit}
                  label={label}
                  control={
                    <Checkbox
                      checked={(mask & bit) !== 0}
                      onChange={(event) => onChange(event.target.checked ? mask | bit : mask & ~bit)}
                      disabled={disabled}
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

function TimeInput({
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
          value={value ?? ""}
          type="time"
          label={label}
          disabled={disabled}
          error={fieldState.error !== undefined}
          helperText={fieldState.error?.message ?? "On the company's clock; empty for all day"}
          fullWidth
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 60 } }}
        />
      )}
    />
  );
}

/** When a coupon is valid: order types, dates, weekdays and a time window (which may run past midnight). */
export function CouponWhenFields({ control, disabled }: { control: FormControlOf; disabled: boolean }) {
  return (
    <>
      <FullRow>
        <OrderTypeChecks control={control} disabled={disabled} />
      </FullRow>
      <TextInput control={control} name="validFrom" label="Valid From" type="date" disabled={disabled} />
      <TextInput
        control={control}
        name="validTo"
        label="Valid To"
        type="date"
        hint="Inclusive; empty for no end"
        disabled={disabled}
      />
      <FullRow>
        <WeekdayToggles control={control} disabled={disabled} />
      </FullRow>
      <TimeInput control={control} name="timeFrom" label="Time From" disabled={disabled} />
      <TimeInput control={control} name="timeTo" label="Time To" disabled={disabled} />
    </>
  );
}
