import { formatMinor, toMinor } from "@cargodesk/shared";
import { Autocomplete, Box, TextField, Typography } from "@mui/material";
import type { Ref } from "react";
import { type Control, Controller, type FieldPath, type FieldValues } from "react-hook-form";

/** What the picker needs of a postable account (`GET /api/levelFour/get_levelFour`). */
export interface AccountOption {
  _id: number;
  levelFourName: string;
  allLevelKey: string;
  /** Closing balance in major units, shown beside the option when known. */
  levelBalance?: number;
  /** 1 credit, 2 debit. */
  debitCreditId?: number;
}

export const accountOptionLabel = (account: AccountOption): string =>
  `${account.allLevelKey} - ${account.levelFourName}`;

/** At most this many options are listed; typing narrows them. */
const OPTION_LIMIT = 300;

/** How well an option's code and name fit the typed text: 0 starts with it, 1 a word starts with it, 2 contains it. */
function rank(account: AccountOption, query: string): number {
  const name = account.levelFourName.toLowerCase();
  if (account.allLevelKey.startsWith(query) || name.startsWith(query)) return 0;
  return name.split(/[\s\-/&.,()]+/).some((word) => word.startsWith(query)) ? 1 : 2;
}

/**
 * Keeps the options holding every typed word (in the code or the name), best fits first, so typing
 * "rent" offers RENT before BANK CURRENT ACCOUNT.
 */
export function filterAccounts<T extends AccountOption>(options: readonly T[], input: string): T[] {
  const query = input.trim().toLowerCase();
  if (query === "") return options.slice(0, OPTION_LIMIT);
  const words = query.split(/\s+/);
  return options
    .filter((account) => {
      const label = accountOptionLabel(account).toLowerCase();
      return words.every((word) => label.includes(word));
    })
    .map((account) => ({ account, rank: rank(account, query) }))
    .sort((a, b) => a.rank - b.rank)
    .slice(0, OPTION_LIMIT)
    .map(({ account }) => account);
}

function balanceText(account: AccountOption): string | null {
  if (account.levelBalance === undefined) return null;
  const minor = toMinor(account.levelBalance);
  if (minor === null) return null;
  return `${formatMinor(minor)} ${account.debitCreditId === 1 ? "Cr" : "Dr"}`;
}

interface AccountPickerProps<T extends AccountOption> {
  label: string;
  options: readonly T[];
  value: T | null;
  onChange: (account: T | null) => void;
  onBlur?: () => void;
  disabled?: boolean;
  loading?: boolean;
  required?: boolean;
  /** Shown under the field; in red when `error` is set. */
  helperText?: string;
  error?: boolean;
  inputRef?: Ref<HTMLInputElement>;
  "data-testid"?: string;
}

/** A searchable account field: type part of the code or the name; options read "code - name". */
export function AccountPicker<T extends AccountOption>({
  label,
  options,
  value,
  onChange,
  onBlur,
  disabled = false,
  loading = false,
  required = false,
  helperText = " ",
  error = false,
  inputRef,
  "data-testid": testId,
}: AccountPickerProps<T>) {
  return (
    <Autocomplete<T>
      options={options}
      value={value}
      onChange={(_, account) => onChange(account)}
      onBlur={onBlur}
      disabled={disabled}
      loading={loading}
      getOptionLabel={accountOptionLabel}
      getOptionKey={(account) => account._id}
      isOptionEqualToValue={(option, selected) => option._id === selected._id}
      filterOptions={(all, state) => filterAccounts(all, state.inputValue)}
      autoHighlight
      data-testid={testId}
      renderOption={({ key, ...props }, account) => {
        const balance = balanceText(account);
        return (
          <Box component="li" key={key} {...props} sx={{ display: "flex", gap: 2 }}>
            <Box sx={{ flex: 1, minWidth: 0 }}>{accountOptionLabel(account)}</Box>
            {balance ? (
              <Typography variant="caption" sx={{ color: "text.secondary", whiteSpace: "nowrap" }}>
                {balance}
              </Typography>
            ) : null}
          </Box>
        );
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          required={required}
          error={error}
          helperText={helperText}
          inputRef={inputRef}
        />
      )}
    />
  );
}

interface AccountPickerFieldProps<T extends FieldValues, TOut, A extends AccountOption> {
  control: Control<T, unknown, TOut>;
  name: FieldPath<T>;
  label: string;
  options: readonly A[];
  /** What the form field holds: the account's id (default, for a shared request schema) or the account. */
  holds?: "id" | "account";
  loading?: boolean;
  disabled?: boolean;
  required?: boolean;
  /** Under the field while the schema has nothing to say about it. */
  hint?: string;
  testId?: string;
}

/** The account picker bound to a form field; the schema's message shows under it. */
export function AccountPickerField<T extends FieldValues, TOut, A extends AccountOption>({
  control,
  name,
  label,
  options,
  holds = "id",
  loading = false,
  disabled = false,
  required = false,
  hint = " ",
  testId,
}: AccountPickerFieldProps<T, TOut, A>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <AccountPicker<A>
          label={label}
          options={options}
          value={
            holds === "id" ? (options.find((account) => account._id === field.value) ?? null) : (field.value ?? null)
          }
          onChange={(account) => field.onChange(holds === "id" ? (account?._id ?? null) : account)}
          onBlur={field.onBlur}
          inputRef={field.ref}
          loading={loading}
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
