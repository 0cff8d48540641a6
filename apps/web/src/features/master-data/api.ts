import {
  type CountryRow,
  type CurrencyRow,
  countryRowSchema,
  currencyRowSchema,
  masterPageSchema,
  masterSavedSchema,
  messageAnswerSchema,
  type PackageRow,
  packageRowSchema,
  type ReceiverRow,
  receiverRowSchema,
  type SenderRow,
  type ServiceRow,
  senderRowSchema,
  serviceRowSchema,
} from "@cargodesk/shared";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { api, apiRequest } from "../../lib/api";
import { invalidateAfter } from "../../lib/invalidation";

/** The spec: update and delete actions on the master tables take effect after 600 ms (the row fades meanwhile). */
export const TABLE_ACTION_DELAY_MS = 600;
/** The most rows one list call may ask for (the server's listQuerySchema). */
const EXPORT_PAGE_SIZE = 1000;

const pause = (ms: number) => new Promise<void>((resolve) => window.setTimeout(resolve, ms));

export type { CountryRow, CurrencyRow, PackageRow, ReceiverRow, SenderRow, ServiceRow };
export { countryRowSchema, currencyRowSchema, packageRowSchema, receiverRowSchema, senderRowSchema, serviceRowSchema };

export type PartyRow = SenderRow | ReceiverRow;
export const partyId = (row: PartyRow): number => ("sender_id" in row ? row.sender_id : row.receiver_id);

// ---- The kinds ------------------------------------------------------------------------------------

/** The REST collections this feature keeps, as `/api{path}`. */
export const MASTER_PATHS = {
  sender: "/sender",
  receiver: "/receiver",
  country: "/country",
  package: "/package",
  service: "/cargo_company",
  currency: "/currency",
} as const;
export type MasterPath = (typeof MASTER_PATHS)[keyof typeof MASTER_PATHS];

export type PartyKind = "sender" | "receiver";
export const PARTY_ROW_SCHEMAS = { sender: senderRowSchema, receiver: receiverRowSchema } as const;

export const masterKeys = {
  all: ["master-data"] as const,
  path: (path: MasterPath) => [...masterKeys.all, path] as const,
  page: (path: MasterPath, params: PageParams) => [...masterKeys.path(path), "page", params] as const,
  every: (path: MasterPath) => [...masterKeys.path(path), "every"] as const,
  one: (path: MasterPath, id: number) => [...masterKeys.path(path), "one", id] as const,
  /** The public country list the pickers use. */
  pickerCountries: () => [...masterKeys.all, "picker-countries"] as const,
};

export interface PageParams {
  /** 1-based, as the server counts. */
  page: number;
  size: number;
  search: string;
}

const listUrl = (path: MasterPath, { page, size, search }: PageParams) => {
  const query = new URLSearchParams({ size: String(size), page: String(page) });
  if (search.trim() !== "") query.set("search", search.trim());
  return `${path}?${query}`;
};

/** Every row of a paged collection (for a search, when given), fetched 1000 at a time. */
export async function fetchEveryRow<S extends z.ZodType>(
  path: MasterPath,
  row: S,
  search = "",
  signal?: AbortSignal,
): Promise<z.output<S>[]> {
  const rows: z.output<S>[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await api.get(
      listUrl(path, { page, size: EXPORT_PAGE_SIZE, search }),
      masterPageSchema(row),
      signal,
    );
    rows.push(...answer.data);
    if (answer.data.length < EXPORT_PAGE_SIZE || rows.length >= answer.total_results) return rows;
  }
}

// ---- Queries --------------------------------------------------------------------------------------

/** One server page of senders or receivers; the previous page stays on show while the next loads. */
export function usePartyPage(kind: PartyKind, params: PageParams) {
  const path = MASTER_PATHS[kind];
  return useQuery({
    queryKey: masterKeys.page(path, params),
    queryFn: ({ signal }): Promise<{ data: PartyRow[]; page: number; total_results: number }> =>
      api.get(listUrl(path, params), masterPageSchema(PARTY_ROW_SCHEMAS[kind]), signal),
    placeholderData: keepPreviousData,
  });
}

export function useParty(kind: PartyKind, id: number | null) {
  const path = MASTER_PATHS[kind];
  return useQuery({
    queryKey: masterKeys.one(path, id ?? 0),
    queryFn: ({ signal }): Promise<PartyRow> => api.get(`${path}/${id}`, PARTY_ROW_SCHEMAS[kind], signal),
    enabled: id !== null,
  });
}

/** The countries for the pickers: the public list, which every signed-in user may read. */
export function usePickerCountries() {
  return useQuery({
    queryKey: masterKeys.pickerCountries(),
    queryFn: ({ signal }) => api.get("/country/get_country", z.array(countryRowSchema), signal),
    staleTime: 5 * 60_000,
  });
}

/** The Country Details list: `GET /api/country` answers every country as a plain array. */
export function useCountries() {
  return useQuery({
    queryKey: masterKeys.every(MASTER_PATHS.country),
    queryFn: ({ signal }) => api.get(MASTER_PATHS.country, z.array(countryRowSchema), signal),
  });
}

/** Packages, services and currencies are short lookups: the table holds all of them and pages locally. */
function useEveryRow<S extends z.ZodType>(path: MasterPath, row: S) {
  return useQuery({
    queryKey: masterKeys.every(path),
    queryFn: ({ signal }) => fetchEveryRow(path, row, "", signal),
  });
}

export const usePackages = () => useEveryRow(MASTER_PATHS.package, packageRowSchema);
export const useServices = () => useEveryRow(MASTER_PATHS.service, serviceRowSchema);
export const useCurrencies = () => useEveryRow(MASTER_PATHS.currency, currencyRowSchema);

// ---- Changes --------------------------------------------------------------------------------------

function useInvalidate() {
  const client = useQueryClient();
  // A country's name and code also show in the pickers, a service or package in the shipment form's.
  return () => invalidateAfter(client, "masterDataChanged");
}

/** POST: answers the server's message and the stored row. */
export function useCreate<S extends z.ZodType>(path: MasterPath, row: S) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: object) => apiRequest(path, masterSavedSchema(row), { method: "POST", body }),
    onSuccess: () => invalidate(),
  });
}

export interface UpdateVariables {
  id: number;
  body: object;
}

/**
 * PUT. `delayed` is for the tables, where the spec lets an update take effect after 600 ms; the
 * edit forms save at once.
 */
export function useUpdate<S extends z.ZodType>(path: MasterPath, row: S, { delayed }: { delayed: boolean }) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async ({ id, body }: UpdateVariables) => {
      if (delayed) await pause(TABLE_ACTION_DELAY_MS);
      return apiRequest(`${path}/${id}`, masterSavedSchema(row), { method: "PUT", body });
    },
    onSuccess: () => invalidate(),
  });
}

/** DELETE after the tables' 600 ms; a record in use answers 409 with the reason, which rejects. */
export function useRemove(path: MasterPath) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (id: number) => {
      await pause(TABLE_ACTION_DELAY_MS);
      return apiRequest(`${path}/${id}`, messageAnswerSchema, { method: "DELETE" });
    },
    onSuccess: () => invalidate(),
  });
}
