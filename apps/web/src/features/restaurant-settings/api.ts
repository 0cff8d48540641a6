import {
  type CounterInput,
  counterListSchema,
  counterSavedSchema,
  messageAnswerSchema,
  type OutletSettings,
  outletSettingsSavedSchema,
  outletSettingsSchema,
  type PaymentMethodInput,
  type PrinterInput,
  paymentMethodListSchema,
  paymentMethodSavedSchema,
  printerListSchema,
  printerSavedSchema,
  type StationInput,
  stationListSchema,
  stationSavedSchema,
  type TaxClassInput,
  taxClassListSchema,
  taxClassSavedSchema,
} from "@cargodesk/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { api, apiRequest } from "../../lib/api";
import { invalidateAfter } from "../../lib/invalidation";

export const restaurantKeys = {
  all: ["restaurant-settings"] as const,
  outlet: () => [...restaurantKeys.all, "outlet"] as const,
  records: (kind: RecordKind) => [...restaurantKeys.all, kind] as const,
};

/** Each sub-table of Setting > Restaurant: its API path (under /api/setting) and schemas. */
const RECORDS = {
  tax_class: { list: taxClassListSchema, saved: taxClassSavedSchema },
  payment_method: { list: paymentMethodListSchema, saved: paymentMethodSavedSchema },
  counter: { list: counterListSchema, saved: counterSavedSchema },
  station: { list: stationListSchema, saved: stationSavedSchema },
  printer: { list: printerListSchema, saved: printerSavedSchema },
} as const;
export type RecordKind = keyof typeof RECORDS;

/** What each kind's add and change calls take. */
export interface RecordInputs {
  tax_class: TaxClassInput;
  payment_method: PaymentMethodInput;
  counter: CounterInput;
  station: StationInput;
  printer: PrinterInput;
}

export type RecordRow<K extends RecordKind> = z.infer<(typeof RECORDS)[K]["list"]>["data"][number];

export function useOutletSettings() {
  return useQuery({
    queryKey: restaurantKeys.outlet(),
    queryFn: ({ signal }) => api.get("/setting/outlet", outletSettingsSchema, signal),
  });
}

export function useSaveOutletSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: OutletSettings) =>
      apiRequest("/setting/outlet", outletSettingsSavedSchema, { method: "PUT", body: input }),
    onSuccess: (answer) => {
      client.setQueryData(restaurantKeys.outlet(), answer.data);
      return invalidateAfter(client, "restaurantSettingsChanged");
    },
  });
}

export function useRecords<K extends RecordKind>(kind: K) {
  return useQuery({
    queryKey: restaurantKeys.records(kind),
    queryFn: ({ signal }) => api.get(`/setting/${kind}`, RECORDS[kind].list, signal),
  });
}

/** A kind's records as choices for a select: the id, shown by its name. */
export function useRecordChoices(kind: RecordKind) {
  return (useRecords(kind).data?.data ?? []).map((row) => ({ value: row.id, label: row.name }));
}

/** A record's name by its id ("None" for no record), for the tables that point at another kind. */
export function useRecordName(kind: RecordKind) {
  const rows = useRecords(kind).data?.data;
  return (id: number | null) => (id === null ? "None" : (rows?.find((row) => row.id === id)?.name ?? `#${id}`));
}

/** Adds a record (id null) or changes one. A counter may open its cash account, so the chart follows too. */
export function useSaveRecord<K extends RecordKind>(kind: K, id: number | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: RecordInputs[K]) =>
      apiRequest(id === null ? `/setting/${kind}` : `/setting/${kind}/${id}`, RECORDS[kind].saved, {
        method: id === null ? "POST" : "PUT",
        body: input,
      }),
    onSuccess: () => invalidateAfter(client, kind === "counter" ? "counterChanged" : "restaurantSettingsChanged"),
  });
}

export function useDeleteRecord(kind: RecordKind) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest(`/setting/${kind}/${id}`, messageAnswerSchema, { method: "DELETE" }),
    onSuccess: () => invalidateAfter(client, "restaurantSettingsChanged"),
  });
}

/** Sends a test page to a network printer; a 409 carries the reason it could not be reached. */
export function useTestPrint() {
  return useMutation({
    mutationFn: (id: number) => apiRequest(`/setting/printer/${id}/test`, messageAnswerSchema, { method: "POST" }),
  });
}
