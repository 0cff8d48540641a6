import { MenuItem, TextField } from "@mui/material";
import { useState } from "react";
import { useServerPaging } from "./server-paging";

type FilterOptions = readonly (readonly [value: string, text: string])[];

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
  options?: FilterOptions;
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

/**
 * A server-paged list's filters, each "" for none: `filter(key, label, options?)` draws one
 * FilterField, a change starts again at the first page, and `query` holds the filters that are set,
 * with the page (from 1) and its size, for the list query.
 */
export function useListFilters<K extends string>(empty: Record<K, string>, firstPageSize: number) {
  const [filters, setFilters] = useState(empty);
  const { page, pageSize, setPage, paging } = useServerPaging(firstPageSize);
  const filter = (key: K, label: string, options?: FilterOptions) => (
    <FilterField
      label={label}
      value={filters[key]}
      onChange={(value) => {
        setFilters((current) => ({ ...current, [key]: value }));
        setPage(0);
      }}
      options={options}
    />
  );
  const query = {
    ...Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== "")),
    page: page + 1,
    size: pageSize,
  };
  return { filter, query, paging };
}
