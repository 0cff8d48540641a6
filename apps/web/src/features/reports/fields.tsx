import type { Control, FieldPath, FieldValues } from "react-hook-form";
import { AccountPickerField } from "../../components/AccountPicker";
import type { Account } from "../vouchers/api";

/**
 * The searchable account picker bound to a form field holding the account's id (`levelFourId`),
 * so the shared request schema validates the form as it is.
 */
export function AccountIdInput<T extends FieldValues, TOut>(props: {
  control: Control<T, unknown, TOut>;
  name: FieldPath<T>;
  label: string;
  options: readonly Account[];
  loading?: boolean;
  hint?: string;
  testId?: string;
}) {
  return <AccountPickerField {...props} required />;
}

/** Whether an account id form value holds a chosen account. */
export const isChosen = (value: unknown): value is number => typeof value === "number" && value > 0;
