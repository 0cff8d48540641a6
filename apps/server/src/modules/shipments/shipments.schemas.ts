import { z } from "zod";
import { bearer } from "../../lib/route-schemas";

export { idParams } from "../../lib/route-schemas";
export const isoDate = z.iso.date({ error: "Use a date in YYYY-MM-DD form" });
/** The list's paging: page is 1-based; the spec's page sizes go up to 1000. */
export const listQuery = z.object({
  size: z.coerce.number().int().min(1).max(1000).default(200),
  page: z.coerce.number().int().min(1).default(1),
  search: z.string().trim().max(100).optional(),
});

export const doc = <T extends object>(summary: string, extra: T) => ({
  tags: ["shipments"],
  summary,
  security: bearer,
  ...extra,
});
