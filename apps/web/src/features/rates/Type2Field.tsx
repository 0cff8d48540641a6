import { RATE_MESSAGES, TYPE2_CHOICES } from "@cargodesk/shared";
import { FormControl, FormControlLabel, FormHelperText, FormLabel, Radio, RadioGroup } from "@mui/material";
import { useId } from "react";
import { type Control, Controller, type FieldPath, type FieldValues } from "react-hook-form";

interface Type2FieldProps<T extends FieldValues> {
  control: Control<T>;
  name: FieldPath<T>;
  disabled?: boolean;
}

/** Service 11's required DHL or UPS (VAT paid) choice. */
export function Type2Field<T extends FieldValues>({ control, name, disabled = false }: Type2FieldProps<T>) {
  const labelId = useId();
  return (
    <Controller
      control={control}
      name={name}
      rules={{ validate: (value) => Boolean(value) || RATE_MESSAGES.type2 }}
      render={({ field, fieldState }) => (
        <FormControl required error={fieldState.error !== undefined} disabled={disabled}>
          <FormLabel id={labelId}>DHL/UPS (VAT paid)</FormLabel>
          <RadioGroup row aria-labelledby={labelId} {...field} value={field.value ?? ""}>
            {TYPE2_CHOICES.map((choice) => (
              <FormControlLabel key={choice} value={choice} control={<Radio />} label={choice} />
            ))}
          </RadioGroup>
          <FormHelperText>{fieldState.error?.message ?? " "}</FormHelperText>
        </FormControl>
      )}
    />
  );
}
