import { readFileSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { countries } from "../../db/schema/index";
import { addDays, todayIn } from "../../lib/dates";
import { bearer, multipart, type TestApp } from "../../test/harness";

const SAMPLES = path.resolve(import.meta.dirname, "../../../../../docs/samples");

/** A documented sample file (docs/samples/rates-*.csv|xlsx). */
export const sample = (name: string): Buffer => readFileSync(path.join(SAMPLES, name));

export const today = (t: TestApp) => todayIn(t.config.APP_TZ);
export const dayAfter = (t: TestApp, days: number) => addDays(today(t), days);

export interface UploadFields {
  date?: string;
  service_type_id?: number | string;
  shipment_type?: string;
  type?: string;
}

/** POST /api/rate/upload_rate_file as `token`, with `file` (a sample name or content) under its file name. */
export function uploadSheet(
  t: TestApp,
  token: string | null,
  fields: UploadFields,
  file: { name: string; content: Buffer | string } | null,
) {
  const body = multipart(
    Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as Record<string, string>,
    file ? { field: "file", ...file } : undefined,
  );
  return t.app.inject({
    method: "POST",
    url: "/api/rate/upload_rate_file",
    payload: body.payload,
    headers: { ...body.headers, ...(token ? bearer(token) : {}) },
  });
}

export const sampleFile = (name: string) => ({ name, content: sample(name) });

/** A country's id by its ISO alpha-2 code. */
export async function countryId(t: TestApp, iso2: string): Promise<number> {
  const [row] = await t.db.select({ id: countries.countryId }).from(countries).where(eq(countries.iso2, iso2));
  if (!row) throw new Error(`no country ${iso2}`);
  return row.id;
}

/** Posts a rate call as JSON, optionally signed in. */
export const rateCall = (t: TestApp, url: string, payload: object, token?: string) =>
  t.app.inject({ method: "POST", url, payload, headers: token ? bearer(token) : {} });
