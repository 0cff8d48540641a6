import { Autocomplete, createFilterOptions, TextField } from "@mui/material";
import { type AccountRef, nodeLabel } from "./api";

/** Long charts stay quick: the list shows the first 200 matches of what is typed. */
const filterOptions = createFilterOptions<AccountRef>({ limit: 200, stringify: nodeLabel });

interface NodePickerProps {
  label: string;
  options: readonly AccountRef[];
  /** Every node, so a saved choice outside `options` still shows its name. */
  all: readonly AccountRef[];
  value: number;
  onChange: (id: number) => void;
  onBlur?: () => void;
  error?: string | undefined;
  helperText?: string;
  disabled?: boolean;
  /** false for a setting that may stay unset. */
  required?: boolean;
}

/** One group or account, shown and searched as "code - name"; 0 while none is chosen. */
export function NodePicker({
  label,
  options,
  all,
  value,
  onChange,
  onBlur,
  error,
  helperText,
  disabled = false,
  required = true,
}: NodePickerProps) {
  const chosen = all.find((node) => node._id === value) ?? null;
  return (
    <Autocomplete
      options={options}
      value={chosen}
      onChange={(_, node) => onChange(node?._id ?? 0)}
      onBlur={onBlur}
      getOptionLabel={nodeLabel}
      isOptionEqualToValue={(option, selected) => option._id === selected._id}
      filterOptions={filterOptions}
      disabled={disabled}
      autoHighlight
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          required={required}
          error={error !== undefined}
          helperText={error ?? helperText ?? " "}
        />
      )}
    />
  );
}

interface NodeMultiPickerProps {
  label: string;
  options: readonly AccountRef[];
  all: readonly AccountRef[];
  value: readonly number[];
  onChange: (ids: number[]) => void;
  onBlur?: () => void;
  error?: string | undefined;
  disabled?: boolean;
}

/** Several groups or accounts feeding one profit-and-loss heading. */
export function NodeMultiPicker({
  label,
  options,
  all,
  value,
  onChange,
  onBlur,
  error,
  disabled = false,
}: NodeMultiPickerProps) {
  const chosen = value.flatMap((id) => all.filter((node) => node._id === id));
  return (
    <Autocomplete
      multiple
      options={options}
      value={chosen}
      onChange={(_, nodes) => onChange(nodes.map((node) => node._id))}
      onBlur={onBlur}
      getOptionLabel={nodeLabel}
      isOptionEqualToValue={(option, selected) => option._id === selected._id}
      filterOptions={filterOptions}
      filterSelectedOptions
      disabled={disabled}
      autoHighlight
      slotProps={{ chip: { size: "small" } }}
      renderInput={(params) => (
        <TextField {...params} label={label} error={error !== undefined} helperText={error ?? " "} />
      )}
    />
  );
}
