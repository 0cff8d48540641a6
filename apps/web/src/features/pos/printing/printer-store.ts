import { z } from "zod";
import {
  openSerialPrinter,
  openUsbPrinter,
  type PrinterConnection,
  SERIAL_BAUD,
  serialName,
  usbName,
} from "./transport";
import type { DeviceApis, SerialPortLike, UsbDeviceLike } from "./web-devices";

/** A browser can hold a receipt printer (the register) and a label printer (the barcode screen). */
export type PrinterRole = "receipt" | "label";
export type PrinterKind = "usb" | "serial";

export type PrinterStatus = "none" | "connecting" | "connected" | "not_connected" | "error";

export interface PrinterState {
  status: PrinterStatus;
  kind: PrinterKind | null;
  name: string | null;
  /** Why the last connect or print failed; kept until the next success. */
  error: string | null;
  /** Which of WebUSB and WebSerial this browser has. */
  supports: { usb: boolean; serial: boolean };
  /** The line speed a serial printer is opened at (its settings page or self-test print says); null for USB. */
  baudRate: number | null;
}

/** What is remembered to find the device again: the browser keeps the permission, not the choice. */
const rememberedSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("usb"),
    vendorId: z.number().int(),
    productId: z.number().int(),
    serialNumber: z.string().nullable(),
    name: z.string(),
  }),
  z.object({
    kind: z.literal("serial"),
    usbVendorId: z.number().int().nullable(),
    usbProductId: z.number().int().nullable(),
    name: z.string(),
    // Printers remembered before the speed could be chosen ran at the default.
    baudRate: z.number().int().positive().default(SERIAL_BAUD),
  }),
]);
export type RememberedPrinter = z.infer<typeof rememberedSchema>;

export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export const PRINTER_MESSAGES = {
  notChosen: "No printer was chosen",
  notConnected: "The printer is not connected: plug it in and choose Reconnect, or connect it again",
  noPrinter: "No device printer is connected",
} as const;

const messageOf = (error: unknown) =>
  error instanceof Error && error.message ? error.message : "The printer did not answer";

/** A cancelled chooser (NotFoundError) is not a failure to show in red. */
const cancelled = (error: unknown) => error instanceof Error && error.name === "NotFoundError";

function parseRemembered(text: string | null): RememberedPrinter | null {
  if (!text) return null;
  try {
    return rememberedSchema.safeParse(JSON.parse(text)).data ?? null;
  } catch {
    return null;
  }
}

const sameUsb = (remembered: RememberedPrinter, device: UsbDeviceLike) =>
  remembered.kind === "usb" &&
  device.vendorId === remembered.vendorId &&
  device.productId === remembered.productId &&
  (remembered.serialNumber === null || (device.serialNumber ?? null) === remembered.serialNumber);

const sameSerial = (remembered: RememberedPrinter, port: SerialPortLike) => {
  if (remembered.kind !== "serial") return false;
  const info = port.getInfo();
  return (
    (info.usbVendorId ?? null) === remembered.usbVendorId && (info.usbProductId ?? null) === remembered.usbProductId
  );
};

/**
 * The device printers of this browser, per role: connect (the browser's chooser), reconnect to the
 * remembered one at start (WebUSB's getDevices / WebSerial's getPorts answer the devices granted
 * before), print, forget. Plain state with subscribers, for useSyncExternalStore.
 */
