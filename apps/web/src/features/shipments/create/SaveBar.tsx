import { SHIPMENT_MESSAGES, type ShipmentCreateInput, toMinor } from "@cargodesk/shared";
import ArrowBackIcon from "@mui/icons-material/ArrowBack";
import SaveIcon from "@mui/icons-material/Save";
import { Alert, Box, Button, CircularProgress, Typography } from "@mui/material";
import type { Dispatch } from "react";
import type { CountryRow } from "../../master-data/api";
import { amountMinor } from "./draft";
import { TextInput } from "./fields";
import type { PartyState, WizardAction, WizardState } from "./state";
import { type SavedShipment, useSaveShipment } from "./useSaveShipment";

export interface SaveBarProps {
  state: WizardState;
  staff: boolean;
  /** Why Save is disabled; empty when it may be pressed. */
  reasons: readonly string[];
  /** The server's reason for the last failed save. */
  failure: string | null;
  countries: readonly CountryRow[];
  dispatch: Dispatch<WizardAction>;
  onBack: () => void;
  onSaved: (saved: SavedShipment) => void;
  onFailed: (message: string, noRate: boolean) => void;
  payloadOf: () => ShipmentCreateInput;
}

function partyLine(party: PartyState, countries: readonly CountryRow[]): string {
  const country = countries.find((row) => row.country_id === party.country_id)?.name;
  return [party.name, party.company, party.city, country].filter(Boolean).join(", ");
}

/** The parties booked, the manual charge when no rate applies, why Save waits, and Save itself. */
export function SaveBar({
  state,
  staff,
  reasons,
  failure,
  countries,
  dispatch,
  onBack,
  onSaved,
  onFailed,
  payloadOf,
}: SaveBarProps) {
  const saver = useSaveShipment();
  const amountInvalid = state.amount.trim() !== "" && amountMinor(state.amount) === null;
  const disabled = reasons.length > 0 || saver.pending;

  return (
    <Box component="section" aria-label="Save shipment" sx={{ display: "grid", gap: 1.5 }}>
      <Box>
        <Typography variant="body2">
          <strong>From:</strong> {partyLine(state.sender, countries) || "—"}
        </Typography>
        <Typography variant="body2">
          <strong>To:</strong> {partyLine(state.receiver, countries) || "—"}
        </Typography>
      </Box>
      {failure ? <Alert severity="error">{failure}</Alert> : null}
      {state.noRate && staff ? (
        <Box sx={{ maxWidth: 320 }}>
          <TextInput
            label="Amount (PKR)"
            mode="decimal"
            required
            maxLength={14}
            value={state.amount}
            error={
              amountInvalid
                ? toMinor(state.amount) === 0
                  ? SHIPMENT_MESSAGES.manualAmount
                  : "Enter the charge in PKR, at most 2 decimals"
                : undefined
            }
            hint="No rate sheet covers this shipment: enter the charge to book it"
            onChange={(amount) => dispatch({ type: "set", values: { amount } })}
          />
        </Box>
      ) : null}
      <Box sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", gap: 1.5 }}>
        <Button onClick={onBack} startIcon={<ArrowBackIcon />}>
          Back
        </Button>
        <Button
          variant="contained"
          size="large"
          disabled={disabled}
          aria-describedby="save-shipment-reasons"
          startIcon={saver.pending ? <CircularProgress size={18} color="inherit" aria-hidden /> : <SaveIcon />}
          onClick={() =>
            saver.save(payloadOf(), {
              onSuccess: onSaved,
              onError: (failed) => onFailed(failed.message, failed.kind === "noRate"),
            })
          }
          sx={{ minWidth: 140 }}
        >
          Save
        </Button>
        <Typography id="save-shipment-reasons" variant="body2" sx={{ color: "text.secondary" }}>
          {reasons.length > 0 ? `To save, complete: ${reasons.join(", ")}` : "Ready to save"}
        </Typography>
      </Box>
    </Box>
  );
}
