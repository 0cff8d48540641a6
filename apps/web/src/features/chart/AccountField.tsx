import type { FieldValues } from "react-hook-form";
import { AccountPickerField } from "../../components/AccountPicker";
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
    <AccountPickerField
      control={control}
      name={name}
      label={label}
      options={options}
      loading={accounts.isPending}
      disabled={disabled || accounts.isError}
      hint={accounts.isError ? "The chart of accounts is not open to you" : hint}
      testId={testId}
    />
  );
}
