import { Alert, Autocomplete, Dialog, DialogContent, DialogTitle, Stack, TextField } from "@mui/material";
import { type FormEvent, useId, useState } from "react";
import { FormDialogActions } from "../../components/FormDialogActions";
import { errorMessage } from "../../lib/api";
import { useAddStatus, useStatusOptions } from "./api";
import type { ShipmentRow } from "./schemas";

interface AddStatusDialogProps {
  shipment: ShipmentRow;
  onClose: () => void;
}

/** Appends one tracking entry: a status (from the server's list, or typed) and a location, both required. */
export function AddStatusDialog({ shipment, onClose }: AddStatusDialogProps) {
  const titleId = useId();
  const options = useStatusOptions();
  const add = useAddStatus();
  const [status, setStatus] = useState("");
  const [location, setLocation] = useState("");
  const complete = status.trim() !== "" && location.trim() !== "";

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!complete || add.isPending) return;
    add.mutate(
      { id: shipment.shipment_id, entry: { status: status.trim(), status_location: location.trim() } },
      { onSuccess: onClose },
    );
  };

  return (
    <Dialog open onClose={add.isPending ? undefined : onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>Add Status · {shipment.tracking_id}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Autocomplete
              freeSolo
              options={(options.data ?? []).map((option) => option.name)}
              loading={options.isPending}
              inputValue={status}
              onInputChange={(_, value) => setStatus(value.toUpperCase())}
              renderInput={(params) => (
                <TextField
                  {...params}
                  label="Status"
                  required
                  autoFocus
                  helperText={
                    options.isError ? "The status list could not be loaded; type the status." : "Choose or type"
                  }
                />
              )}
            />
            <TextField
              label="Location"
              required
              value={location}
              onChange={(event) => setLocation(event.target.value.toUpperCase())}
              helperText=" "
            />
            {add.isError ? <Alert severity="error">{errorMessage(add.error)}</Alert> : null}
          </Stack>
        </DialogContent>
        <FormDialogActions submitLabel="Add" busy={add.isPending} incomplete={!complete} onCancel={onClose} />
      </form>
    </Dialog>
  );
}
