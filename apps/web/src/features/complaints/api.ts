import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { ApiError, api } from "../../lib/api";
import { invalidateAfter } from "../../lib/invalidation";

const partySummary = z.object({ name: z.string(), city: z.string().nullable(), country: z.string() });

/** A complaint as `/api/complaint/*` reads it (the spec's `statu.status` spelling). */
export const complaintSchema = z.object({
  complaint_id: z.number().int(),
  cn_number: z.string(),
  complaint_satement: z.string(),
  complaint_date: z.string(),
  shipment_id: z.number().int(),
  status_id: z.number().int(),
  statu: z.object({ status: z.string() }),
  shipment: z.object({
    tracking_id: z.string(),
    shipment_date: z.string(),
    shipment_type: z.string(),
    total_packages: z.number(),
    total_weight: z.number(),
    shipper: partySummary,
    consignee: partySummary,
  }),
});
export type Complaint = z.infer<typeof complaintSchema>;

export const complaintStatusSchema = z.object({ status_id: z.number().int(), status: z.string() });
export type ComplaintStatus = z.infer<typeof complaintStatusSchema>;

const lookupParty = z.object({
  name: z.string(),
  city: z.string().nullable(),
  country: z.object({ name: z.string() }),
});
/** The part of `GET /api/shipment/shipment_with_trackingId/{cn}` the complaint form shows. */
export const cnShipmentSchema = z.object({
  shipment_id: z.number().int(),
  tracking_id: z.string(),
  shipment_date: z.string(),
  shipment_type: z.string(),
  total_packages: z.number(),
  total_weight: z.number(),
  shipment_senders: z.array(lookupParty),
  shipment_receivers: z.array(lookupParty),
});
export type CnShipment = z.infer<typeof cnShipmentSchema>;

export const complaintKeys = {
  all: ["complaints"] as const,
  list: () => [...complaintKeys.all, "list"] as const,
  one: (id: number) => [...complaintKeys.all, "one", id] as const,
  statuses: () => [...complaintKeys.all, "statuses"] as const,
};

export function useComplaints(enabled = true) {
  return useQuery({
    queryKey: complaintKeys.list(),
    queryFn: ({ signal }) => api.get("/complaint/get_complaint", z.array(complaintSchema), signal),
    enabled,
  });
}

export function useComplaint(id: number | null) {
  return useQuery({
    queryKey: complaintKeys.one(id ?? 0),
    queryFn: ({ signal }) => api.get(`/complaint/get_complaint_with_id/${id}`, complaintSchema, signal),
    enabled: id !== null,
  });
}

export function useComplaintStatuses() {
  return useQuery({
    queryKey: complaintKeys.statuses(),
    queryFn: ({ signal }) => api.get("/complaint/get_complaint_status", z.array(complaintStatusSchema), signal),
    staleTime: 5 * 60_000,
  });
}

/** The C/N lookup: the shipment, or null when the server's data is empty. */
export function useCnLookup() {
  return useMutation({
    mutationFn: async (cn: string): Promise<CnShipment | null> => {
      const answer = await api.get(
        `/shipment/shipment_with_trackingId/${encodeURIComponent(cn)}`,
        z.object({ data: z.array(cnShipmentSchema) }),
      );
      return answer.data[0] ?? null;
    },
  });
}

export interface ComplaintInput {
  cn_number: string;
  complaint_satement: string;
  shipment_id: number;
  complaint_date: string;
}

export function useAddComplaint() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ComplaintInput) =>
      api.post("/complaint/add_complaint", body, z.object({ message: z.string(), complaint_id: z.number().int() })),
    onSuccess: () => invalidateAfter(client, "complaintChanged"),
  });
}

export function useUpdateComplaintStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, statusId }: { id: number; statusId: number }) =>
      api.post(`/complaint/update_complaint_status/${id}`, { status_id: statusId }, z.object({ message: z.string() })),
    onSuccess: () => invalidateAfter(client, "complaintChanged"),
  });
}

export const isNotFound = (error: unknown): boolean => error instanceof ApiError && error.status === 404;
