import type { RateAnswer } from "@cargodesk/shared";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { countries, serviceTypes } from "../../db/schema/index";
import { renderPdf } from "../../lib/documents/render";
import { loadDocumentCompany } from "../../lib/pdf";

async function labels(db: Db, echo: RateAnswer[0]) {
  const [country] = echo.country_id
    ? await db.select({ name: countries.name }).from(countries).where(eq(countries.countryId, echo.country_id))
    : [];
  const [service] =
    echo.service_type_id === "ALL"
      ? []
      : await db
          .select({ name: serviceTypes.name })
          .from(serviceTypes)
          .where(eq(serviceTypes.serviceTypeId, echo.service_type_id));
  const destination = [country?.name, echo.zip ? `Zip ${echo.zip}` : null].filter(Boolean).join(", ");
  return { destination: destination || "All destinations", service: service?.name ?? "All services" };
}

/** QUOTATION SLIP (A4): the company header, the request as quoted, and the RATE LIST (drawn in the worker pool). */
export async function quotationPdf(db: Db, answer: RateAnswer): Promise<Buffer> {
  const { destination, service } = await labels(db, answer[0]);
  return renderPdf("quotationPdf", { company: await loadDocumentCompany(db), answer, destination, service });
}
