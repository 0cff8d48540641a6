import { type LevelFiveAccount, levelFiveLabel } from "@cargodesk/shared";
import { Autocomplete, TextField } from "@mui/material";
import type { Ref } from "react";

interface AccountSelectProps {
  accounts: readonly LevelFiveAccount[];
  value: number | null;
  onChange: (id: number | null) => void;
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  error?: string | undefined;
  label?: string;
}

/**
 * SELECT ACCOUNT* with the placeholder "Select Account...": each option reads as the account's
 * full path, a slash, then its name (spec: Ledger search). Typing narrows the options.
 */
export function AccountSelect({
  accounts,
  value,
  onChange,
  onBlur,
  inputRef,
  error,
  label = "SELECT ACCOUNT",
}: AccountSelectProps) {
  return (
    <Autocomplete<LevelFiveAccount>
      options={accounts}
      value={accounts.find((account) => account.levelFiveId === value) ?? null}
      onChange={(_, account) => onChange(account?.levelFiveId ?? null)}
      onBlur={onBlur}
      getOptionLabel={levelFiveLabel}
      isOptionEqualToValue={(option, chosen) => option.levelFiveId === chosen.levelFiveId}
      getOptionKey={(account) => account.levelFiveId}
      autoHighlight
      renderOption={({ key, ...props }, account) => (
        <li key={key} {...props}>
          {levelFiveLabel(account)}
        </li>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          inputRef={inputRef}
          label={label}
          placeholder="Select Account..."
          required
          error={error !== undefined}
          helperText={error ?? " "}
          slotProps={{ ...params.slotProps, inputLabel: { ...params.slotProps.inputLabel, shrink: true } }}
        />
      )}
      fullWidth
    />
  );
}
