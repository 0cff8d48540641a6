import { FormControl, FormHelperText, InputLabel, OutlinedInput } from "@mui/material";
import { useId } from "react";
import { type Control, Controller, type FieldPath, type FieldValues } from "react-hook-form";

interface FormTextFieldProps<T extends FieldValues, TOut> {
  control: Control<T, unknown, TOut>;
  name: FieldPath<T>;
  label: string;
  type?: "text" | "email" | "password";
  autoComplete?: string;
  autoFocus?: boolean;
}

/**
 * A text input bound to react-hook-form: the schema's message shows under the field. Built from
 * MUI's input parts rather than TextField, whose select mode pulls Menu and Select into the
 * sign-in page's download.
 */
export function FormTextField<T extends FieldValues, TOut>({
  control,
  name,
  label,
  type = "text",
  autoComplete,
  autoFocus = false,
}: FormTextFieldProps<T, TOut>) {
  const id = useId();
  const helperId = `${id}-helper`;
  return (
    <Controller
      control={control}
      name={name}
      render={({ field: { ref, value, ...field }, fieldState }) => (
        <FormControl fullWidth required error={fieldState.error !== undefined}>
          <InputLabel htmlFor={id}>{label}</InputLabel>
          <OutlinedInput
            {...field}
            id={id}
            inputRef={ref}
            value={value ?? ""}
            label={label}
            type={type}
            autoComplete={autoComplete}
            autoFocus={autoFocus}
            aria-describedby={helperId}
          />
          <FormHelperText id={helperId}>{fieldState.error?.message ?? " "}</FormHelperText>
        </FormControl>
      )}
    />
  );
}
