import { SHIPMENT_MESSAGES } from "@cargodesk/shared";
import DeleteSweepIcon from "@mui/icons-material/DeleteSweep";
import { Alert, Box, Button, Divider, Paper, Step, StepLabel, Stepper } from "@mui/material";
import { useCallback, useEffect, useRef, useState } from "react";
import { z } from "zod";
import { ConfirmDialog } from "../../../components/ConfirmDialog";
import { LeaveGuardDialog } from "../../../components/LeaveGuardDialog";
import { PageLoader } from "../../../components/PageLoader";
import { errorMessage } from "../../../lib/api";
import { useDraft, useLeaveGuard } from "../../../lib/drafts";
import { BookedPanel } from "./BookedPanel";
import { CustomerPicker } from "./CustomerPicker";
import { DetailSection, ServiceSection } from "./DetailSection";
import { saveReasons, toPayload } from "./draft";
import { useWizardLookups } from "./lookups";
import { PackagingSection } from "./PackagingSection";
import { PartyStep } from "./PartyStep";
import { PaymentSection } from "./PaymentSection";
import { QuotePanel, useNoRate } from "./QuotePanel";
import { wizardReducer } from "./reducer";
import { SaveBar } from "./SaveBar";
import { initialWizard, WIZARD_STEPS, type WizardAction, type WizardState } from "./state";
import type { SavedShipment } from "./useSaveShipment";

/** A restored draft must at least look like the wizard's state (it may come from an older version). */
const draftSchema = z.custom<WizardState>(
  (value) =>
    typeof value === "object" &&
    value !== null &&
    "step" in value &&
    "sender" in value &&
    "receiver" in value &&
    Array.isArray((value as { packages?: unknown }).packages),
);

const EMPTY = initialWizard();

/** Moves focus to the first field of the step just shown, so the keyboard carries on where the eye goes. */
function focusFirstField(container: HTMLElement | null) {
  const field = container?.querySelector<HTMLElement>(
    "input:not([disabled]):not([type=hidden]):not([type=radio]), input[type=radio]:checked, textarea:not([disabled])",
  );
  field?.focus();
}

/**
 * Create shipment: Select Sender, Select Receiver, then the package step (packaging, service,
 * detail, payment, the charge) and Save. What is typed is the user's draft until it is booked or
 * discarded, so a sidebar click or a reload loses nothing; leaving with it asks first.
 */
export default function CreateShipmentPage() {
  const lookups = useWizardLookups();
  const [state, setState, clearDraft] = useDraft<WizardState>("shipment-create", EMPTY, { schema: draftSchema });
  const dispatch = useCallback(
    (action: WizardAction) => setState((current) => wizardReducer(current, action)),
    [setState],
  );
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [saved, setSaved] = useState<SavedShipment | null>(null);
  const dirty = JSON.stringify(state) !== JSON.stringify(EMPTY);
  const guard = useLeaveGuard(dirty);
  const noRate = useNoRate(state);
  const stepArea = useRef<HTMLDivElement>(null);
  const shownStep = useRef(state.step);

  useEffect(() => {
    // Only a step change moves focus, not the first render or a restored draft.
    if (shownStep.current === state.step) return;
    shownStep.current = state.step;
    focusFirstField(stepArea.current);
  }, [state.step]);

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
  if (saved)
    return (
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 1180 }}>
        <BookedPanel
          saved={saved}
          staff={lookups.staff}
          onBookAnother={(sameCustomer) => {
            const customerId = sameCustomer ? saved.customerUserId : null;
            setSaved(null);
            clearDraft();
            if (customerId !== null) dispatch({ type: "set", values: { customerId } });
          }}
        />
      </Paper>
    );

  const iso2Of = (id: number) => data.countries.find((country) => country.country_id === id)?.iso2;
  const reasons = saveReasons(state, { iso2Of, staff: lookups.staff });
  if (!lookups.staff && noRate) reasons.push("a rate for this service, destination and weight");
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
        <Button startIcon={<DeleteSweepIcon />} disabled={!dirty} onClick={() => setConfirmDiscard(true)}>
          Discard draft
        </Button>
      </Box>
      <Divider sx={{ my: 2 }} />
      <Box ref={stepArea}>
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
            <QuotePanel state={state} staff={lookups.staff} dispatch={dispatch} />
            <Divider />
            <SaveBar
              state={state}
              staff={lookups.staff}
              reasons={reasons}
              failure={failure}
              countries={data.countries}
              dispatch={dispatch}
              onBack={() => go(1)}
              onSaved={(booked) => {
                setFailure(null);
                clearDraft();
                setSaved(booked);
              }}
              onFailed={(message, noRateAnswer) => {
                setFailure(message);
                if (noRateAnswer) dispatch({ type: "noRate" });
              }}
              payloadOf={() => toPayload(state, data.reference, lookups.staff)}
            />
          </Box>
        ) : null}
      </Box>
      <ConfirmDialog
        open={confirmDiscard}
        title="Discard this draft?"
        message="Everything entered for this shipment is cleared."
        confirmLabel="Discard draft"
        confirmColor="warning"
        onConfirm={() => {
          setConfirmDiscard(false);
          setFailure(null);
          clearDraft();
        }}
        onCancel={() => setConfirmDiscard(false)}
      />
      <LeaveGuardDialog
        guard={guard}
        message="This shipment is not booked yet. It stays as your draft and opens again on Create shipment."
      />
    </Paper>
  );
}
