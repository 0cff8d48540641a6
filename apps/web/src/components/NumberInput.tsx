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
}

/** Text as the form's number: "" is `empty`, a number is a number, anything else stays text for the schema to name. */
export const numberOfText = (text: string, empty: null | 0): number | string | null => {
  const plain = text.replaceAll(",", "").trim();
  if (plain === "") return empty;
  return /^-?\d*\.?\d+$/.test(plain) ? Number(plain) : text;
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
}) {
  // The box keeps what was typed ("1." on the way to "1.5"); the form holds its number.
  const [text, setText] = useState(value === null || value === undefined ? "" : String(value));
  useEffect(() => {
    if (numberOfText(text, empty) !== value) setText(value === null || value === undefined ? "" : String(value));
  }, [value, text, empty]);
  return (
    <TextField
      inputRef={inputRef}
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        onChange(numberOfText(event.target.value, empty));
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
      slotProps={{ htmlInput: { inputMode: "decimal", "aria-label": compact ? label : undefined } }}
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
        />
      )}
    />
  );
}
