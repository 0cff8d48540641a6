import { TextField } from "@mui/material";
import { type Control, Controller, type FieldPath, type FieldValues } from "react-hook-form";

/**
 * How an input treats what is typed. The spec upper-cases text as it is typed except e-mail and
 * website; phone, code and number inputs keep only the characters they can hold.
 */
export type InputMode = "upper" | "email" | "phone" | "digits" | "decimal" | "plain";

const REWRITE: Record<InputMode, (value: string) => string> = {
  upper: (value) => value.toUpperCase(),
  email: (value) => value,
  plain: (value) => value,
  // Digits, with a leading + for an international number.
  phone: (value) => value.replace(/(?!^\+)[^\d]/g, ""),
  digits: (value) => value.replace(/\D/g, ""),
  // Digits and one decimal point.
  decimal: (value) => {
    const kept = value.replace(/[^\d.]/g, "");
    const point = kept.indexOf(".");
    return point === -1 ? kept : `${kept.slice(0, point + 1)}${kept.slice(point + 1).replace(/\./g, "")}`;
  },
};

const INPUT_MODE: Record<InputMode, "text" | "email" | "tel" | "numeric" | "decimal"> = {
  upper: "text",
  email: "email",
  plain: "text",
  phone: "tel",
  digits: "numeric",
  decimal: "decimal",
};

/** Rewrites the input's text in place, keeping the caret where it was (a controlled re-render would move it to the end). */
function rewriteInPlace(input: HTMLInputElement | HTMLTextAreaElement, mode: InputMode): string {
  const before = input.value;
  const after = REWRITE[mode](before);
  if (after !== before) {
    const caret = input.selectionStart ?? before.length;
    const position = Math.max(0, Math.min(after.length, caret - (before.length - after.length)));
    input.value = after;
    if (input.type !== "email") input.setSelectionRange(position, position);
  }
  return after;
}

interface TypedFieldProps<T extends FieldValues, TOut> {
  control: Control<T, unknown, TOut>;
  name: FieldPath<T>;
  label: string;
  mode?: InputMode;
  required?: boolean;
  disabled?: boolean;
  maxLength?: number;
  /** Shown under the field while there is no error. */
  hint?: string;
  /** In a table row: small, the label only for assistive technology (the column header shows it). */
  dense?: boolean;
  autoFocus?: boolean;
  onEnter?: () => void;
  onEscape?: () => void;
}

/**
 * A text input bound to react-hook-form that treats what is typed by `mode` (upper-cased, digits,
 * phone, decimal ...); the shared schema's message shows under it.
 */
export function TypedField<T extends FieldValues, TOut>({
  control,
  name,
  label,
  mode = "upper",
  required = false,
  disabled = false,
  maxLength,
  hint,
  dense = false,
  autoFocus = false,
  onEnter,
  onEscape,
}: TypedFieldProps<T, TOut>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field: { ref, value, onChange, ...field }, fieldState }) => {
        const message = fieldState.error?.message;
        return (
          <TextField
            {...field}
            inputRef={ref}
            value={value ?? ""}
            onChange={(event) => onChange(rewriteInPlace(event.target, mode))}
            onKeyDown={(event) => {
              if (event.key === "Enter" && onEnter) {
                event.preventDefault();
                onEnter();
              } else if (event.key === "Escape" && onEscape) {
                event.preventDefault();
                onEscape();
              }
            }}
            label={dense ? undefined : label}
            type={mode === "email" ? "email" : "text"}
            required={required}
            fullWidth
            size={dense ? "small" : "medium"}
            disabled={disabled}
            autoFocus={autoFocus}
            autoComplete="off"
            error={message !== undefined}
            helperText={message ?? (dense ? undefined : (hint ?? " "))}
            slotProps={{
              htmlInput: {
                maxLength,
                inputMode: INPUT_MODE[mode],
                "aria-label": dense ? label : undefined,
                spellCheck: mode === "upper" ? false : undefined,
              },
            }}
          />
        );
      }}
    />
  );
}
