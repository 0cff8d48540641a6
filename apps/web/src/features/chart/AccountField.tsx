import { Controller, type FieldValues } from "react-hook-form";
import { AccountPicker } from "../../components/AccountPicker";
import type { FieldProps } from "../../components/FormFields";
import { useAccounts } from "./api";

/**
 * A postable account chosen by code or name; the form holds its id. `classKey` narrows the list to
 * one class of the chart ("4" revenue, "5" expenses); the server checks the exact group and names
 * the field. Without the right to read the chart, the field says so and stays disabled.
 */
export function AccountField<T extends FieldValues, TOut>({
  control,
  name,
  label,
  disabled = false,
  hint = " ",
  classKey,
  testId,
}: FieldProps<T, TOut> & { classKey?: string; testId?: string }) {
  const accounts = useAccounts();
  const all = accounts.data ?? [];
  const options = classKey ? all.filter((account) => account.allLevelKey.startsWith(`${classKey}-`)) : all;
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <AccountPicker
          label={label}
          options={options}
          value={options.find((account) => account._id === field.value) ?? null}
          onChange={(account) => field.onChange(account?._id ?? null)}
          onBlur={field.onBlur}
          inputRef={field.ref}
          loading={accounts.isPending}
          disabled={disabled || accounts.isError}
          error={fieldState.error !== undefined}
          helperText={
            fieldState.error?.message ?? (accounts.isError ? "The chart of accounts is not open to you" : hint)
          }
          data-testid={testId}
        />
      )}
    />
  );
}
