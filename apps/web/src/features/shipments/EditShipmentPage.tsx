import { SHIPMENT_MESSAGES } from "@cargodesk/shared";
import ArrowBackIcon from "@mui/icons-material/ArrowBack";
import VisibilityIcon from "@mui/icons-material/Visibility";
import { Alert, Box, Button, Typography } from "@mui/material";
import { useMemo, useState } from "react";
import { type FieldPath, useForm } from "react-hook-form";
import { Link as RouterLink } from "react-router";
import { EmptyState } from "../../components/EmptyState";
import { SaveButton } from "../../components/FormCard";
import { PageLoader } from "../../components/PageLoader";
import { ResultDialog, useResultDialog } from "../../components/ResultDialog";
import { TypedField } from "../../components/TypedField";
import { ApiError, errorMessage } from "../../lib/api";
import { useUpdateShipment } from "./api";
import { lockedForCustomer, useIsCustomer } from "./customer-edit";
import { DetailFields, PaymentFields, TypeToggle } from "./EditDetailFields";
import { EditLines } from "./EditLines";
import { EditPackages } from "./EditPackages";
import { PartyFields } from "./EditParties";
import { checkPayload, type EditForm, editBlockers, formOf, formPathOf, payloadOf } from "./edit-form";
import { useEditLookups } from "./lookups";
import { SHIPMENT_ROUTES, viewPath } from "./paths";
import { ShipmentRecord } from "./ShipmentRecord";
import type { ShipmentDetail } from "./schemas";
import { Section } from "./ViewSections";

function EditShipmentForm({ shipment }: { shipment: ShipmentDetail }) {
  const lookups = useEditLookups();
  const customer = useIsCustomer();
  const locked = lockedForCustomer(customer, shipment);
  const update = useUpdateShipment();
  const result = useResultDialog();
  const initial = useMemo(() => formOf(shipment), [shipment]);
  const storedDate = initial.expected_delivery_date;
  // A manually charged shipment keeps its amount field; one re-rated without a rate asks for it.
  const [needAmount, setNeedAmount] = useState(!customer && shipment.rate_manual === 1);
  const { control, handleSubmit, setValue, getValues, setError, clearErrors, watch } = useForm<EditForm>({
    defaultValues: initial,
  });
  const values = watch();
  const blockers = editBlockers(values, storedDate);

  const options = useMemo(
    () => ({
      services: lookups.services.map((row) => ({ value: String(row.service_type_id), label: row.name })),
      purposes: lookups.purposes.map((row) => ({ value: String(row.shipment_purpose_id), label: row.purpose })),
      taxTypes: lookups.taxTypes.map((row) => ({ value: String(row.shipment_tax_id), label: row.name })),
      units: lookups.units.map((row) => ({ value: String(row.uomId), label: row.uomName })),
      currencies: lookups.currencies.map((row) => ({ value: String(row.id), label: row.code, code: row.code })),
    }),
    [lookups.services, lookups.purposes, lookups.taxTypes, lookups.units, lookups.currencies],
  );

  const onSubmit = handleSubmit((form) => {
    clearErrors();
    const body = payloadOf(form, initial, needAmount);
    const issues = checkPayload(body);
    if (issues.length > 0) {
      for (const issue of issues)
        setError(issue.path as FieldPath<EditForm>, { type: "schema", message: issue.message });
      result.show("Error", issues.map((issue) => issue.message).join(". "));
      return;
    }
    update.mutate(
      { id: shipment.shipment_id, body },
      {
        onSuccess: (answer) => result.show("Success", answer.message),
        onError: (error) => {
          if (error instanceof ApiError) {
            if (!customer && error.fieldIssues.some((issue) => issue.field === "amount")) setNeedAmount(true);
            for (const issue of error.fieldIssues) {
              setError(formPathOf(issue.field.split(".")) as FieldPath<EditForm>, {
                type: "server",
                message: issue.message,
              });
            }
          }
          result.show("Error", errorMessage(error));
        },
      },
    );
  });

  if (lookups.pending) return <PageLoader label="Loading the lists" />;
  if (lookups.error) {
    return (
      <EmptyState
        title="The lists this form needs could not be loaded."
        description={errorMessage(lookups.error)}
        action={
          <Button variant="outlined" onClick={lookups.retry}>
            Retry
          </Button>
        }
      />
    );
  }

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label="Edit Shipment" sx={{ display: "grid", gap: 2 }}>
      <Box sx={{ display: "flex", flexWrap: "wrap", gap: 2, alignItems: "center" }}>
        <Typography variant="h6" component="h2" sx={{ mr: "auto" }}>
          {shipment.tracking_id}
        </Typography>
        <TypeToggle control={control} setValue={setValue} getValues={getValues} />
      </Box>
      <Section title="Sender">
        <PartyFields control={control} side="sender" countries={lookups.countries} />
      </Section>
      <Section title="Receiver">
        <PartyFields control={control} side="receiver" countries={lookups.countries} />
      </Section>
      <Section title="Detail">
        <DetailFields control={control} storedDate={storedDate} {...options} />
      </Section>
      {values.shipment_type === "Pack" ? (
        <Section title="Items">
          <EditLines
            control={control}
            setValue={setValue}
            units={options.units}
            currencies={options.currencies}
            countries={lookups.countries}
          />
        </Section>
      ) : null}
      <Section title="Packages">
        <EditPackages control={control} />
      </Section>
      <Section title="Payment">
        <PaymentFields control={control} />
        {needAmount ? (
          <Box sx={{ maxWidth: 360, mt: 1 }}>
            <TypedField
              control={control}
              name="amount"
              label="Amount (PKR)"
              mode="decimal"
              hint="No rate sheet covers this shipment: enter its charge"
            />
          </Box>
        ) : null}
      </Section>
      {locked ? (
        <Alert severity="warning">{SHIPMENT_MESSAGES.postedCustomerEdit}</Alert>
      ) : blockers.length > 0 ? (
        <Alert severity="info">Save needs: {blockers.join(", ")}.</Alert>
      ) : null}
      <Box sx={{ display: "flex", flexWrap: "wrap", gap: 1.5, alignItems: "center" }}>
        <SaveButton disabled={locked || blockers.length > 0} busy={update.isPending} />
        <Button component={RouterLink} to={viewPath(shipment.shipment_id)} startIcon={<VisibilityIcon />}>
          View Shipment
        </Button>
        <Button component={RouterLink} to={SHIPMENT_ROUTES.list} startIcon={<ArrowBackIcon />}>
          Back to Shipment Details
        </Button>
      </Box>
      <ResultDialog {...result.dialogProps} />
    </Box>
  );
}

/** The edit form of the shipment named by `?id=N`, under `route`. */
export function EditShipmentScreen({ route }: { route: string }) {
  return (
    <ShipmentRecord route={route} purpose="edit">
      {/* Keyed by id: another shipment gets a fresh form (a refetch after saving does not reset the fields). */}
      {(shipment, id) => <EditShipmentForm key={id} shipment={shipment} />}
    </ShipmentRecord>
  );
}

/** Edit Shipment, opened as `?id=N` from Edit on the Shipment Details row menu. */
export default function EditShipmentPage() {
  return <EditShipmentScreen route={SHIPMENT_ROUTES.edit} />;
}
