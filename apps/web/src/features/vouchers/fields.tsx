import type { FieldValues } from "react-hook-form";
import { AccountPickerField } from "../../components/AccountPicker";
import type { FieldProps } from "../../components/FormFields";
import type { Account } from "./api";

interface AccountInputProps<T extends FieldValues, TOut> extends FieldProps<T, TOut> {
  options: readonly Account[];
  testId?: string;
}

/** The searchable account picker bound to react-hook-form; the form field holds the chosen account. */
export function AccountInput<T extends FieldValues, TOut>(props: AccountInputProps<T, TOut>) {
  return <AccountPickerField {...props} holds="account" />;
}
