import {
  masterPageSchema,
  serviceTypeRowSchema,
  shipmentPurposeRowSchema,
  shipmentTaxTypeRowSchema,
  unitRowSchema,
} from "@cargodesk/shared";
import { useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { api } from "../../lib/api";
import { currencyRowSchema, usePickerCountries } from "../master-data/api";

/** The small lists the edit form chooses from; they change rarely, so they are kept for a while. */
const LOOKUP_STALE_MS = 5 * 60_000;

const currencyPageSchema = masterPageSchema(currencyRowSchema);

const lookup = <S extends z.ZodType>(name: string, path: string, schema: S) => ({
  queryKey: ["shipment-lookups", name] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => api.get(path, schema, signal),
  staleTime: LOOKUP_STALE_MS,
});

export const useServiceTypes = () => useQuery(lookup("service-types", "/service_type", z.array(serviceTypeRowSchema)));
export const usePurposes = () =>
  useQuery(lookup("purposes", "/shipment/shipment_purpose", z.array(shipmentPurposeRowSchema)));
export const useTaxTypes = () =>
  useQuery(lookup("tax-types", "/shipment/shipment_tax_type", z.array(shipmentTaxTypeRowSchema)));
export const useUnits = () => useQuery(lookup("uom", "/uom", z.array(unitRowSchema)));
/** The spec's currency lookup: `GET /currency?size=1000&page=1`. */
export const useCurrencyOptions = () =>
  useQuery({
    ...lookup("currencies", "/currency?size=1000&page=1", currencyPageSchema),
    select: (answer: z.infer<typeof currencyPageSchema>) => answer.data,
  });

/** Every lookup of the edit form, with one loading flag and the first error. */
export function useEditLookups() {
  const services = useServiceTypes();
  const purposes = usePurposes();
  const taxTypes = useTaxTypes();
  const units = useUnits();
  const currencies = useCurrencyOptions();
  const countries = usePickerCountries();
  const all = [services, purposes, taxTypes, units, currencies, countries];
  return {
    pending: all.some((query) => query.isPending),
    error: all.find((query) => query.error)?.error ?? null,
    retry: () => {
      for (const query of all) if (query.error) void query.refetch();
    },
    services: services.data ?? [],
    purposes: purposes.data ?? [],
    taxTypes: taxTypes.data ?? [],
    units: units.data ?? [],
    currencies: currencies.data ?? [],
    countries: countries.data ?? [],
  };
}
