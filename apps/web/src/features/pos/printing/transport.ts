import type { SerialPortLike, UsbDeviceLike } from "./web-devices";

/** An open printer: bytes in, nothing back (ESC/POS and TSPL printers are written to, not read). */
export interface PrinterConnection {
  kind: "usb" | "serial";
  name: string;
  write(bytes: Uint8Array): Promise<void>;
  close(): Promise<void>;
}

/** USB class 7: printers. Receipt and label printers that are vendor-specific (0xff) are tried too. */
const PRINTER_CLASS = 7;
const VENDOR_CLASS = 0xff;

/** WebUSB sends in chunks this size; some printers' buffers stall on one large transfer. */
export const USB_CHUNK = 4096;

export const usbName = (device: UsbDeviceLike) =>
  [device.manufacturerName, device.productName].filter(Boolean).join(" ") ||
  `USB printer ${device.vendorId.toString(16).padStart(4, "0")}:${device.productId.toString(16).padStart(4, "0")}`;

/** The interface and bulk OUT endpoint to print on: a printer-class interface first, else any with one. */
function bulkOut(device: UsbDeviceLike) {
  const interfaces = device.configuration?.interfaces ?? [];
  const withOut = interfaces.flatMap((candidate) => {
    const endpoint = candidate.alternate.endpoints.find((each) => each.direction === "out" && each.type === "bulk");
    return endpoint ? [{ candidate, endpoint }] : [];
  });
  return (
    withOut.find(({ candidate }) => candidate.alternate.interfaceClass === PRINTER_CLASS) ??
    withOut.find(({ candidate }) => candidate.alternate.interfaceClass === VENDOR_CLASS) ??
    withOut[0]
  );
}

/**
 * Opens a USB printer: open the device, select its first configuration when none is, claim the
 * interface that has a bulk OUT endpoint and write to it. A stalled transfer is an error.
 */
export async function openUsbPrinter(device: UsbDeviceLike): Promise<PrinterConnection> {
  if (!device.opened) await device.open();
  if (device.configuration === null) await device.selectConfiguration(1);
  const target = bulkOut(device);
  if (!target) {
    await device.close();
    throw new Error("This USB device has no printer output (no bulk OUT endpoint)");
  }
  await device.claimInterface(target.candidate.interfaceNumber);
  return {
    kind: "usb",
    name: usbName(device),
    async write(bytes) {
      for (let start = 0; start < bytes.length; start += USB_CHUNK) {
        const result = await device.transferOut(target.endpoint.endpointNumber, bytes.slice(start, start + USB_CHUNK));
        if (result.status !== "ok") throw new Error(`The printer refused the data (${result.status})`);
      }
    },
    close: () => device.close(),
  };
}

/** Most serial receipt printers ship at 9600 baud, 8N1 (the settings page of the printer says). */
export const SERIAL_BAUD = 9600;
/** The speeds a receipt printer's serial port is commonly set to. */
export const SERIAL_BAUDS = [9600, 19200, 38400, 57600, 115200] as const;

export const serialName = (port: SerialPortLike) => {
  const info = port.getInfo();
  return info.usbVendorId === undefined
    ? "Serial printer"
    : `Serial printer ${info.usbVendorId.toString(16).padStart(4, "0")}:${(info.usbProductId ?? 0).toString(16).padStart(4, "0")}`;
};

/** Opens a serial printer at `baudRate` and writes through the port's stream, releasing it after each job. */
export async function openSerialPrinter(port: SerialPortLike, baudRate = SERIAL_BAUD): Promise<PrinterConnection> {
  if (!port.writable) await port.open({ baudRate });
  return {
    kind: "serial",
    name: serialName(port),
    async write(bytes) {
      const writable = port.writable;
      if (!writable) throw new Error("The serial port is closed");
      const writer = writable.getWriter();
      try {
        await writer.write(bytes);
        await writer.ready;
      } finally {
        writer.releaseLock();
      }
    },
    close: () => port.close(),
  };
}
