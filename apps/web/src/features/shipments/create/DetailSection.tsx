import { SHIPMENT_MESSAGES, VAT_PAID_SERVICE_ID } from "@cargodesk/shared";
import { Box, TextField, Typography } from "@mui/material";
import type { Dispatch } from "react";
import { RadioChoice, SelectInput, TextInput } from "./fields";
import { ItemRows } from "./ItemRows";
import type { WizardLookups } from "./lookups";
import type { WizardAction, WizardState } from "./state";

const grid = { display: "grid", columnGap: 2, rowGap: 0.5, gridTemplateColumns: { xs: "1fr", md: "1fr 1fr" } } as const;

export interface SectionProps {
  state: WizardState;
  lookups: WizardLookups;
  dispatch: Dispatch<WizardAction>;
}

/** Service type (with the DHL/UPS choice for service 11) and the invoice type. */
export function ServiceSection({ state, lookups, dispatch }: SectionProps) {
  return (
    <Box component="section" aria-label="Service">
      <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
        Service
      </Typography>
      <Box sx={grid}>
        <SelectInput
          label="Service type"
          required
          value={state.serviceType}
          choices={lookups.serviceTypes.map((service) => ({ value: service.service_type_id, label: service.name }))}
          onChange={(serviceType) =>
            dispatch({
              type: "set",
              values: { serviceType, type2: serviceType === VAT_PAID_SERVICE_ID ? state.type2 : "" },
            })
          }
        />
        {state.serviceType === VAT_PAID_SERVICE_ID ? (
          <SelectInput
            label="DHL or UPS (VAT paid)"
            required
            value={state.type2}
            choices={[
              { value: "DHL", label: "DHL" },
              { value: "UPS", label: "UPS" },
            ]}
            hint={state.type2 === "" ? SHIPMENT_MESSAGES.type2 : undefined}
            onChange={(type2) => dispatch({ type: "set", values: { type2 } })}
          />
        ) : (
          <Box />
        )}
        <RadioChoice
          label="Invoice type"
          required
          value={state.invoiceType}
          choices={[
            { value: 1, label: "Custom invoice" },
            { value: 0, label: "Own invoice" },
          ]}
          onChange={(invoiceType) => dispatch({ type: "set", values: { invoiceType } })}
        />
      </Box>
    </Box>
  );
}

/** DOCUMENT (a description) or PACKAGES (a purpose and item rows), and the read-only reference. */
export function DetailSection({ state, lookups, dispatch }: SectionProps) {
  const pack = state.shipmentType === "Pack";
  return (
    <Box component="section" aria-label="Shipment detail">
      <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
        Shipment detail
      </Typography>
      <RadioChoice
        label="Shipment type"
        required
        value={state.shipmentType}
        choices={[
          { value: "Doc", label: "DOCUMENT" },
          { value: "Pack", label: "PACKAGES" },
        ]}
        onChange={(value) => dispatch({ type: "shipmentType", value })}
      />
      <Box sx={{ ...grid, mt: 2 }}>
        {pack ? (
          <SelectInput
            label="Purpose"
            required
            value={state.purpose || ""}
            choices={lookups.purposes.map((purpose) => ({
              value: purpose.shipment_purpose_id,
              label: purpose.purpose,
            }))}
            hint={state.purpose ? undefined : SHIPMENT_MESSAGES.purpose}
            onChange={(purpose) => dispatch({ type: "set", values: { purpose } })}
          />
        ) : (
          <TextInput
            label="Document description"
            required
            maxLength={500}
            value={state.description}
            hint={state.description.trim() === "" ? SHIPMENT_MESSAGES.description : undefined}
            onChange={(description) => dispatch({ type: "set", values: { description } })}
          />
        )}
        <TextField
          label="Reference"
          value={lookups.reference}
          helperText="Your first name, last name and company"
          slotProps={{ htmlInput: { readOnly: true } }}
          fullWidth
        />
      </Box>
      {pack ? (
        <ItemRows
          lines={state.lines}
          units={lookups.units}
          currencies={lookups.currencies}
          countries={lookups.countries}
          dispatch={dispatch}
        />
      ) : null}
    </Box>
  );
}
