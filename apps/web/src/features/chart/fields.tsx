import { TextField } from "@mui/material";
import { type Control, Controller, type FieldPath, type FieldValues } from "react-hook-form";

interface ControlledFieldProps<T extends FieldValues, TOut> {
  control: Control<T, unknown, TOut>;
  name: FieldPath<T>;
  label: string;
  disabled?: boolean;
  helperText?: string;
}

/** Upper-cases in place, keeping the caret where it was (a controlled re-render would move it to the end). */
function toUpperInPlace(input: HTMLInputElement): string {
  const upper = input.value.toUpperCase();
  if (upper !== input.value) {
    const { selectionStart, selectionEnd } = input;
    input.value = upper;
    input.setSelectionRange(selectionStart, selectionEnd);
  }
  return upper;
}

/** A name input that shows what will be saved: the spec upper-cases level 3 and 4 names. */
export function UpperCaseNameField<T extends FieldValues, TOut>({
  control,
  name,
  label,
  disabled = false,
  helperText = " ",
}: ControlledFieldProps<T, TOut>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field: { ref, value, onChange, ...field }, fieldState }) => (
        <TextField
          {...field}
          inputRef={ref}
          value={value ?? ""}
          onChange={(event) => onChange(toUpperInPlace(event.target as HTMLInputElement))}
          label={label}
          required
          fullWidth
          disabled={disabled}
          autoComplete="off"
          error={fieldState.error !== undefined}
          helperText={fieldState.error?.message ?? helperText}
          slotProps={{ htmlInput: { maxLength: 100 } }}
        />
      )}
    />
  );
}

/** An amount typed as text (so "12." can be typed); the form schema turns it into a number. */
export function AmountField<T extends FieldValues, TOut>({
  control,
  name,
  label,
  disabled = false,
  helperText = " ",
}: ControlledFieldProps<T, TOut>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field: { ref, value, ...field }, fieldState }) => (
        <TextField
          {...field}
          inputRef={ref}
          value={value ?? ""}
          label={label}
          required
          fullWidth
          disabled={disabled}
          autoComplete="off"
          error={fieldState.error !== undefined}
          helperText={fieldState.error?.message ?? helperText}
          slotProps={{ htmlInput: { inputMode: "decimal" } }}
        />
      )}
    />
  );
}
