import {
  complaintAddedSchema,
  complaintCreateSchema,
  complaintSchema,
  complaintStatusRowSchema,
  complaintStatusSchema,
  errorBodySchema,
  messageAnswerSchema,
  perm,
} from "@cargodesk/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { type AppDeps, ctxOf } from "../../lib/context";
import { bearer, idParams, protectedErrors } from "../../lib/route-schemas";
import { access } from "../../plugins/access";
import {
  addComplaint,
  COMPLAINT_MESSAGES,
  complaintStatusList,
  getComplaint,
  listComplaints,
  updateComplaintStatus,
} from "./complaints.service";

const complain = (cat: string) => perm("Complain", cat);
const canAdd = access.permission(complain("Complaint Add"));
/** The edit screen reads the complaint it changes. */
const canRead = access.permission(complain("Complaint View"), complain("Complaint Edit"));
const canEdit = access.permission(complain("Complaint Edit"));

const errors = { ...protectedErrors, 404: errorBodySchema };
const doc = <T extends object>(summary: string, extra: T) => ({
  tags: ["complaints"],
  summary,
  security: bearer,
  ...extra,
});

/** The spec's complaint calls; customers see and file complaints on their own shipments only. */
export function complaintRoutes(deps: AppDeps) {
  return async (root: FastifyInstance) => {
    const app = root.withTypeProvider<ZodTypeProvider>();

    app.get(
      "/complaint/get_complaint",
      {
        config: { access: canRead },
        schema: doc("Complaints newest first, with status (statu.status) and shipment summary", {
          response: { 200: z.array(complaintSchema), ...protectedErrors },
        }),
      },
      (request) => listComplaints(ctxOf(deps, request)),
    );

    app.get(
      "/complaint/get_complaint_with_id/:id",
      {
        config: { access: canRead },
        schema: doc("One complaint", { params: idParams, response: { 200: complaintSchema, ...errors } }),
      },
      (request) => getComplaint(ctxOf(deps, request), request.params.id),
    );

    app.get(
      "/complaint/get_complaint_status",
      {
        config: { access: access.signedIn },
        schema: doc("Complaint statuses", {
          response: { 200: z.array(complaintStatusRowSchema), 401: errorBodySchema },
        }),
      },
      (request) => complaintStatusList(ctxOf(deps, request)),
    );

    app.post(
      "/complaint/add_complaint",
      {
        config: { access: canAdd },
        schema: doc("File a complaint against a C/N number the caller may see; it starts OPEN", {
          body: complaintCreateSchema,
          response: { 200: complaintAddedSchema, ...errors },
        }),
      },
      async (request) => {
        const { complaintId } = await addComplaint(ctxOf(deps, request), request.body);
        return { message: COMPLAINT_MESSAGES.added, complaint_id: complaintId };
      },
    );

    app.post(
      "/complaint/update_complaint_status/:id",
      {
        config: { access: canEdit },
        schema: doc("Change a complaint's status; answers the plain message success", {
          params: idParams,
          body: complaintStatusSchema,
          response: { 200: messageAnswerSchema, ...errors },
        }),
      },
      async (request) => {
        await updateComplaintStatus(ctxOf(deps, request), request.params.id, request.body.status_id);
        return { message: COMPLAINT_MESSAGES.updated };
      },
    );
  };
}
