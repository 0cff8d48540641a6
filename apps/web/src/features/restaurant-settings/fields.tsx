import { FormControlLabel, MenuItem, Switch, TextField } from "@mui/material";
import { useEffect, useState } from "react";
import { type Control, Controller, type FieldPath, type FieldValues } from "react-hook-form";
import { AccountPicker } from "../../components/AccountPicker";
import { useAccounts } from "../chart/api";
import { bpOfText, textOfBp } from "./labels";

interface FieldProps<T extends FieldValues, TOut> {
  control: Control<T, unknown, TOut>;
  name: FieldPath<T>;
  label: string;
  disabled?: boolean;
  hint?: string;
}

function PercentBox({
  value,
  onChange,
  onBlur,
  inputRef,
  label,
  hint,
  error,
  disabled,
}: {
  value: unknown;
  onChange: (value: number | string | null) => void;
  onBlur: () => void;
  inputRef: (element: HTMLInputElement | null) => void;
  label: string;
  hint: string;
  error: string | undefined;
  disabled: boolean;
}) {
  // The box keeps what was typed ("7." on the way to "7.5"); the form holds basis points.
  const [text, setText] = useState(textOfBp(value));
  useEffect(() => {
    if (bpOfText(text) !== value) setText(typeof value === "string" ? value : textOfBp(value));
  }, [value, text]);
  return (
    <TextField
      inputRef={inputRef}
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        onChange(bpOfText(event.target.value));
      }}
      onBlur={onBlur}
      label={label}
      disabled={disabled}
      error={error !== undefined}
      helperText={error ?? hint}
      fullWidth
      slotProps={{ htmlInput: { inputMode: "decimal" }, input: { endAdornment: "%" } }}
    />
  );
}

/** A rate the API keeps in basis points (1600 = 16%), typed as a percent. */
export function PercentInput<T extends FieldValues, TOut>({
  control,
  name,
  label,
  disabled = false,
  hint = " ",
}: FieldProps<T, TOut>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field: { ref, value, onChange, onBlur }, fieldState }) => (
        <PercentBox
          value={value}
          onChange={onChange}
          onBlur={onBlur}
          inputRef={ref}
          label={label}
          hint={hint}
          error={fieldState.error?.message}
          disabled={disabled}
        />
      )}
    />
  );
}

export function SwitchInput<T extends FieldValues, TOut>({
  control,
  name,
  label,
  disabled = false,
}: Omit<FieldProps<T, TOut>, "hint">) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field: { value, onChange, ...field } }) => (
        <FormControlLabel
          control={
            <Switch
              {...field}
              checked={value === true}
              onChange={(event) => onChange(event.target.checked)}
              disabled={disabled}
            />
          }
          label={label}
        />
      )}
    />
  );
}

/**
 * A postable account chosen by code or name; the form holds its id. `classKey` narrows the list to
 * one class of the chart (2 = liabilities); the server checks the exact group and names this field.
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
