import { type Control, Controller, type FieldPath, type FieldValues } from "react-hook-form";
import { AccountPicker } from "../../components/AccountPicker";
import type { Account } from "../vouchers/api";

interface AccountIdInputProps<T extends FieldValues, TOut> {
  control: Control<T, unknown, TOut>;
  name: FieldPath<T>;
  label: string;
  options: readonly Account[];
  loading?: boolean;
  hint?: string;
  testId?: string;
}

/**
 * The searchable account picker bound to a form field holding the account's id (`levelFourId`),
 * so the shared request schema validates the form as it is.
 */
export function AccountIdInput<T extends FieldValues, TOut>({
  control,
  name,
  label,
  options,
  loading = false,
  hint = " ",
  testId,
}: AccountIdInputProps<T, TOut>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <AccountPicker<Account>
          label={label}
          options={options}
          value={options.find((account) => account._id === field.value) ?? null}
          onChange={(account) => field.onChange(account?._id ?? null)}
          onBlur={field.onBlur}
          inputRef={field.ref}
          loading={loading}
          required
          error={fieldState.error !== undefined}
          helperText={fieldState.error?.message ?? hint}
          data-testid={testId}
        />
      )}
    />
  );
}

/** Whether an account id form value holds a chosen account. */
export const isChosen = (value: unknown): value is number => typeof value === "number" && value > 0;
