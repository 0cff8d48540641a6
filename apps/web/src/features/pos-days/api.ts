import {
  type CounterOpening,
  type DayListQuery,
  type DayOpenInput,
  dayClosedSchema,
  dayClosePreviewSchema,
  dayDetailSchema,
  dayOpenCurrentSchema,
  dayOpenedSchema,
  dayPageSchema,
  exceptionAcceptedSchema,
  type SessionCloseInput,
  sessionClosedSchema,
  sessionOpenedSchema,
  voucherSourcesSchema,
} from "@cargodesk/shared";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, apiFile } from "../../lib/api";
import { invalidateAfter } from "../../lib/invalidation";
import { queryString } from "../../lib/query-string";

export const posDayKeys = {
  all: ["pos-days"] as const,
  current: () => [...posDayKeys.all, "current"] as const,
  preview: (dayId: number) => [...posDayKeys.all, "preview", dayId] as const,
  list: (query: Partial<DayListQuery>) => [...posDayKeys.all, "list", query] as const,
  one: (id: number) => [...posDayKeys.all, "one", id] as const,
  sources: (voucherId: number) => [...posDayKeys.all, "sources", voucherId] as const,
};

/** The open day (or none), its counter sessions, the counters and who may be a cashier. */
export function useCurrentDay() {
  return useQuery({
    queryKey: posDayKeys.current(),
    queryFn: ({ signal }) => api.get("/setting/day_open/current", dayOpenCurrentSchema, signal),
  });
}

export function useOpenDay() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: DayOpenInput) => api.post("/setting/day_open", input, dayOpenedSchema),
    onSuccess: () => invalidateAfter(client, "dayOpened"),
  });
}

/** One more counter in the open day. */
export function useOpenSession() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CounterOpening) => api.post("/setting/day_open/session", input, sessionOpenedSchema),
    onSuccess: () => invalidateAfter(client, "dayOpened"),
  });
}

/** The Day Close checklist of a day; refetched after every count, acceptance or close. */
export function useClosePreview(dayId: number | null) {
  return useQuery({
    queryKey: posDayKeys.preview(dayId ?? 0),
    queryFn: ({ signal }) => api.get(`/setting/day_close/preview?dayId=${dayId}`, dayClosePreviewSchema, signal),
    enabled: dayId !== null,
    placeholderData: keepPreviousData,
  });
}

export function useCloseSession() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ sessionId, input }: { sessionId: number; input: SessionCloseInput }) =>
      api.post(`/setting/day_close/session/${sessionId}`, input, sessionClosedSchema),
    onSuccess: () => invalidateAfter(client, "counterClosed"),
  });
}

export function useAcceptException() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) =>
      api.post(`/setting/day_close/exception/${id}/accept`, { reason }, exceptionAcceptedSchema),
    onSuccess: () => invalidateAfter(client, "stockExceptionAccepted"),
  });
}

export function useCloseDay() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (dayId: number) => api.post("/setting/day_close", { dayId }, dayClosedSchema),
    onSuccess: () => invalidateAfter(client, "dayClosed"),
  });
}

/** DayOpen Record: business days, newest first, paged on the server. */
export function useDays(query: Partial<DayListQuery>, enabled = true) {
  return useQuery({
    queryKey: posDayKeys.list(query),
    queryFn: ({ signal }) => api.get(`/setting/day?${queryString(query)}`, dayPageSchema, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useDay(id: number | null) {
  return useQuery({
    queryKey: posDayKeys.one(id ?? 0),
    queryFn: ({ signal }) => api.get(`/setting/day/${id}`, dayDetailSchema, signal),
    enabled: id !== null,
  });
}

/** The orders and store documents a voucher was posted for. */
export function useVoucherSources(voucherId: number | null) {
  return useQuery({
    queryKey: posDayKeys.sources(voucherId ?? 0),
    queryFn: ({ signal }) => api.get(`/voucher/${voucherId}/sources`, voucherSourcesSchema, signal),
    enabled: voucherId !== null,
  });
}

const PDF = "application/pdf";

/** The Z report, built from the figures frozen at close. */
export const zReportPdf = (dayId: number) =>
  apiFile(`/setting/day/${dayId}/z_report.pdf`, { type: PDF, fallbackName: `z-report-${dayId}.pdf` });

/** A counter session's X report: its figures so far, nothing frozen. */
export const xReportPdf = (sessionId: number) =>
  apiFile(`/setting/session/${sessionId}/x_report.pdf`, { type: PDF, fallbackName: `x-report-${sessionId}.pdf` });
