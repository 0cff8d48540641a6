import { MenuItem, TextField } from "@mui/material";

/**
 * One filter of a list page: a date, or, given `options` (value, text), a choice with "All" first.
 * An empty value means no filter.
 */
export function FilterField({
  label,
  value,
  onChange,
  options,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options?: readonly (readonly [value: string, text: string])[];
}) {
  return (
    <TextField
      size="small"
      label={label}
      type={options ? undefined : "date"}
      select={options !== undefined}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
      sx={{ minWidth: 160 }}
    >
      {options
        ? [["", "All"] as const, ...options].map(([option, text]) => (
            <MenuItem key={option} value={option}>
              {text}
            </MenuItem>
          ))
        : null}
    </TextField>
  );
}
