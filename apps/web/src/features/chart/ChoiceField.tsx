import { TextField } from "@mui/material";

export interface Choice {
  value: number;
  label: string;
}

interface ChoiceFieldProps {
  label: string;
  value: number;
  onChange: (value: number) => void;
  options: readonly Choice[];
  /** The first, unselectable line shown while nothing is chosen; null for none. */
  placeholder?: string | null;
  disabled?: boolean;
  required?: boolean;
  /** Shown in red under the field. */
  error?: string | undefined;
  /** Shown under the field when there is no error. */
  helperText?: string | undefined;
}

/**
 * A labelled native select of numbered choices: fast with long lists, fully keyboard-driven and
 * easy to drive from tests (`selectOption`). 0 means "nothing chosen" unless 0 is itself a choice.
 */
export function ChoiceField({
  label,
  value,
  onChange,
  options,
  placeholder = `Select ${label}`,
  disabled = false,
  required = false,
  error,
  helperText,
}: ChoiceFieldProps) {
  const chosen = options.some((option) => option.value === value);
  return (
    <TextField
      select
      fullWidth
      label={label}
      value={chosen ? String(value) : ""}
      onChange={(event) => onChange(Number(event.target.value) || 0)}
      disabled={disabled}
      required={required}
      error={error !== undefined}
      helperText={error ?? helperText ?? " "}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
    >
      {placeholder === null ? null : (
        <option value="" disabled>
          {placeholder}
        </option>
      )}
      {options.map((option) => (
        <option key={option.value} value={String(option.value)}>
          {option.label}
        </option>
      ))}
    </TextField>
  );
}
