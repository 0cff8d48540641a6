import { RATE_MESSAGES, SHIPMENT_TYPES, VAT_PAID_SERVICE_ID, ZIP_PATTERN, ZIP_SERVICE_ID } from "@cargodesk/shared";
import CalculateIcon from "@mui/icons-material/Calculate";
import { Autocomplete, Box, Button, CircularProgress, MenuItem, TextField } from "@mui/material";
import { Controller, useForm, useWatch } from "react-hook-form";
import { type CountryOption, type QuoteBody, type ServiceOption, useCountryOptions, useServiceOptions } from "./api";
import { Type2Field } from "./Type2Field";

export type QuoteMode = "calculator" | "inquiry";

export interface QuoteFormValues {
  /** "ALL" or a service id. */
  service: string;
  type2: "" | "DHL" | "UPS";
  countryId: number;
  zip: string;
  weight: string;
  shipmentType: "Doc" | "Pack";
  date: string;
  profit: string;
}

const decimal = (value: string) => value.replace(/[^\d.]/g, "").replace(/(\..*)\./g, "$1");
const zipText = (value: string) => value.replace(/\s+/g, "").toUpperCase();

/** The request a filled form makes (the server checks it again). */
export function quoteBody(values: QuoteFormValues, mode: QuoteMode): QuoteBody {
  const service = values.service === "ALL" ? "ALL" : Number(values.service);
  const body: QuoteBody = {
    weight: Number(values.weight),
    service_type_id: service,
    shipment_type: values.shipmentType,
  };
  if (service !== ZIP_SERVICE_ID && values.countryId > 0) body.country_id = values.countryId;
  if (service === ZIP_SERVICE_ID && values.zip) body.zip = values.zip;
  if (service === VAT_PAID_SERVICE_ID && values.type2) body.type2 = values.type2;
  if (mode === "calculator" && values.date) body.date = values.date;
  if (mode === "inquiry" && values.profit) body.profit = Number(values.profit);
  return body;
}

interface QuoteFormProps {
  mode: QuoteMode;
  /** A public page reads the public lookups without a token. */
  publicPage: boolean;
  busy: boolean;
  onQuote: (body: QuoteBody, values: QuoteFormValues, countries: readonly CountryOption[]) => void;
}

/**
 * The quotation form of the calculator and the inquiry. Service 16 asks for a zip code instead of
 * a country; service 11 adds the DHL/UPS (VAT paid) choice. The calculator needs a weight (the
 * country is optional); the inquiry needs weight and profit of at least 1 and a destination.
 */
