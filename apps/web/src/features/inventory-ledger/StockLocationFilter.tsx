import { MenuItem, TextField } from "@mui/material";
import { useStockLocations } from "./api";

/** A Store report's Location: one stock location, or "All locations" (""). */
export function StockLocationFilter({ value, onChange }: { value: string; onChange: (locationId: string) => void }) {
  const locations = useStockLocations();
  return (
    <TextField
      select
      label="Location"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      helperText=" "
      sx={{ minWidth: 180 }}
      slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
    >
      <MenuItem value="">All locations</MenuItem>
      {(locations.data ?? []).map((location) => (
        <MenuItem key={location.id} value={String(location.id)}>
          {location.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
