import { Controller, type FieldValues } from "react-hook-form";
import { AccountPicker } from "../../components/AccountPicker";
import type { FieldProps } from "../../components/FormFields";
import type { Account } from "./api";

interface AccountInputProps<T extends FieldValues, TOut> extends FieldProps<T, TOut> {
  options: readonly Account[];
  testId?: string;
}

/** The searchable account picker bound to react-hook-form. */
export function AccountInput<T extends FieldValues, TOut>({
  control,
  name,
  label,
  options,
  disabled = false,
  required = false,
  hint = " ",
  testId,
}: AccountInputProps<T, TOut>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <AccountPicker<Account>
          label={label}
          options={options}
          value={field.value ?? null}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          disabled={disabled}
          required={required}
          error={fieldState.error !== undefined}
          helperText={fieldState.error?.message ?? hint}
          data-testid={testId}
        />
      )}
    />
  );
}
