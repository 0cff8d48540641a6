import { isTrackingFormat, SHIPMENT_MESSAGES } from "@cargodesk/shared";
import SearchIcon from "@mui/icons-material/Search";
import { Alert, Box, Button, CircularProgress, TextField } from "@mui/material";
import { type FormEvent, useState } from "react";
import { useNavigate, useParams } from "react-router";
import { PublicFrame } from "../../components/PublicFrame";
import { ApiError, errorMessage } from "../../lib/api";
import { useTrackingHistory } from "./api";
import { TrackingResult } from "./TrackingResult";

/** The message for a failed lookup: the spec's two texts for a bad number, the server's for anything else. */
function failureText(error: Error): string {
  if (error instanceof ApiError && error.status === 404) return SHIPMENT_MESSAGES.trackingNotFound;
  if (error instanceof ApiError && error.status === 400) return SHIPMENT_MESSAGES.trackingFormat;
  return errorMessage(error);
}

/**
 * Track and Trace (/tracking and /tracking/{id}), open to anyone: a numeric tracking number of at
 * least 10 digits; with a number in the address it is filled in and searched at once.
 */
export default function TrackingPage() {
  const { id } = useParams();
  const navigate = useNavigate();
  const fromUrl = id ?? "";
  const [value, setValue] = useState(fromUrl);
  const [shown, setShown] = useState(fromUrl);
  const [formatError, setFormatError] = useState(fromUrl !== "" && !isTrackingFormat(fromUrl));
  // Another number in the address (back and forward) fills the field again.
  if (shown !== fromUrl) {
    setShown(fromUrl);
    setValue(fromUrl);
    setFormatError(fromUrl !== "" && !isTrackingFormat(fromUrl));
  }
  const searched = fromUrl !== "" && isTrackingFormat(fromUrl) ? fromUrl : null;
  const history = useTrackingHistory(searched);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const number = value.trim();
    if (!isTrackingFormat(number)) {
      setFormatError(true);
      return;
    }
    setFormatError(false);
    if (number === fromUrl) void history.refetch();
    else navigate(`/tracking/${number}`);
  };

  return (
    <PublicFrame
      title="Track and Trace"
      subtitle="Enter the tracking number printed on your waybill to see where your shipment is."
      width={880}
    >
      <Box
        component="form"
        role="search"
        aria-label="Track a shipment"
        noValidate
        onSubmit={submit}
        sx={{ display: "flex", gap: 2, alignItems: "flex-start", flexWrap: "wrap" }}
      >
        <TextField
          label="Tracking Number"
          value={value}
          autoFocus={fromUrl === ""}
          onChange={(event) => {
            setValue(event.target.value.replace(/\D/g, ""));
            setFormatError(false);
          }}
          error={formatError}
          helperText={formatError ? SHIPMENT_MESSAGES.trackingFormat : "At least 10 digits"}
          slotProps={{ htmlInput: { inputMode: "numeric", autoComplete: "off", maxLength: 30 } }}
          sx={{ flex: "1 1 280px" }}
        />
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={value.trim() === "" || history.isFetching}
          startIcon={history.isFetching ? <CircularProgress size={18} color="inherit" aria-hidden /> : <SearchIcon />}
          sx={{ minHeight: 56 }}
        >
          Track
        </Button>
      </Box>
      <Box sx={{ mt: 3 }} aria-live="polite">
        {history.isError ? (
          <Alert severity="warning" role="alert">
            {failureText(history.error)}
          </Alert>
        ) : null}
        {history.data && history.data.length > 0 ? <TrackingResult entries={history.data} /> : null}
      </Box>
    </PublicFrame>
  );
}
