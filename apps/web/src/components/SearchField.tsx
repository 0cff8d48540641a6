import SearchIcon from "@mui/icons-material/Search";
import { InputAdornment, TextField } from "@mui/material";

interface SearchFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Takes the width it is given (the register's menu search) instead of 320 px. */
  fill?: boolean;
}

export function SearchField({ label, value, onChange, fill = false }: SearchFieldProps) {
  return (
    <TextField
      type="search"
      size="small"
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      sx={fill ? { flex: 1, bgcolor: "background.paper" } : { width: { xs: "100%", sm: 320 } }}
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
