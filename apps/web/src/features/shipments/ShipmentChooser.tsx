import { Alert, Autocomplete, Paper, TextField, Typography } from "@mui/material";
import { useState } from "react";
import { useNavigate } from "react-router";
import { errorMessage } from "../../lib/api";
import { useDebouncedValue } from "../../lib/hooks";
import { useShipmentPage } from "./api";
import { placeOf } from "./format";
import { viewPath } from "./paths";
import type { ShipmentRow } from "./schemas";

const CHOOSER_SIZE = 20;

const describe = (row: ShipmentRow): string =>
  `${row.tracking_id} · ${row.shipment_senders[0]?.name ?? "—"} → ${row.shipment_receivers[0]?.name ?? "—"} (${placeOf(row.shipment_receivers[0])})`;

/** Opened from the menu without `?id=`: asks which shipment, searching the server, then opens `route?id=`. */
export function ShipmentChooser({ route, purpose }: { route: string; purpose: string }) {
  const navigate = useNavigate();
  const [search, setSearch] = useState("");
  const query = useDebouncedValue(search.trim());
  const list = useShipmentPage({ page: 1, size: CHOOSER_SIZE, search: query });

  return (
    <Paper variant="outlined" sx={{ p: 3, maxWidth: 640 }}>
      <Typography sx={{ mb: 2 }}>Choose the shipment to {purpose}: type its tracking id or a name.</Typography>
      <Autocomplete
        options={list.data?.data ?? []}
        loading={list.isFetching}
        // The server has already searched.
        filterOptions={(options) => options}
        getOptionLabel={describe}
        getOptionKey={(row) => row.shipment_id}
        isOptionEqualToValue={(option, value) => option.shipment_id === value.shipment_id}
        onInputChange={(_, value, reason) => {
          if (reason === "input" || reason === "clear") setSearch(value);
        }}
        onChange={(_, row) => {
          if (row) navigate(viewPath(row.shipment_id, route));
        }}
        noOptionsText={query ? "No shipment matches" : "No shipments yet"}
        renderInput={(params) => <TextField {...params} label="Shipment" autoFocus />}
      />
      {list.isError ? (
        <Alert severity="error" sx={{ mt: 2 }}>
          The shipments could not be loaded. {errorMessage(list.error)}
        </Alert>
      ) : null}
    </Paper>
  );
}
