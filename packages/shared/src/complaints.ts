import { z } from "zod";

const partySummarySchema = z.object({ name: z.string(), city: z.string().nullable(), country: z.string() });

/** A complaint as `/api/complaint/*` reads it (the spec's `statu.status` and `complaint_satement` spellings). */
export const complaintSchema = z.object({
  complaint_id: z.number().int(),
  cn_number: z.string(),
  complaint_satement: z.string(),
  complaint_date: z.string(),
  shipment_id: z.number().int(),
  status_id: z.number().int(),
  statu: z.object({ status: z.string() }),
  /** The shipment's customer (null for a shipment booked for no customer). */
  customer_user_id: z.number().int().nullable(),
  shipment: z.object({
    tracking_id: z.string(),
    shipment_date: z.string(),
    shipment_type: z.string(),
    total_packages: z.number(),
    total_weight: z.number(),
    shipper: partySummarySchema,
    consignee: partySummarySchema,
  }),
});
export type Complaint = z.infer<typeof complaintSchema>;

/** One of the server's complaint statuses (OPEN first). */
export const complaintStatusRowSchema = z.object({ status_id: z.number().int(), status: z.string() });
export type ComplaintStatusRow = z.infer<typeof complaintStatusRowSchema>;

export const complaintAddedSchema = z.object({ message: z.string(), complaint_id: z.number().int() });
