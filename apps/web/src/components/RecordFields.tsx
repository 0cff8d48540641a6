import { FormControlLabel, Switch } from "@mui/material";
import { Controller, type FieldPath, type FieldValues } from "react-hook-form";
import { BoundField, type FieldProps } from "./FormFields";

/** An on/off field (Active, Send to kitchen); an unset value shows as `unset`. */
export function SwitchInput<T extends FieldValues, TOut>({
  control,
  name,
  label,
  unset = true,
  disabled = false,
}: Pick<FieldProps<T, TOut>, "control" | "name" | "label" | "disabled"> & { unset?: boolean }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field: { value, onChange, ...field } }) => (
        <FormControlLabel
          control={
            <Switch
              {...field}
              checked={value ?? unset}
              onChange={(event) => onChange(event.target.checked)}
              disabled={disabled}
            />
          }
          label={label}
        />
      )}
    />
  );
}

interface SpinProps<T extends FieldValues, TOut> extends FieldProps<T, TOut> {
  /** What an emptied box holds: 0, null ("not given") or undefined (the schema names it as missing). */
  empty: 0 | null | undefined;
  min?: number;
  max?: number;
  step?: number | string;
  inputMode?: "decimal" | "numeric";
}

/** A number box with its arrows (sort, seats, a percent); the schema's message shows under it. */
export function SpinInput<T extends FieldValues, TOut>({
  empty,
  min,
  max,
  step = 1,
  inputMode,
  ...props
}: SpinProps<T, TOut>) {
  return (
    <BoundField
      {...props}
      type="number"
      show={(value) => value ?? empty ?? ""}
      parse={(input) => (input.value === "" ? empty : Number(input.value))}
      slotProps={{ htmlInput: { min, max, step, inputMode } }}
    />
  );
}

/** A record's display order: a whole number from 0 to 9999, lower first. */
export function SortInput<T extends FieldValues, TOut>({
  control,
  disabled,
  hint = "Lower numbers show first",
}: Pick<FieldProps<T, TOut>, "control" | "disabled" | "hint">) {
  return (
    <SpinInput
      control={control}
      name={"sort" as FieldPath<T>}
      label="Sort"
      empty={0}
      min={0}
      max={9999}
      hint={hint}
      disabled={disabled}
    />
  );
}
