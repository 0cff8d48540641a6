import { MenuItem, TextField } from "@mui/material";
import { Controller, type FieldValues } from "react-hook-form";
import type { FieldProps } from "../../components/FormFields";

type Choice = string | number | null;

/** A select over fixed choices of any type; null (shown as "") is a real choice such as "None". */
export function ChoiceInput<T extends FieldValues, TOut>({
  control,
  name,
  label,
  options,
  disabled = false,
  hint = " ",
}: FieldProps<T, TOut> & { options: readonly { value: Choice; label: string }[] }) {
  const indexOf = (value: unknown) => options.findIndex((option) => option.value === value);
  return (
    <Controller
      control={control}
      name={name}
      render={({ field: { ref, value, onChange, onBlur }, fieldState }) => (
        <TextField
          select
          inputRef={ref}
          value={indexOf(value) < 0 ? "" : String(indexOf(value))}
          onChange={(event) => onChange(options[Number(event.target.value)]?.value ?? null)}
          onBlur={onBlur}
          label={label}
          disabled={disabled}
          error={fieldState.error !== undefined}
          helperText={fieldState.error?.message ?? hint}
          fullWidth
        >
          {options.map((option, index) => (
            <MenuItem key={option.label} value={String(index)}>
              {option.label}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}
