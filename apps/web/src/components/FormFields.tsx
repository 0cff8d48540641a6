import { MenuItem, type StandardTextFieldProps, TextField } from "@mui/material";
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

/** What BoundField passes on to its TextField as given. */
type TextFieldOwnProps = Omit<
  StandardTextFieldProps,
  "name" | "value" | "defaultValue" | "onChange" | "onBlur" | "error" | "helperText" | "inputRef" | "variant"
>;

export interface BoundFieldProps<T extends FieldValues, TOut> extends TextFieldOwnProps {
  control: Control<T, unknown, TOut>;
  name: FieldPath<T>;
  /** Under the field when it has no error; null for no line at all (a small box in a table row). */
  hint?: string | null;
  /** The form's value for what was typed (default: the text as typed). */
  parse?: (input: HTMLInputElement) => unknown;
  /** What the box shows for the form's value (default: the value, "" when unset). */
  show?: (value: unknown) => unknown;
  /** Runs once the form holds the new value, e.g. to re-check a field that depends on it. */
  afterChange?: (input: HTMLInputElement) => void;
}

const valueOrBlank = (value: unknown) => value ?? "";

/**
 * The one binding of a TextField (text, date, number, select) to a react-hook-form field: the
 * form's value in the box, what is typed back into the form, and the shared schema's message under
 * it in place of the hint. The kit's inputs below, and a feature's own rewriting inputs, build on it.
 */
export function BoundField<T extends FieldValues, TOut>({
  control,
  name,
  hint = " ",
  parse,
  show = valueOrBlank,
  afterChange,
  disabled = false,
  fullWidth = true,
  ...props
}: BoundFieldProps<T, TOut>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field: { ref, value, onChange, ...field }, fieldState }) => (
        <TextField
          {...field}
          {...props}
          inputRef={ref}
          value={show(value)}
          onChange={(event) => {
            const input = event.target as HTMLInputElement;
            onChange(parse ? parse(input) : event);
            afterChange?.(input);
          }}
          disabled={disabled}
          fullWidth={fullWidth}
          error={fieldState.error !== undefined}
          helperText={fieldState.error?.message ?? hint ?? undefined}
        />
      )}
    />
  );
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
  type = "text",
  max,
  inputMode,
  testId,
  ...props
}: TextProps<T, TOut>) {
  return (
    <BoundField
      {...props}
      type={type}
      slotProps={{
        inputLabel: type === "date" ? { shrink: true } : {},
        htmlInput: { max, inputMode, "data-testid": testId },
      }}
    />
  );
}

interface SelectProps<T extends FieldValues, TOut> extends FieldProps<T, TOut> {
  options: readonly { value: string; label: string }[];
  /** The empty choice's text; choosing it counts as no choice. */
  placeholder: string;
}

/** A select bound to react-hook-form, with a placeholder entry worth nothing. */
export function SelectInput<T extends FieldValues, TOut>({ options, placeholder, ...props }: SelectProps<T, TOut>) {
  return (
    <BoundField {...props} select slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}>
      <MenuItem value="">
        <em>{placeholder}</em>
      </MenuItem>
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </BoundField>
  );
}
