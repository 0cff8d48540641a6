import path from "node:path";
import type { Config } from "../../config";
import type { FiscalAdapter } from "./fiscal.adapter";
import { createFileFiscalAdapter } from "./fiscal.file-adapter";

/**
 * The adapter FISCAL_ADAPTER names; null for `none` (nothing is queued, so there is nothing to send).
 * A real authority's adapter is added here under its own name (docs/fiscal.md).
 */
export function fiscalAdapterOf(config: Pick<Config, "FISCAL_ADAPTER" | "FISCAL_OUTBOX_DIR" | "DATA_DIR">) {
  const adapters: Record<Config["FISCAL_ADAPTER"], () => FiscalAdapter | null> = {
    none: () => null,
    file: () => createFileFiscalAdapter(config.FISCAL_OUTBOX_DIR ?? path.join(config.DATA_DIR, "fiscal-outbox")),
  };
  return adapters[config.FISCAL_ADAPTER]();
}
