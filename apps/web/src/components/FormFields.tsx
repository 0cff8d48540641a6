import { MenuItem, TextField } from "@mui/material";
import { type Control, Controller, type FieldPath, type FieldValues } from "react-hook-form";

/** What every react-hook-form field takes. */
export interface FieldProps<T extends FieldValues, TOut> {
  control: Control<T, unknown, TOut>;
  name: FieldPath<T>;
  label: string;
  disabled?: boolean;
  required?: boolean;
  /** Shown when the field has no error. */
  hint?: string;
}

interface TextProps<T extends FieldValues, TOut> extends FieldProps<T, TOut> {
  type?: "text" | "date";
  /** Latest allowed date for `type="date"`. */
  max?: string;
  inputMode?: "decimal" | "text";
  testId?: string;
  autoFocus?: boolean;
  /** Grows to more lines as the text does (an address). */
  multiline?: boolean;
}

/** A TextField bound to react-hook-form; the schema's message shows under it. */
export function TextInput<T extends FieldValues, TOut>({
  control,
  name,
  label,
  disabled = false,
  required = false,
  hint = " ",
  type = "text",
  max,
  inputMode,
  testId,
  autoFocus,
  multiline,
}: TextProps<T, TOut>) {
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
          type={type}
          disabled={disabled}
          required={required}
          autoFocus={autoFocus}
          multiline={multiline}
          error={fieldState.error !== undefined}
          helperText={fieldState.error?.message ?? hint}
          fullWidth
          slotProps={{
            inputLabel: type === "date" ? { shrink: true } : {},
            htmlInput: { max, inputMode, "data-testid": testId },
          }}
        />
      )}
    />
  );
}

interface SelectProps<T extends FieldValues, TOut> extends FieldProps<T, TOut> {
  options: readonly { value: string; label: string }[];
  /** The empty choice's text; choosing it counts as no choice. */
  placeholder: string;
}

/** A select bound to react-hook-form, with a placeholder entry worth nothing. */
export function SelectInput<T extends FieldValues, TOut>({
  control,
  name,
  label,
  options,
  placeholder,
  disabled = false,
  required = false,
  hint = " ",
}: SelectProps<T, TOut>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field: { ref, value, ...field }, fieldState }) => (
        <TextField
          {...field}
          inputRef={ref}
          select
          value={value ?? ""}
          label={label}
          disabled={disabled}
          required={required}
          error={fieldState.error !== undefined}
          helperText={fieldState.error?.message ?? hint}
          fullWidth
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">
            <em>{placeholder}</em>
          </MenuItem>
          {options.map((option) => (
            <MenuItem key={option.value} value={option.value}>
              {option.label}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}
