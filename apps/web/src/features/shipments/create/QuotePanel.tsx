import {
  formatMinor,
  type ShipmentQuote,
  type ShipmentQuoteInput,
  shipmentQuoteAnswerSchema,
  VAT_PAID_SERVICE_ID,
} from "@cargodesk/shared";
import { Alert, Box, CircularProgress, Typography } from "@mui/material";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { type Dispatch, type ReactNode, useEffect } from "react";
import { apiRequest, errorMessage } from "../../../lib/api";
import { packageErrors } from "./draft";
import type { WizardAction, WizardState } from "./state";

/** What the charge depends on, once service, destination and every package's weight and sizes are known; else null. */
export function quoteInput(state: WizardState): ShipmentQuoteInput | null {
  if (state.serviceType === "" || !state.receiver.country_id) return null;
  if (state.serviceType === VAT_PAID_SERVICE_ID && state.type2 === "") return null;
  const complete = state.packages.every(
    (row) =>
      [row.weight, row.length, row.width, row.height].every((cell) => cell.trim() !== "") &&
      Object.keys(packageErrors(row)).length === 0,
  );
  if (!complete) return null;
  return {
    service_type_id: state.serviceType,
    type: state.serviceType === VAT_PAID_SERVICE_ID ? state.type2 || null : null,
    shipment_type: state.shipmentType,
    receiver_country_id: state.receiver.country_id,
    receiver_postal_code: state.receiver.postal_code.trim() || null,
    packages: state.packages.map(({ weight, length, width, height }) => ({ weight, length, width, height })),
  };
}

/** POST /api/shipment/quote for the wizard's current input (the same pricing as Save). */
export function useShipmentQuote(input: ShipmentQuoteInput | null) {
  return useQuery({
    queryKey: ["shipments", "quote", input],
    queryFn: ({ signal }) =>
      apiRequest("/shipment/quote", shipmentQuoteAnswerSchema, { method: "POST", body: input, signal }),
    enabled: input !== null,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

function breakdown(rate: NonNullable<ShipmentQuote["rate"]>, weight: number): string {
  const code = rate.currency.code;
  if (rate.rate_flat_minor !== null)
    return `${weight} kg chargeable · flat rate ${code} ${formatMinor(rate.rate_flat_minor)}`;
  const parts = [`${weight} kg chargeable`];
  if (rate.rate_first_kg_minor !== null) parts.push(`first kg ${code} ${formatMinor(rate.rate_first_kg_minor)}`);
  if (rate.rate_add_kg_minor !== null && weight > 1)
    parts.push(`${weight - 1} additional kg × ${code} ${formatMinor(rate.rate_add_kg_minor)}`);
  return parts.join(" · ");
}

export interface QuotePanelProps {
  state: WizardState;
  staff: boolean;
  dispatch: Dispatch<WizardAction>;
}

/**
 * The charge while booking: shown as soon as service, destination and weights are known; "no rate"
 * before Save (staff then type the amount, customers cannot book it).
 */
export function QuotePanel({ state, staff, dispatch }: QuotePanelProps) {
  const input = quoteInput(state);
  const quote = useShipmentQuote(input);
  const noRate = input !== null && quote.data !== undefined && !quote.isPlaceholderData && quote.data.rate === null;
  useEffect(() => {
    if (noRate && staff && !state.noRate) dispatch({ type: "noRate" });
  }, [noRate, staff, state.noRate, dispatch]);

  let body: ReactNode;
  if (input === null)
    body = (
      <Typography variant="body2" sx={{ color: "text.secondary" }}>
        The charge shows once the service, the destination and every package's weight and sizes are known.
      </Typography>
    );
  else if (quote.isError)
    body = <Alert severity="error">The charge could not be worked out: {errorMessage(quote.error)}</Alert>;
  else if (!quote.data)
    body = (
      <Typography variant="body2" sx={{ display: "flex", gap: 1, alignItems: "center" }}>
        <CircularProgress size={16} aria-hidden /> Working out the charge…
      </Typography>
    );
  else if (quote.data.rate === null)
    body = (
      <Alert severity="warning">
        No rate: {quote.data.message}.{" "}
        {staff ? "Enter the charge below to book it." : "Choose another service, or ask the office for a price."}
      </Alert>
    );
  else {
    const { rate } = quote.data;
    const base = rate.currency.code === "PKR" ? "" : ` (PKR ${formatMinor(rate.base_amount_minor)})`;
    body = (
      <Box sx={{ opacity: quote.isFetching ? 0.6 : 1 }}>
        <Typography variant="h6" component="p" data-testid="quote-amount">
          {rate.currency.code} {formatMinor(rate.amount_minor)}
          {base}
        </Typography>
        <Typography variant="body2" data-testid="quote-breakdown" sx={{ color: "text.secondary" }}>
          {breakdown(rate, quote.data.chargeable_weight)}
        </Typography>
      </Box>
    );
  }
  return (
    <Box component="section" aria-label="Charge" aria-live="polite" sx={{ display: "grid", gap: 0.5 }}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        Charge
      </Typography>
      {body}
    </Box>
  );
}

/** True when the quote for the current input says no rate applies (a customer cannot book then). */
export function useNoRate(state: WizardState): boolean {
  const input = quoteInput(state);
  const quote = useShipmentQuote(input);
  return input !== null && quote.data?.rate === null && !quote.isPlaceholderData;
}
