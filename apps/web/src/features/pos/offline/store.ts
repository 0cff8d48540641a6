import type { DeviceToken, OfflineOrder } from "@cargodesk/shared";
import { type DBSchema, type IDBPDatabase, openDB } from "idb";
import { invoiceNumber, sequenceOf } from "./numbers";

/**
 * What the register keeps on the device for working offline (design 6.7), in IndexedDB: the outbox
 * of orders the server has not confirmed, the device token with the counter's invoice sequence, and
 * the last bootstrap and counter session so a reload without network still opens the register.
 */

/** The receipt an offline sale prints: what the screen showed when the cashier took the money. */
export interface OfflineReceipt {
  invoiceNo: string;
  counterCode: string;
  cashier: string;
  outletName: string;
  openedAt: string;
  orderType: string;
  lines: { name: string; qty: number; amountMinor: string }[];
  figures: { label: string; minor: string }[];
  totalMinor: string;
  tenders: { method: string; amountMinor: string }[];
  changeMinor: string;
  /** Cash (or another method that opens it) was taken: the drawer opens with the receipt. */
  opensDrawer: boolean;
}

/** An order in the outbox: waiting to be sent, or refused in a way a person must look at. */
export interface OutboxEntry {
  clientUuid: string;
  counterId: number;
  order: OfflineOrder;
  receipt: OfflineReceipt;
  state: "waiting" | "failed";
  error: string | null;
  /** Invoice numbers sort the outbox: the server takes them only in turn. */
  invoiceNo: string;
}

/** The device token of a counter with the last invoice number this device knows was issued. */
export interface DeviceRecord extends DeviceToken {
  claimedAt: string;
}

interface PosOfflineDb extends DBSchema {
  outbox: { key: string; value: OutboxEntry; indexes: { byInvoice: string } };
  devices: { key: number; value: DeviceRecord };
  cache: { key: string; value: { key: string; value: unknown; at: string } };
}

const DB_NAME = "cargodesk-pos";
let opened: Promise<IDBPDatabase<PosOfflineDb>> | null = null;

function db(): Promise<IDBPDatabase<PosOfflineDb>> {
  opened ??= openDB<PosOfflineDb>(DB_NAME, 1, {
    upgrade(database) {
      const outbox = database.createObjectStore("outbox", { keyPath: "clientUuid" });
      outbox.createIndex("byInvoice", "invoiceNo");
      database.createObjectStore("devices", { keyPath: "counterId" });
      database.createObjectStore("cache", { keyPath: "key" });
    },
  });
  return opened;
}

/** Tells this tab's hooks (and the other tabs of the register) that the outbox changed. */
const channel = typeof BroadcastChannel === "undefined" ? null : new BroadcastChannel("cargodesk-pos-outbox");
const local = new EventTarget();
function changed(): void {
  local.dispatchEvent(new Event("change"));
  channel?.postMessage("change");
}
export function onOutboxChange(listener: () => void): () => void {
  local.addEventListener("change", listener);
  channel?.addEventListener("message", listener);
  return () => {
    local.removeEventListener("change", listener);
    channel?.removeEventListener("message", listener);
  };
}

export async function saveDevice(token: DeviceToken): Promise<void> {
  const database = await db();
  const tx = database.transaction("devices", "readwrite");
  const known = await tx.store.get(token.counterId);
  // A claim answers the server's last number; this device may know of later ones still in its outbox.
  const last =
    known && known.invoice.year === token.invoice.year && known.counterCode === token.counterCode
      ? Math.max(known.invoice.last, token.invoice.last)
      : token.invoice.last;
  await tx.store.put({ ...token, invoice: { year: token.invoice.year, last }, claimedAt: new Date().toISOString() });
  await tx.done;
}

export async function deviceOf(counterId: number): Promise<DeviceRecord | null> {
  return (await (await db()).get("devices", counterId)) ?? null;
}

/** An invoice number the server gave (an online sale): the device's sequence goes on from it. */
export async function noteInvoice(counterId: number, number: string | null): Promise<void> {
  if (!number) return;
  const database = await db();
  const tx = database.transaction("devices", "readwrite");
  const known = await tx.store.get(counterId);
  const sequence = known ? sequenceOf(number, known.counterCode, known.invoice.year) : null;
  if (known && sequence !== null && sequence > known.invoice.last)
    await tx.store.put({ ...known, invoice: { ...known.invoice, last: sequence } });
  await tx.done;
}

/**
 * Takes the next invoice number and puts the order in the outbox, in one transaction: a number is
 * never used twice, and never lost without its order. Null when the register holds no device token.
 */
export async function queueOfflineSale(
  counterId: number,
  build: (device: DeviceRecord, invoiceNo: string) => Omit<OutboxEntry, "state" | "error" | "invoiceNo">,
): Promise<OutboxEntry | null> {
  const database = await db();
  const tx = database.transaction(["devices", "outbox"], "readwrite");
  const device = await tx.objectStore("devices").get(counterId);
  if (!device) {
    await tx.done;
    return null;
  }
  const sequence = device.invoice.last + 1;
  const invoiceNo = invoiceNumber(device.counterCode, device.invoice.year, sequence);
  const entry: OutboxEntry = { ...build(device, invoiceNo), state: "waiting", error: null, invoiceNo };
  await tx.objectStore("outbox").put(entry);
  await tx.objectStore("devices").put({ ...device, invoice: { ...device.invoice, last: sequence } });
  await tx.done;
  changed();
  return entry;
}

/** The outbox in invoice order. */
export async function outboxEntries(): Promise<OutboxEntry[]> {
  return (await db()).getAllFromIndex("outbox", "byInvoice");
}

/** The server confirmed these orders: they leave the outbox. */
export async function removeEntries(clientUuids: readonly string[]): Promise<void> {
  if (clientUuids.length === 0) return;
  const database = await db();
  const tx = database.transaction("outbox", "readwrite");
  await Promise.all(clientUuids.map((key) => tx.store.delete(key)));
  await tx.done;
  changed();
}

/** The server refused an order for a reason sending it again will not fix: a person looks at it. */
export async function markFailed(clientUuid: string, error: string): Promise<void> {
  const database = await db();
  const tx = database.transaction("outbox", "readwrite");
  const entry = await tx.store.get(clientUuid);
  if (entry) await tx.store.put({ ...entry, state: "failed", error });
  await tx.done;
  changed();
}

/** Sends a refused order again (after the cause was fixed, say a day opened). */
export async function retryEntry(clientUuid: string): Promise<void> {
  const database = await db();
  const tx = database.transaction("outbox", "readwrite");
  const entry = await tx.store.get(clientUuid);
  if (entry) await tx.store.put({ ...entry, state: "waiting", error: null });
  await tx.done;
  changed();
}

/** The last good answer of a read the register needs to open (bootstrap, counter session). */
export async function cachePut(key: string, value: unknown): Promise<void> {
  await (await db()).put("cache", { key, value, at: new Date().toISOString() });
}

export async function cacheGet(key: string): Promise<unknown> {
  return (await (await db()).get("cache", key))?.value;
}