export function QuoteForm({ mode, publicPage, busy, onQuote }: QuoteFormProps) {
  const services = useServiceOptions(publicPage);
  const countries = useCountryOptions();
  const inquiry = mode === "inquiry";
  const form = useForm<QuoteFormValues>({
    defaultValues: {
      service: "ALL",
      type2: "",
      countryId: 0,
      zip: "",
      weight: "",
      shipmentType: "Pack",
      date: "",
      profit: "",
    },
    mode: "onTouched",
  });
  const service = useWatch({ control: form.control, name: "service" });
  const zipMode = service === String(ZIP_SERVICE_ID);
  const vatPaid = service === String(VAT_PAID_SERVICE_ID);
  const minWeight = inquiry ? 1 : 0;

  const onSubmit = form.handleSubmit((values) => onQuote(quoteBody(values, mode), values, countries.data ?? []));

  return (
    <Box
      component="form"
      noValidate
      onSubmit={onSubmit}
      aria-label={inquiry ? "Rate inquiry" : "Calculate rates"}
      sx={{ display: "grid", columnGap: 2, rowGap: 1, gridTemplateColumns: { xs: "1fr", md: "1fr 1fr" } }}
    >
      <Controller
        control={form.control}
        name="service"
        render={({ field: { ref, ...field } }) => (
          <TextField
            {...field}
            inputRef={ref}
            select
            label="Service"
            required
            disabled={busy}
            helperText={services.error ? "Could not load the services" : "All services, or one"}
            error={Boolean(services.error)}
          >
            <MenuItem value="ALL">All services</MenuItem>
            {(services.data ?? []).map((option: ServiceOption) => (
              <MenuItem key={option.service_type_id} value={String(option.service_type_id)}>
                {option.name}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <Controller
        control={form.control}
        name="weight"
        rules={{
          validate: (value) => {
            const weight = Number(value);
            if (value === "" || !Number.isFinite(weight))
              return inquiry ? RATE_MESSAGES.weightMin1 : RATE_MESSAGES.weight;
            if (inquiry ? weight < minWeight : weight <= 0)
              return inquiry ? RATE_MESSAGES.weightMin1 : RATE_MESSAGES.weight;
            return weight <= 100_000 || RATE_MESSAGES.weightMax;
          },
        }}
        render={({ field: { ref, onChange, ...field }, fieldState }) => (
          <TextField
            {...field}
            inputRef={ref}
            onChange={(event) => onChange(decimal(event.target.value))}
            label="Weight (kg)"
            required
            disabled={busy}
            autoComplete="off"
            slotProps={{ htmlInput: { inputMode: "decimal" } }}
            error={fieldState.error !== undefined}
            helperText={fieldState.error?.message ?? (inquiry ? "At least 1 kg" : "As weighed, in kg")}
          />
        )}
      />
      {zipMode ? (
        <Controller
          control={form.control}
          name="zip"
          rules={{
            validate: (value) =>
              value === "" ? !inquiry || RATE_MESSAGES.zip : ZIP_PATTERN.test(value) || RATE_MESSAGES.zipFormat,
          }}
          render={({ field: { ref, onChange, ...field }, fieldState }) => (
            <TextField
              {...field}
              inputRef={ref}
              onChange={(event) => onChange(zipText(event.target.value))}
              label="Zip Code"
              required={inquiry}
              disabled={busy}
              autoComplete="postal-code"
              slotProps={{ htmlInput: { maxLength: 12 } }}
              error={fieldState.error !== undefined}
              helperText={
                fieldState.error?.message ?? (inquiry ? " " : "Optional: without it every zip area is listed")
              }
            />
          )}
        />
      ) : (
        <Controller
          control={form.control}
          name="countryId"
          rules={{ validate: (value) => !inquiry || value > 0 || RATE_MESSAGES.country }}
          render={({ field: { ref, value, onChange, onBlur }, fieldState }) => (
            <Autocomplete
              options={countries.data ?? []}
              loading={countries.isPending}
              disabled={busy}
              value={(countries.data ?? []).find((country) => country.country_id === value) ?? null}
              onChange={(_, country) => onChange(country?.country_id ?? 0)}
              onBlur={onBlur}
              getOptionLabel={(country) => country.name}
              isOptionEqualToValue={(option, chosen) => option.country_id === chosen.country_id}
              renderInput={(params) => (
                <TextField
                  {...params}
                  inputRef={ref}
                  label="Country"
                  required={inquiry}
                  error={fieldState.error !== undefined}
                  helperText={
                    fieldState.error?.message ?? (inquiry ? " " : "Optional: without it every destination is listed")
                  }
                />
              )}
            />
          )}
        />
      )}
      <Controller
        control={form.control}
        name="shipmentType"
        render={({ field: { ref, ...field } }) => (
          <TextField {...field} inputRef={ref} select label="Shipment Type" required disabled={busy} helperText=" ">
            {SHIPMENT_TYPES.map((type) => (
              <MenuItem key={type} value={type}>
                {type}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      {vatPaid ? <Type2Field control={form.control} name="type2" disabled={busy} /> : null}
      {inquiry ? (
        <Controller
          control={form.control}
          name="profit"
          rules={{ validate: (value) => value === "" || Number(value) >= 1 || RATE_MESSAGES.profit }}
          render={({ field: { ref, onChange, ...field }, fieldState }) => (
            <TextField
              {...field}
              inputRef={ref}
              onChange={(event) => onChange(decimal(event.target.value))}
              label="Profit (%)"
              disabled={busy}
              autoComplete="off"
              slotProps={{ htmlInput: { inputMode: "decimal" } }}
              error={fieldState.error !== undefined}
              helperText={fieldState.error?.message ?? "At least 1; rate + profit rounded up to a whole unit"}
            />
          )}
        />
      ) : (
        <Controller
          control={form.control}
          name="date"
          render={({ field: { ref, ...field } }) => (
            <TextField
              {...field}
              inputRef={ref}
              type="date"
              label="Date"
              disabled={busy}
              slotProps={{ inputLabel: { shrink: true } }}
              helperText="Rates in force on this day; empty for today"
            />
          )}
        />
      )}
      <Box sx={{ gridColumn: "1 / -1", mt: 1 }}>
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={busy}
          startIcon={busy ? <CircularProgress size={18} color="inherit" aria-hidden /> : <CalculateIcon />}
        >
          {inquiry ? "Get Rates" : "Calculate"}
        </Button>
      </Box>
    </Box>
  );
}
