import { isIP } from "node:net";
import { z } from "zod";

/** proxy-addr's names for address ranges, accepted in TRUST_PROXY besides addresses and CIDRs. */
const PROXY_RANGE_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

function isProxyEntry(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = "", bits, ...rest] = entry.split("/");
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: unset, empty, "false" or "off" trusts no proxy (X-Forwarded-For is ignored); otherwise a
 * comma-separated list of the reverse proxies' addresses or CIDRs, whose forwarded headers are believed.
 */
export const trustProxySchema = z
  .string()
  .optional()
  .transform((value) => {
    const trimmed = value?.trim() ?? "";
    if (["", "false", "off"].includes(trimmed.toLowerCase())) return false as const;
    return trimmed.split(",").map((entry) => entry.trim());
  })
  .refine(
    (entries) => entries === false || entries.every(isProxyEntry),
    "TRUST_PROXY must be off or a comma-separated list of proxy addresses or CIDRs (e.g. 127.0.0.1,10.0.0.0/8)",
  );
