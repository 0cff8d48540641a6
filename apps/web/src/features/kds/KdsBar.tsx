import type { KdsStation } from "@cargodesk/shared";
import { Chip, MenuItem, Select } from "@mui/material";
import type { StreamState } from "../../lib/sse";
import type { StationChoice } from "./api";

const ALL = "all";

/** The screen's station, or Expo / All, in the top bar. */
export function StationPicker({
  stations,
  value,
  onChange,
}: {
  stations: readonly KdsStation[];
  value: StationChoice | undefined;
  onChange: (next: StationChoice) => void;
}) {
  const selected = value === undefined ? "" : value === null ? ALL : String(value);
  // No floating label: it would not fit the dense bar; the picker is named for screen readers.
  return (
    <Select
      size="small"
      value={stations.length > 0 || selected === ALL ? selected : ""}
      onChange={(event) => onChange(event.target.value === ALL ? null : Number(event.target.value))}
      displayEmpty
      renderValue={(value) =>
        value === ""
          ? "Choose a station…"
          : value === ALL
            ? "Expo / All"
            : (stations.find((s) => String(s.id) === value)?.name ?? "")
      }
      inputProps={{ "aria-label": "Station" }}
      sx={{
        minWidth: 200,
        color: "common.white",
        bgcolor: "rgba(255,255,255,0.12)",
        "& .MuiSelect-select": { py: 0.75 },
        "& .MuiSvgIcon-root": { color: "common.white" },
        "& .MuiOutlinedInput-notchedOutline": { borderColor: "rgba(255,255,255,0.5)" },
      }}
    >
      {stations.map((station) => (
        <MenuItem key={station.id} value={String(station.id)}>
          {station.name}
        </MenuItem>
      ))}
      <MenuItem value={ALL}>Expo / All</MenuItem>
    </Select>
  );
}

const STATES: Record<StreamState, { label: string; color: "success" | "warning" | "error" | "default" }> = {
  connecting: { label: "Connecting…", color: "default" },
  live: { label: "Live", color: "success" },
  reconnecting: { label: "Reconnecting…", color: "warning" },
  stopped: { label: "Offline", color: "error" },
};

/** Whether the screen is receiving live events. */
export function ConnectionChip({ state }: { state: StreamState }) {
  const { label, color } = STATES[state];
  return (
    <Chip
      size="small"
      color={color}
      label={label}
      role="status"
      aria-label={`Connection: ${label}`}
      data-testid="kds-connection"
      data-state={state}
      sx={color === "default" ? { bgcolor: "rgba(255,255,255,0.85)" } : undefined}
    />
  );
}
