import {
  type Complaint,
  type ComplaintStatusRow,
  complaintAddedSchema,
  complaintSchema,
  complaintStatusRowSchema,
  messageAnswerSchema,
  type ShipmentView,
  shipmentDataSchema,
} from "@cargodesk/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { ApiError, api } from "../../lib/api";
import { invalidateAfter } from "../../lib/invalidation";

export type { Complaint, ComplaintStatusRow as ComplaintStatus };

/** The shipment a C/N number names, as the complaint form shows it. */
export type CnShipment = ShipmentView;

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
    queryFn: ({ signal }) => api.get("/complaint/get_complaint_status", z.array(complaintStatusRowSchema), signal),
    staleTime: 5 * 60_000,
  });
}

/** The C/N lookup: the shipment, or null when the server's data is empty. */
export function useCnLookup() {
  return useMutation({
    mutationFn: async (cn: string): Promise<CnShipment | null> => {
      const answer = await api.get(`/shipment/shipment_with_trackingId/${encodeURIComponent(cn)}`, shipmentDataSchema);
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
    mutationFn: (body: ComplaintInput) => api.post("/complaint/add_complaint", body, complaintAddedSchema),
    onSuccess: () => invalidateAfter(client, "complaintChanged"),
  });
}

export function useUpdateComplaintStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, statusId }: { id: number; statusId: number }) =>
      api.post(`/complaint/update_complaint_status/${id}`, { status_id: statusId }, messageAnswerSchema),
    onSuccess: () => invalidateAfter(client, "complaintChanged"),
  });
}

export const isNotFound = (error: unknown): boolean => error instanceof ApiError && error.status === 404;
