import { z } from "zod";
import { MAX_ID } from "./input";

/**
 * Device printing at the register (design D11, WP5): a USB or serial printer attached to the browser
 * gets the receipt's ESC/POS bytes and the drawer kick; opening the drawer without a sale is logged
 * (a "no sale", counted per counter session like the anchors' till reports); thermal label printers
 * get labels as TSPL.
 */
export const NO_SALE_MESSAGES = {
  clientUuid: "clientUuid is an id of 8 to 64 letters, digits, - or _ made by the device",
  counter: "Choose the counter",
  counterMissing: "No such counter",
  reason: "The reason is at most 200 characters",
  noSession: "This counter has no open session: open it on Day Open first",
  recorded: "Drawer opening recorded",
} as const;

const bodyId = (message: string) => z.number({ error: message }).int(message).positive(message).max(MAX_ID, message);

/** `POST /api/pos/no_sale`: the drawer is about to open without a sale. */
export const noSaleInputSchema = z.object({
  clientUuid: z
    .string({ error: NO_SALE_MESSAGES.clientUuid })
    .regex(/^[A-Za-z0-9_-]{8,64}$/, NO_SALE_MESSAGES.clientUuid),
  counterId: bodyId(NO_SALE_MESSAGES.counter),
  reason: z.string({ error: NO_SALE_MESSAGES.reason }).trim().max(200, NO_SALE_MESSAGES.reason).default(""),
});
export type NoSaleInput = z.output<typeof noSaleInputSchema>;

export const noSaleSchema = z.object({
  id: z.number().int(),
  sessionId: z.number().int(),
  counterId: z.number().int(),
  reason: z.string(),
  at: z.string(),
  /** Drawer openings without a sale in this counter session so far, this one included. */
  sessionCount: z.number().int(),
});
export type NoSale = z.infer<typeof noSaleSchema>;

export const noSaleSavedSchema = z.object({ message: z.string(), data: noSaleSchema });

/** Label printers take TSPL; only the roll templates print on them (an A4 sheet is a PDF for an office printer). */
export const THERMAL_LABEL_TEMPLATES = ["38x25", "50x30"] as const;
export const THERMAL_LABEL_MESSAGES = {
  template: "A label printer prints 38x25 or 50x30 mm labels: print an A4 sheet as PDF",
} as const;
