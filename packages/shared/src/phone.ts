import { isValidPhoneNumber } from "libphonenumber-js/max";

/*
 * Kept out of the package index on purpose: libphonenumber's full metadata is large, and only the
 * sender and receiver screens (loaded on demand) and the server need it. Import it as
 * "@cargodesk/shared/phone".
 */

/** Phone rule of the sender and receiver forms: exactly 10 digits for the US, else valid for that country. */
export function validPhoneFor(phone: string, iso2: string | null | undefined): boolean {
  if (!iso2) return false;
  if (iso2.toUpperCase() === "US") return /^\d{10}$/.test(phone);
  try {
    return isValidPhoneNumber(phone, iso2.toUpperCase() as Parameters<typeof isValidPhoneNumber>[1]);
  } catch {
    return false;
  }
}
