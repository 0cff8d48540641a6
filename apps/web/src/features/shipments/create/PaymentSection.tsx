import { SHIPMENT_MESSAGES } from "@cargodesk/shared";
import { Box, TextField, Typography } from "@mui/material";
import { companyToday } from "../../../lib/dates";
import type { SectionProps } from "./DetailSection";
import { RadioChoice, SelectInput, TextInput, YES_NO } from "./fields";

const grid = { display: "grid", columnGap: 2, rowGap: 1, gridTemplateColumns: { xs: "1fr", md: "1fr 1fr" } } as const;

/** Who pays duties and taxes, the delivery date, and the financial instrument with its rebate claim. */
export function PaymentSection({ state, lookups, dispatch }: SectionProps) {
  const today = companyToday();
  const past = state.deliveryDate !== "" && state.deliveryDate < today;
  const instrument = state.instrument === 1;
  return (
    <Box component="section" aria-label="Payment">
      <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
        Payment
      </Typography>
      <Box sx={grid}>
        <SelectInput
          label="Duties and taxes paid by"
          required
          value={state.taxType}
          choices={lookups.taxTypes.map((tax) => ({ value: tax.shipment_tax_id, label: tax.name }))}
          onChange={(taxType) => dispatch({ type: "set", values: { taxType } })}
        />
        <TextField
          label="Estimated delivery date"
          type="date"
          required
          value={state.deliveryDate}
          onChange={(event) => dispatch({ type: "set", values: { deliveryDate: event.target.value } })}
          error={past}
          helperText={past ? SHIPMENT_MESSAGES.deliveryDatePast : "Today or later"}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: today } }}
          fullWidth
        />
        <Box sx={{ gridColumn: "1 / -1" }}>
          <RadioChoice
            label="Financial instrument"
            required
            value={state.instrument}
            choices={YES_NO}
            onChange={(value) => dispatch({ type: "set", values: { instrument: value } })}
          />
        </Box>
        {instrument ? (
          <>
            <TextInput
              label="Financial instrument number"
              required
              maxLength={60}
              value={state.instrumentNo}
              onChange={(instrumentNo) => dispatch({ type: "set", values: { instrumentNo } })}
            />
            <TextInput
              label="Bank"
              required
              maxLength={100}
              value={state.instrumentBank}
              onChange={(instrumentBank) => dispatch({ type: "set", values: { instrumentBank } })}
            />
            <RadioChoice
              label="Rebate claim"
              value={state.rebate}
              choices={YES_NO}
              onChange={(rebate) => dispatch({ type: "set", values: { rebate } })}
            />
            {state.rebate === 1 ? (
              <TextInput
                label="SRO number"
                maxLength={60}
                value={state.sro}
                onChange={(sro) => dispatch({ type: "set", values: { sro } })}
              />
            ) : (
              <Box />
            )}
          </>
        ) : null}
      </Box>
    </Box>
  );
}
