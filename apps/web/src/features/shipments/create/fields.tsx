import { normalizeCnic, normalizeDecimal, normalizePhone } from "@cargodesk/shared";
import { FormControl, FormControlLabel, FormLabel, MenuItem, Radio, RadioGroup, TextField } from "@mui/material";
import { useId } from "react";

/** How an input rewrites what is typed: the spec upper-cases text except e-mail. */
export type TextMode = "upper" | "email" | "phone" | "digits" | "decimal";

/** Pasted separators are read, not cut: the field's length is checked on the normalised value. */
const REWRITE: Record<TextMode, (value: string) => string> = {
  upper: (value) => value.toUpperCase(),
  email: (value) => value,
  phone: (value) => normalizePhone(value).replace(/(?!^\+)[^\d]/g, ""),
  digits: (value) => normalizeCnic(value).replace(/\D/g, ""),
  // A decimal comma becomes a point; a second separator stays, so the value is refused rather than misread.
  decimal: (value) => normalizeDecimal(value).replace(/[^\d.]/g, ""),
};
/** Modes whose typed text is rewritten shorter: a browser `maxlength` would cut a paste before it is normalised. */
const NORMALISED: ReadonlySet<TextMode> = new Set(["phone", "digits", "decimal"]);
const INPUT_MODE = { upper: "text", email: "email", phone: "tel", digits: "numeric", decimal: "decimal" } as const;

/** Rewrites in place so the caret stays where it was (a controlled re-render would move it to the end). */
function rewrite(input: HTMLInputElement | HTMLTextAreaElement, mode: TextMode): string {
  const before = input.value;
  const after = REWRITE[mode](before);
  if (after !== before) {
    const caret = input.selectionStart ?? before.length;
    input.value = after;
    if (input.type !== "email") {
      const position = Math.max(0, Math.min(after.length, caret - (before.length - after.length)));
      input.setSelectionRange(position, position);
    }
  }
  return after;
}

export interface TextInputProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  mode?: TextMode;
  required?: boolean;
  disabled?: boolean;
  error?: string | undefined;
  hint?: string;
  maxLength?: number;
  /** In a table row: small, with no helper line unless there is an error. */
  dense?: boolean;
  multiline?: boolean;
  testId?: string;
}

export function TextInput({
  label,
  value,
  onChange,
  onBlur,
  mode = "upper",
  required = false,
  disabled = false,
  error,
  hint,
  maxLength,
  dense = false,
  multiline = false,
  testId,
}: TextInputProps) {
  return (
    <TextField
      label={label}
      value={value}
      onChange={(event) => onChange(rewrite(event.target, mode))}
      onBlur={onBlur}
      type={mode === "email" ? "email" : "text"}
      required={required}
      disabled={disabled}
      fullWidth
      multiline={multiline}
      minRows={multiline ? 2 : undefined}
      size={dense ? "small" : "medium"}
      autoComplete="off"
      error={error !== undefined}
      helperText={error ?? (dense ? undefined : (hint ?? " "))}
      slotProps={{
        htmlInput: {
          maxLength: NORMALISED.has(mode) ? undefined : maxLength,
          inputMode: INPUT_MODE[mode],
          spellCheck: mode === "upper" ? false : undefined,
          "data-testid": testId,
        },
      }}
    />
  );
}

export interface Choice<V extends string | number> {
  value: V;
  label: string;
}

export interface SelectInputProps<V extends string | number> {
  label: string;
  value: V | "";
  choices: readonly Choice<V>[];
  onChange: (value: V) => void;
  required?: boolean;
  disabled?: boolean;
  error?: string | undefined;
  hint?: string;
  dense?: boolean;
}

/** A drop-down of fixed choices; "" shows as nothing chosen. */
export function SelectInput<V extends string | number>({
  label,
  value,
  choices,
  onChange,
  required = false,
  disabled = false,
  error,
  hint,
  dense = false,
}: SelectInputProps<V>) {
  return (
    <TextField
      select
      label={label}
      value={choices.some((choice) => choice.value === value) ? value : ""}
      onChange={(event) => {
        const chosen = choices.find((choice) => String(choice.value) === String(event.target.value));
        if (chosen) onChange(chosen.value);
      }}
      required={required}
      disabled={disabled}
      fullWidth
      size={dense ? "small" : "medium"}
      error={error !== undefined}
      helperText={error ?? (dense ? undefined : (hint ?? " "))}
    >
      {choices.map((choice) => (
        <MenuItem key={choice.value} value={choice.value}>
          {choice.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

export interface RadioChoiceProps<V extends string | number> {
  label: string;
  value: V | "";
  choices: readonly Choice<V>[];
  onChange: (value: V) => void;
  required?: boolean;
  disabled?: boolean;
}

/** A labelled row of radio buttons (New / From Contact, yes / no, Doc / Pack). */
export function RadioChoice<V extends string | number>({
  label,
  value,
  choices,
  onChange,
  required = false,
  disabled = false,
}: RadioChoiceProps<V>) {
  const id = useId();
  return (
    <FormControl required={required} disabled={disabled}>
      <FormLabel id={id}>{label}</FormLabel>
      <RadioGroup
        row
        aria-labelledby={id}
        value={value === "" ? "" : String(value)}
        onChange={(event) => {
          const chosen = choices.find((choice) => String(choice.value) === String(event.target.value));
          if (chosen) onChange(chosen.value);
        }}
      >
        {choices.map((choice) => (
          <FormControlLabel key={choice.value} value={String(choice.value)} control={<Radio />} label={choice.label} />
        ))}
      </RadioGroup>
    </FormControl>
  );
}

export const YES_NO: readonly Choice<0 | 1>[] = [
  { value: 1, label: "Yes" },
  { value: 0, label: "No" },
];
