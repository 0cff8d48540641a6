import type { Control, FieldPath, FieldValues } from "react-hook-form";
import { BoundField } from "../../components/FormFields";

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
  helperText,
  ...props
}: ControlledFieldProps<T, TOut>) {
  return (
    <BoundField
      {...props}
      hint={helperText}
      parse={toUpperInPlace}
      required
      autoComplete="off"
      slotProps={{ htmlInput: { maxLength: 100 } }}
    />
  );
}

/** An amount typed as text (so "12." can be typed); the form schema turns it into a number. */
export function AmountField<T extends FieldValues, TOut>({ helperText, ...props }: ControlledFieldProps<T, TOut>) {
  return (
    <BoundField
      {...props}
      hint={helperText}
      required
      autoComplete="off"
      slotProps={{ htmlInput: { inputMode: "decimal" } }}
    />
  );
}
