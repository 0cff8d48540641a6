import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { companyProfile } from "../db/schema/index";
import type { DocumentCompany } from "./documents/model";
import { findFile, readFileBytes } from "./stored-files";

/**
 * The company profile as documents print it. Drawing itself (pdfkit) happens in the worker pool,
 * lib/documents/pdfkit.ts; this file is what the request thread needs and loads no PDF library.
 */
export interface Company {
  name: string;
  address: string;
  phone: string;
  email: string;
  ntn: string;
  /** The logo's stored file (lib/stored-files.ts), by its key. */
  logoPath: string | null;
}

export async function loadCompany(db: Db): Promise<Company> {
  const [row] = await db.select().from(companyProfile).where(eq(companyProfile.id, 1));
  return row ?? { name: "CARGODESK", address: "", phone: "", email: "", ntn: "", logoPath: null };
}

/** The logo's bytes from the stored file the profile names (none when there is no such file). */
export async function loadLogo(db: Db, logoPath: string | null): Promise<Uint8Array | null> {
  const file = logoPath ? await findFile(db, logoPath) : null;
  return file ? readFileBytes(db, file) : null;
}

/**
 * The header a document job carries: the profile's text and the logo's bytes, read here so that
 * the worker drawing the document needs neither the database nor a disk.
 */
export async function loadDocumentCompany(db: Db): Promise<DocumentCompany> {
  const { name, address, phone, email, ntn, logoPath } = await loadCompany(db);
  return { name, address, phone, email, ntn, logo: await loadLogo(db, logoPath) };
}
