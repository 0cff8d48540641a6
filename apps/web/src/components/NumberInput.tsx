import { TextField } from "@mui/material";
import { useEffect, useState } from "react";
import { type Control, Controller, type FieldPath, type FieldValues } from "react-hook-form";

interface NumberInputProps<T extends FieldValues, TOut> {
  control: Control<T, unknown, TOut>;
  name: FieldPath<T>;
  label: string;
  hint?: string;
  disabled?: boolean;
  required?: boolean;
  /** What an empty box means: null ("not given") or 0. */
  empty: null | 0;
  /** A small box inside a grid row: the label is its accessible name only, no hint. */
  compact?: boolean;
  /** A rate the API keeps in basis points (1600 = 16%), typed as a percent with a "%" after it. */
  percent?: boolean;
}

/** Text as the form's number: "" is `empty`, a number is a number, anything else stays text for the schema to name. */
export const numberOfText = (text: string, empty: null | 0): number | string | null => {
  const plain = text.replaceAll(",", "").trim();
  if (plain === "") return empty;
  return /^-?\d*\.?\d+$/.test(plain) ? Number(plain) : text;
};

/** Typed percent text as basis points ("7.5" -> 750); "" is null; text that is not a number stays text for the schema to name. */
export const bpOfText = (text: string): number | string | null => {
  const plain = text.trim();
  if (plain === "") return null;
  return /^\d*\.?\d+$/.test(plain) ? Math.round(Number(plain) * 100) : text;
};
/** Basis points as the percent a person types (750 -> "7.5"). */
export const textOfBp = (value: unknown): string => (typeof value === "number" ? String(value / 100) : "");

/** The form's value as the box's text (text the schema refused stays as typed). */
const textOf = (value: unknown, percent: boolean): string => {
  if (typeof value === "string") return value;
  if (percent) return textOfBp(value);
  return value === null || value === undefined ? "" : String(value);
};

function NumberBox({
  value,
  onChange,
  onBlur,
  inputRef,
  label,
  hint,
  error,
  disabled,
  required,
  empty,
  compact,
  percent,
}: {
  value: unknown;
  onChange: (value: number | string | null) => void;
  onBlur: () => void;
  inputRef: (element: HTMLInputElement | null) => void;
  label: string;
  hint: string;
  error: string | undefined;
  disabled: boolean;
  required: boolean;
  empty: null | 0;
  compact: boolean;
  percent: boolean;
}) {
  // The box keeps what was typed ("1." on the way to "1.5"); the form holds its number.
  const numberOf = (typed: string) => (percent ? bpOfText(typed) : numberOfText(typed, empty));
  const [text, setText] = useState(textOf(value, percent));
  useEffect(() => {
    if ((percent ? bpOfText(text) : numberOfText(text, empty)) !== value) setText(textOf(value, percent));
  }, [value, text, empty, percent]);
  return (
    <TextField
      inputRef={inputRef}
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        onChange(numberOf(event.target.value));
      }}
      onBlur={onBlur}
      label={compact ? undefined : label}
      disabled={disabled}
      required={required}
      error={error !== undefined}
      helperText={compact ? error : (error ?? hint)}
      fullWidth={!compact}
      size={compact ? "small" : "medium"}
      sx={compact ? { width: 120 } : undefined}
      slotProps={{
        htmlInput: { inputMode: "decimal", "aria-label": compact ? label : undefined },
        input: percent ? { endAdornment: "%" } : undefined,
      }}
    />
  );
}

/** A decimal input bound to react-hook-form (quantities, levels, costs). */
export function NumberInput<T extends FieldValues, TOut>({
  control,
  name,
  label,
  hint = " ",
  disabled = false,
  required = false,
  empty,
  compact = false,
  percent = false,
}: NumberInputProps<T, TOut>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field: { ref, value, onChange, onBlur }, fieldState }) => (
        <NumberBox
          value={value}
          onChange={onChange}
          onBlur={onBlur}
          inputRef={ref}
          label={label}
          hint={hint}
          error={fieldState.error?.message}
          disabled={disabled}
          required={required}
          empty={empty}
          compact={compact}
          percent={percent}
        />
      )}
    />
  );
}
