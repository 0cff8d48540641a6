import {
  packageWeightRowSchema,
  serviceTypeRowSchema,
  shipmentPurposeRowSchema,
  shipmentTaxTypeRowSchema,
  unitRowSchema,
} from "@cargodesk/shared";
import { asc } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { packages, serviceTypes, shipmentPurposes, shipmentTaxTypes, units } from "../../db/schema/index";
import type { AppDeps } from "../../lib/context";
import { bearer, protectedErrors } from "../../lib/route-schemas";
import { access } from "../../plugins/access";

/** The small lookups the shipment and rate screens load; readable by anyone signed in, services also publicly. */
export function lookupRoutes(deps: AppDeps) {
  const doc = (summary: string, row: z.ZodType) => ({
    tags: ["lookups"],
    summary,
    security: bearer,
    response: { 200: z.array(row), 401: protectedErrors[401] },
  });
  const serviceList = async () =>
    (await deps.db.select().from(serviceTypes).orderBy(asc(serviceTypes.serviceTypeId))).map((row) => ({
      service_type_id: row.serviceTypeId,
      name: row.name,
      active: row.active,
    }));
  return async (root: FastifyInstance) => {
    const app = root.withTypeProvider<ZodTypeProvider>();
    app.get(
      "/service_type",
      { config: { access: access.signedIn }, schema: doc("Service types", serviceTypeRowSchema) },
      serviceList,
    );
    app.get(
      "/service_type/get_service_type",
      {
        config: { access: access.public },
        schema: {
          tags: ["lookups"],
          summary: "Service types, for the public rate calculator",
          response: { 200: z.array(serviceTypeRowSchema) },
        },
      },
      serviceList,
    );
    app.get(
      "/uom",
      {
        config: { access: access.signedIn },
        schema: doc(
          "Units of measure (id 1, PCS, is the default) with symbol, dimension and factor to the base",
          unitRowSchema,
        ),
      },
      async () =>
        (await deps.db.select().from(units).orderBy(asc(units.uomId))).map((row) => ({
          uomId: row.uomId,
          uomName: row.uomName,
          symbol: row.symbol,
          dimension: unitRowSchema.shape.dimension.parse(row.dimension),
          factor: Number(row.factorToBase),
        })),
    );
    app.get(
      "/shipment/shipment_purpose",
      { config: { access: access.signedIn }, schema: doc("Shipment purposes", shipmentPurposeRowSchema) },
      async () =>
        (await deps.db.select().from(shipmentPurposes).orderBy(asc(shipmentPurposes.shipmentPurposeId))).map((row) => ({
          shipment_purpose_id: row.shipmentPurposeId,
          purpose: row.purpose,
        })),
    );
    app.get(
      "/shipment/shipment_tax_type",
      { config: { access: access.signedIn }, schema: doc("Who pays duties and taxes", shipmentTaxTypeRowSchema) },
      async () =>
        (await deps.db.select().from(shipmentTaxTypes).orderBy(asc(shipmentTaxTypes.shipmentTaxId))).map((row) => ({
          shipment_tax_id: row.shipmentTaxId,
          name: row.name,
        })),
    );
    app.get(
      "/rate/get_weight",
      {
        config: { access: access.signedIn },
        schema: doc("Package weights (from the package list)", packageWeightRowSchema),
      },
      async () =>
        (await deps.db.select().from(packages).orderBy(asc(packages.weight))).map((row) => ({
          id: row.packageId,
          weight: Number(row.weight),
          name: row.name,
        })),
    );
  };
}
