import {
  type CountryRow,
  countryRowSchema,
  type RateAnswer,
  rateAnswerSchema,
  rateLogPageSchema,
  rateUploadAnswerSchema,
  type ServiceTypeRow,
  serviceTypeRowSchema,
} from "@cargodesk/shared";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { apiFile, apiRequest } from "../../lib/api";
import { saveBlob } from "../../lib/files";
import { invalidateAfter } from "../../lib/invalidation";
import { type UploadTracking, uploadForm } from "../../lib/upload";

/** A service as GET /api/service_type and GET /api/service_type/get_service_type list it. */
export type ServiceOption = ServiceTypeRow;
/** A country of the public pickers. */
export type CountryOption = CountryRow;

/**
 * Active services. The public pages read the public list without a token (a stale one must not
 * end on the sign-in page); the staff screens read the signed-in list.
 */
export function useServiceOptions(publicList: boolean) {
  return useQuery({
    queryKey: ["rates", "services", publicList],
    queryFn: ({ signal }) =>
      apiRequest(publicList ? "/service_type/get_service_type" : "/service_type", z.array(serviceTypeRowSchema), {
        signal,
        anonymous: publicList,
      }),
    select: (rows) => rows.filter((row) => row.active),
    staleTime: 5 * 60_000,
  });
}

export function useCountryOptions() {
  return useQuery({
    queryKey: ["rates", "countries"],
    queryFn: ({ signal }) => apiRequest("/country/get_country", z.array(countryRowSchema), { signal, anonymous: true }),
    staleTime: 5 * 60_000,
  });
}

/** The body of the calculator, the inquiry and the quotation slip (the server checks it again). */
export interface QuoteBody {
  weight: number;
  service_type_id: number | "ALL";
  country_id?: number;
  zip?: string;
  date?: string;
  shipment_type: "Doc" | "Pack";
  type2?: "DHL" | "UPS";
  profit?: number;
}

/** POST /api/rate/calculate_rate, or /api/rate/rate_inquiry (whose service field is serviceId). */
export function useQuote(mode: "calculator" | "inquiry", publicPage: boolean) {
  return useMutation({
    mutationFn: (body: QuoteBody): Promise<RateAnswer> => {
      const { service_type_id, ...rest } = body;
      const payload = mode === "calculator" ? body : { ...rest, serviceId: service_type_id };
      return apiRequest(mode === "calculator" ? "/rate/calculate_rate" : "/rate/rate_inquiry", rateAnswerSchema, {
        method: "POST",
        body: payload,
        anonymous: publicPage,
      }) as Promise<RateAnswer>;
    },
  });
}

/** POST /api/rate/quotation_pdf, then hands the QUOTATION SLIP (A4) to the browser as a download. */
export function useQuotationSlip() {
  return useMutation({
    mutationFn: async (body: QuoteBody) => {
      const { blob, fileName } = await apiFile("/rate/quotation_pdf", {
        method: "POST",
        body,
        type: "application/pdf",
        fallbackName: "quotation-slip.pdf",
        anonymous: true,
      });
      saveBlob(blob, fileName);
      return fileName;
    },
  });
}

export interface RateUploadInput {
  date: string;
  serviceTypeId: number;
  shipmentType: string;
  type2: string;
  file: File;
  tracking: UploadTracking;
}

/** POST /api/rate/upload_rate_file (multipart), reporting upload progress. */
export function useUploadRate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RateUploadInput) => {
      const form = new FormData();
      form.append("date", input.date);
      form.append("service_type_id", String(input.serviceTypeId));
      form.append("shipment_type", input.shipmentType);
      form.append("type", input.type2);
      form.append("file", input.file);
      return uploadForm("/rate/upload_rate_file", form, rateUploadAnswerSchema, input.tracking);
    },
    onSuccess: () => invalidateAfter(queryClient, "rateSheetUploaded"),
  });
}

/** GET /api/rate/get_rate_logs, one server page (page is 1-based on the server, 0-based here). */
export function useRateLogs(page: number, size: number) {
  return useQuery({
    queryKey: ["rates", "logs", page, size],
    queryFn: ({ signal }) =>
      apiRequest(`/rate/get_rate_logs?size=${size}&page=${page + 1}`, rateLogPageSchema, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/rate/rate_logs/{id}/file with the session's token, saved under the uploaded name. */
export function useDownloadRateFile() {
  return useMutation({
    mutationFn: async ({ id, name }: { id: number; name: string }) => {
      const { blob, fileName } = await apiFile(`/rate/rate_logs/${id}/file`, { fallbackName: name });
      saveBlob(blob, fileName);
    },
  });
}
