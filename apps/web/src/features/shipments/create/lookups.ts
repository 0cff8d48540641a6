import {
  type DashboardCustomer,
  dashboardCustomerSchema,
  isStaffRole,
  masterPageSchema,
  type ServiceTypeRow,
  type ShipmentPurposeRow,
  type ShipmentTaxTypeRow,
  serviceTypeRowSchema,
  shipmentPurposeRowSchema,
  shipmentTaxTypeRowSchema,
  unitRowSchema,
  userSchema,
} from "@cargodesk/shared";
import { useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { ApiError, api } from "../../../lib/api";
import { useSession } from "../../../lib/session";
import {
  type CountryRow,
  type CurrencyRow,
  currencyRowSchema,
  fetchEveryRow,
  MASTER_PATHS,
  masterKeys,
  type ReceiverRow,
  receiverRowSchema,
  type SenderRow,
  senderRowSchema,
  usePickerCountries,
} from "../../master-data/api";
import { userKeys } from "../../users/api";

export type Purpose = ShipmentPurposeRow;
export type TaxType = ShipmentTaxTypeRow;
export type ServiceType = ServiceTypeRow;
export type Unit = z.infer<typeof unitRowSchema>;

export interface Customer {
  id: number;
  label: string;
}

const lookupKeys = {
  all: ["shipment-create"] as const,
  one: (name: string) => [...lookupKeys.all, name] as const,
};

/**
 * The address book for From Contact. A user without the Sender (or Receiver) View permission may
 * still book by typing the party in: the list is then empty rather than an error.
 */
async function addressBook<S extends z.ZodType>(path: "/sender" | "/receiver", row: S, signal: AbortSignal) {
  try {
    return await fetchEveryRow(path, row, "", signal);
  } catch (error) {
    if (error instanceof ApiError && error.status === 403) return [];
    throw error;
  }
}

const list = <S extends z.ZodType>(name: string, path: string, row: S) =>
  ({
    queryKey: lookupKeys.one(name),
    queryFn: ({ signal }: { signal: AbortSignal }) => api.get(path, z.array(row), signal),
    // Opening the page loads the lookups afresh (the spec's reset on opening).
    staleTime: 0,
  }) as const;

/** Approved customers (roles 2 and 3, status 2), for staff to book on behalf of. */
function customersOf(rows: DashboardCustomer[]): Customer[] {
  return rows
    .filter((customer) => customer.approved)
    .map((customer) => ({ id: customer.id, label: [customer.name, customer.email].filter(Boolean).join(" · ") }));
}

export interface WizardLookups {
  senders: SenderRow[];
  receivers: ReceiverRow[];
  countries: CountryRow[];
  purposes: Purpose[];
  currencies: CurrencyRow[];
  taxTypes: TaxType[];
  serviceTypes: ServiceType[];
  units: Unit[];
  customers: Customer[];
  /** False when the signed-in staff member may not list customers. */
  customersListed: boolean;
  /** The read-only reference: the signed-in user's first name, last name and company. */
  reference: string;
}

/** The eight lookups the spec loads on opening, plus the customers (staff) and the reference. */
export function useWizardLookups() {
  const session = useSession();
  const staff = session?.userType !== null && session?.userType !== undefined && isStaffRole(session.userType);
  const userId = session?.userId ?? null;
  const senders = useQuery({
    queryKey: [...masterKeys.path(MASTER_PATHS.sender), "wizard"],
    queryFn: ({ signal }) => addressBook(MASTER_PATHS.sender, senderRowSchema, signal),
    staleTime: 0,
  });
  const receivers = useQuery({
    queryKey: [...masterKeys.path(MASTER_PATHS.receiver), "wizard"],
    queryFn: ({ signal }) => addressBook(MASTER_PATHS.receiver, receiverRowSchema, signal),
    staleTime: 0,
  });
  // The public country list: customers hold no Country View, and the rows are the same.
  const countries = usePickerCountries();
  const purposes = useQuery(list("purposes", "/shipment/shipment_purpose", shipmentPurposeRowSchema));
  const currencies = useQuery({
    queryKey: lookupKeys.one("currencies"),
    queryFn: ({ signal }) => api.get("/currency?size=1000&page=1", masterPageSchema(currencyRowSchema), signal),
    staleTime: 0,
  });
  const taxTypes = useQuery(list("tax-types", "/shipment/shipment_tax_type", shipmentTaxTypeRowSchema));
  const serviceTypes = useQuery(list("service-types", "/service_type", serviceTypeRowSchema));
  const units = useQuery(list("units", "/uom", unitRowSchema));
  const customers = useQuery({
    queryKey: [...userKeys.list(), "customers"],
    // Staff holding Shipment Add (or Dashboard View) may list customers; others are told so at the picker.
    queryFn: async ({ signal }) => {
      try {
        return await api.get("/cargo_accounts/dashboard_customers", z.array(dashboardCustomerSchema), signal);
      } catch (error) {
        if (error instanceof ApiError && error.status === 403) return null;
        throw error;
      }
    },
    enabled: staff,
    staleTime: 0,
  });
  const me = useQuery({
    queryKey: userKeys.detail(userId ?? 0),
    queryFn: ({ signal }) => api.get(`/user_cargo/${userId}`, userSchema, signal),
    enabled: userId !== null,
  });

  const queries: {
    isError: boolean;
    isPending: boolean;
    fetchStatus: string;
    error: Error | null;
    refetch: () => unknown;
  }[] = [senders, receivers, countries, purposes, currencies, taxTypes, serviceTypes, units, me];
  if (staff) queries.push(customers);
  const failed = queries.find((query) => query.isError);
  const loading = queries.some((query) => query.isPending && query.fetchStatus !== "idle");
  const retry = () => {
    for (const query of queries) if (query.isError) void query.refetch();
  };

  const user = me.data;
  const data: WizardLookups = {
    senders: senders.data ?? [],
    receivers: receivers.data ?? [],
    countries: countries.data ?? [],
    purposes: purposes.data ?? [],
    currencies: currencies.data?.data ?? [],
    taxTypes: taxTypes.data ?? [],
    serviceTypes: (serviceTypes.data ?? []).filter((service) => service.active !== false),
    units: units.data ?? [],
    customers: customersOf(customers.data ?? []),
    customersListed: customers.data !== null,
    reference: [user?.firstName, user?.lastName, user?.companyName].filter(Boolean).join(" ").trim(),
  };
  return { staff, loading, error: failed?.error ?? null, retry, data };
}