export function createPrinterStore(apis: () => DeviceApis, storage: KeyValueStore, keyPrefix: string) {
  const connections = new Map<PrinterRole, PrinterConnection>();
  const states = new Map<PrinterRole, PrinterState>();
  const listeners = new Set<() => void>();
  /** A restore under way per role: screens mounting together share it instead of opening twice. */
  const restoring = new Map<PrinterRole, Promise<void>>();
  const key = (role: PrinterRole) => `${keyPrefix}printer.${role}`;
  const supports = () => {
    const found = apis();
    return { usb: found.usb !== undefined, serial: found.serial !== undefined };
  };
  const remembered = (role: PrinterRole) => parseRemembered(storage.getItem(key(role)));

  function initial(role: PrinterRole): PrinterState {
    const known = remembered(role);
    return {
      status: known ? "not_connected" : "none",
      kind: known?.kind ?? null,
      name: known?.name ?? null,
      error: null,
      supports: supports(),
      baudRate: known?.kind === "serial" ? known.baudRate : null,
    };
  }
  function get(role: PrinterRole): PrinterState {
    const state = states.get(role);
    if (state) return state;
    const made = initial(role);
    states.set(role, made);
    return made;
  }
  function set(role: PrinterRole, change: Partial<PrinterState>) {
    states.set(role, { ...get(role), ...change });
    for (const listener of listeners) listener();
  }

  async function drop(role: PrinterRole) {
    const connection = connections.get(role);
    connections.delete(role);
    await connection?.close().catch(() => undefined);
  }

  async function attach(role: PrinterRole, open: () => Promise<PrinterConnection>, remember: RememberedPrinter | null) {
    set(role, { status: "connecting", error: null });
    try {
      await drop(role);
      const connection = await open();
      connections.set(role, connection);
      if (remember) storage.setItem(key(role), JSON.stringify(remember));
      const known = remembered(role);
      set(role, {
        status: "connected",
        kind: connection.kind,
        name: connection.name,
        error: null,
        baudRate: known?.kind === "serial" ? known.baudRate : null,
      });
    } catch (error) {
      set(role, { status: "error", error: messageOf(error) });
      throw error;
    }
  }

  /** Finds the remembered printer among the devices the browser already granted. */
  async function grantedDevice(role: PrinterRole): Promise<(() => Promise<PrinterConnection>) | null> {
    const known = remembered(role);
    const found = apis();
    if (known?.kind === "usb" && found.usb) {
      const device = (await found.usb.getDevices()).find((candidate) => sameUsb(known, candidate));
      return device ? () => openUsbPrinter(device) : null;
    }
    if (known?.kind === "serial" && found.serial) {
      const port = (await found.serial.getPorts()).find((candidate) => sameSerial(known, candidate));
      return port ? () => openSerialPrinter(port, known.baudRate) : null;
    }
    return null;
  }

  /** Opens the remembered printer again, or says it is not connected (and rejects). */
  async function reopen(role: PrinterRole): Promise<void> {
    const open = await grantedDevice(role).catch(() => null);
    if (!open) {
      set(role, { status: "error", error: PRINTER_MESSAGES.notConnected });
      throw new Error(PRINTER_MESSAGES.notConnected);
    }
    await attach(role, open, null);
  }

  return {
    get,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /** The browser's chooser, then open and remember the printer picked. */
    async connect(role: PrinterRole, kind: PrinterKind): Promise<void> {
      const found = apis();
      try {
        if (kind === "usb") {
          if (!found.usb) throw new Error("This browser has no WebUSB");
          const device = await found.usb.requestDevice({ filters: [] });
          await attach(role, () => openUsbPrinter(device), {
            kind: "usb",
            vendorId: device.vendorId,
            productId: device.productId,
            serialNumber: device.serialNumber ?? null,
            name: usbName(device),
          });
        } else {
          if (!found.serial) throw new Error("This browser has no WebSerial");
          const port = await found.serial.requestPort();
          const info = port.getInfo();
          // A printer connected again keeps the speed chosen for it; a new one starts at the default.
          const before = remembered(role);
          const baudRate = before?.kind === "serial" && sameSerial(before, port) ? before.baudRate : SERIAL_BAUD;
          await attach(role, () => openSerialPrinter(port, baudRate), {
            kind: "serial",
            usbVendorId: info.usbVendorId ?? null,
            usbProductId: info.usbProductId ?? null,
            name: serialName(port),
            baudRate,
          });
        }
      } catch (error) {
        if (cancelled(error)) {
          set(role, { ...initial(role), ...(connections.has(role) ? { status: "connected" } : {}) });
          return;
        }
        set(role, { status: "error", error: messageOf(error) });
      }
    },

    /** At start: open the remembered printer if the browser still grants it and it is plugged in. */
    restore(role: PrinterRole): Promise<void> {
      if (connections.has(role) || !remembered(role)) return Promise.resolve();
      const running = restoring.get(role);
      if (running) return running;
      const run = (async () => {
        try {
          const open = await grantedDevice(role);
          if (!open) {
            set(role, { status: "not_connected", error: null });
            return;
          }
          await attach(role, open, null);
        } catch {
          // attach has set the error state; a restore at start stays quiet otherwise.
        } finally {
          restoring.delete(role);
        }
      })();
      restoring.set(role, run);
      return run;
    },

    /**
     * Writes bytes to the role's printer, reopening the remembered one first if needed. A failure
     * sets the error state (and drops the connection, so the next print reopens it) and rejects.
     */
    async print(role: PrinterRole, bytes: Uint8Array): Promise<void> {
      if (!connections.has(role)) {
        if (!remembered(role)) throw new Error(PRINTER_MESSAGES.noPrinter);
        await reopen(role);
      }
      const connection = connections.get(role);
      if (!connection) throw new Error(PRINTER_MESSAGES.notConnected);
      try {
        await connection.write(bytes);
        if (get(role).status !== "connected" || get(role).error) set(role, { status: "connected", error: null });
      } catch (error) {
        await drop(role);
        set(role, { status: "error", error: messageOf(error) });
        throw error;
      }
    },

    /**
     * The serial printer's line speed: remembered, and an open port is closed and opened again at
     * it. Garbled receipts are the sign of a wrong speed.
     */
    async setBaudRate(role: PrinterRole, baudRate: number): Promise<void> {
      const known = remembered(role);
      if (known?.kind !== "serial") throw new Error(PRINTER_MESSAGES.noPrinter);
      storage.setItem(key(role), JSON.stringify({ ...known, baudRate }));
      set(role, { baudRate });
      if (!connections.has(role)) return;
      await drop(role);
      await reopen(role);
    },

    /** Closes the printer and forgets it on this device (and, where the browser can, revokes its grant). */
    async forget(role: PrinterRole): Promise<void> {
      await drop(role);
      const known = remembered(role);
      storage.removeItem(key(role));
      const found = apis();
      try {
        if (known?.kind === "usb" && found.usb) {
          const device = (await found.usb.getDevices()).find((candidate) => sameUsb(known, candidate));
          await device?.forget?.();
        }
        if (known?.kind === "serial" && found.serial) {
          const port = (await found.serial.getPorts()).find((candidate) => sameSerial(known, candidate));
          await port?.forget?.();
        }
      } catch {
        // The grant stays; the device is forgotten here all the same.
      }
      set(role, initial(role));
    },

    /** Whether a print can be attempted now: a printer is connected or remembered. */
    ready(role: PrinterRole): boolean {
      return connections.has(role);
    },
  };
}

export type PrinterStore = ReturnType<typeof createPrinterStore>;
