import { noSaleSavedSchema } from "@cargodesk/shared";
import { useEffect, useSyncExternalStore } from "react";
import { apiFile, apiRequest } from "../../../lib/api";
import { DEVICE_KEY_PREFIX } from "../../../lib/session";
import { drawerKickBytes } from "./escpos";
import { createPrinterStore, type PrinterRole } from "./printer-store";
import { deviceApis } from "./web-devices";

/** This browser's device printers, remembered under the device's own keys (they survive signing out). */
export const devicePrinters = createPrinterStore(deviceApis, localStorage, DEVICE_KEY_PREFIX);

/** A role's printer state, reconnecting to the remembered printer once when first used on a screen. */
export function useDevicePrinter(role: PrinterRole) {
  const state = useSyncExternalStore(devicePrinters.subscribe, () => devicePrinters.get(role));
  useEffect(() => {
    void devicePrinters.restore(role);
  }, [role]);
  return state;
}

const bytesOf = async (blob: Blob) => new Uint8Array(await blob.arrayBuffer());

/**
 * A receipt on the device receipt printer: the server's ESC/POS for it (built from the same model
 * as the PDF), with the drawer kick after a cash sale when `kick` is set.
 */
export async function printReceiptOnDevice(orderId: number, options: { kick: boolean; reprint: boolean }) {
  const query = new URLSearchParams({ format: "escpos" });
  if (options.kick) query.set("kick", "1");
  if (options.reprint) query.set("reprint", "1");
  const { blob } = await apiFile(`/pos/order/${orderId}/receipt?${query.toString()}`, {
    type: "application/octet-stream",
    fallbackName: `receipt-${orderId}.bin`,
  });
  await devicePrinters.print("receipt", await bytesOf(blob));
}

/**
 * The register's Open drawer: logged first as a no sale on the counter's open session (the server
 * refuses when there is none), then the kick is sent to the device receipt printer.
 */
export async function openDrawer(counterId: number) {
  const saved = await apiRequest("/pos/no_sale", noSaleSavedSchema, {
    method: "POST",
    body: { clientUuid: crypto.randomUUID(), counterId },
  });
  await devicePrinters.print("receipt", drawerKickBytes());
  return saved.data;
}

/** Labels on the device label printer: the server's TSPL for the request. */
export async function printLabelsOnDevice(body: unknown) {
  const { blob } = await apiFile("/inventory/barcode/labels.tspl", {
    method: "POST",
    body,
    type: "application/octet-stream",
    fallbackName: "labels.tspl",
  });
  await devicePrinters.print("label", await bytesOf(blob));
}

/** Plain ESC/POS bytes (a receipt the browser laid out) on the device receipt printer. */
export async function printBytesOnDevice(bytes: Uint8Array) {
  await devicePrinters.print("receipt", bytes);
}
