import { SHIPMENT_MESSAGES } from "@cargodesk/shared";
import RestartAltIcon from "@mui/icons-material/RestartAlt";
import { Alert, Box, Button, Divider, Paper, Step, StepLabel, Stepper } from "@mui/material";
import { useReducer, useState } from "react";
import { useLocation } from "react-router";
import { ConfirmDialog } from "../../../components/ConfirmDialog";
import { PageLoader } from "../../../components/PageLoader";
import { ResultDialog, useResultDialog } from "../../../components/ResultDialog";
import { errorMessage } from "../../../lib/api";
import { CustomerPicker } from "./CustomerPicker";
import { DetailSection, ServiceSection } from "./DetailSection";
import { saveReasons, toPayload } from "./draft";
import { useWizardLookups } from "./lookups";
import { PackagingSection } from "./PackagingSection";
import { PartyStep } from "./PartyStep";
import { PaymentSection } from "./PaymentSection";
import { wizardReducer } from "./reducer";
import { SaveBar } from "./SaveBar";
import { initialWizard, WIZARD_STEPS } from "./state";

/**
 * Create shipment: Select Sender, Select Receiver, then the package step (packaging, service,
 * detail and payment) and Save. The state starts afresh each time the page opens.
 */
export default function CreateShipmentPage() {
  // Each visit (a menu click included, even from this page) starts a new wizard.
  const { key } = useLocation();
  return <CreateShipmentWizard key={key} />;
}

function CreateShipmentWizard() {
  const lookups = useWizardLookups();
  const [state, dispatch] = useReducer(wizardReducer, undefined, initialWizard);
  const [confirmStartOver, setConfirmStartOver] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const result = useResultDialog();

  if (lookups.loading) return <PageLoader label="Loading the shipment lookups" />;
  if (lookups.error)
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" onClick={lookups.retry}>
            Retry
          </Button>
        }
      >
        The lists this page needs could not be loaded: {errorMessage(lookups.error)}
      </Alert>
    );

  const { data } = lookups;
  const iso2Of = (id: number) => data.countries.find((country) => country.country_id === id)?.iso2;
  const reasons = saveReasons(state, { iso2Of, staff: lookups.staff });
  const go = (step: 0 | 1 | 2) => dispatch({ type: "step", step });

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 1180 }}>
      {lookups.staff ? (
        <Box sx={{ maxWidth: 520, mb: 2 }}>
          <CustomerPicker
            customers={data.customers}
            listed={data.customersListed}
            value={state.customerId}
            onChange={(customerId) => dispatch({ type: "set", values: { customerId } })}
            missing={state.customerId === null ? SHIPMENT_MESSAGES.customer : undefined}
          />
        </Box>
      ) : null}
      <Box sx={{ display: "flex", alignItems: "center", gap: 2, flexWrap: "wrap" }}>
        <Stepper activeStep={state.step} sx={{ flex: 1, minWidth: 320 }} aria-label="Create shipment steps">
          {WIZARD_STEPS.map((label) => (
            <Step key={label}>
              <StepLabel>{label}</StepLabel>
            </Step>
          ))}
        </Stepper>
        <Button startIcon={<RestartAltIcon />} onClick={() => setConfirmStartOver(true)}>
          Start over
        </Button>
      </Box>
      <Divider sx={{ my: 2 }} />
      {state.step === 0 ? (
        <PartyStep
          side="sender"
          party={state.sender}
          contacts={data.senders}
          countries={data.countries}
          dispatch={dispatch}
          onNext={() => go(1)}
        />
      ) : null}
      {state.step === 1 ? (
        <PartyStep
          side="receiver"
          party={state.receiver}
          contacts={data.receivers}
          countries={data.countries}
          senderCountryId={state.sender.country_id}
          dispatch={dispatch}
          onNext={() => go(2)}
          onBack={() => go(0)}
        />
      ) : null}
      {state.step === 2 ? (
        <Box sx={{ display: "grid", gap: 3 }}>
          <PackagingSection packageCount={state.packageCount} packages={state.packages} dispatch={dispatch} />
          <Divider />
          <ServiceSection state={state} lookups={data} dispatch={dispatch} />
          <Divider />
          <DetailSection state={state} lookups={data} dispatch={dispatch} />
          <Divider />
          <PaymentSection state={state} lookups={data} dispatch={dispatch} />
          <Divider />
          <SaveBar
            state={state}
            staff={lookups.staff}
            reasons={reasons}
            failure={failure}
            countries={data.countries}
            dispatch={dispatch}
            onBack={() => go(1)}
            onSaved={(saved) => {
              setFailure(null);
              dispatch({ type: "reset" });
              const documents = saved.documentError ? ` The documents could not be opened: ${saved.documentError}` : "";
              result.show("Success", `${saved.message} Tracking number ${saved.trackingId}.${documents}`);
            }}
            onFailed={(message, noRate) => {
              setFailure(message);
              if (noRate) dispatch({ type: "noRate" });
              result.show("Error", SHIPMENT_MESSAGES.createFailed);
            }}
            payloadOf={() => toPayload(state, data.reference, lookups.staff)}
          />
        </Box>
      ) : null}
      <ConfirmDialog
        open={confirmStartOver}
        title="Start over?"
        message="Everything entered for this shipment is cleared."
        confirmLabel="Start over"
        confirmColor="warning"
        onConfirm={() => {
          setConfirmStartOver(false);
          setFailure(null);
          dispatch({ type: "reset" });
        }}
        onCancel={() => setConfirmStartOver(false)}
      />
      <ResultDialog {...result.dialogProps} />
    </Paper>
  );
}
