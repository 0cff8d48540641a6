import type { SerialPortLike, UsbDeviceLike } from "./web-devices";

/** A fake USB receipt printer: interface 0 is printer class with a bulk OUT endpoint 3; it records each transfer. */
export function fakeUsbPrinter(options: { stall?: boolean; serialNumber?: string; interfaceClass?: number } = {}) {
  const transfers: { endpoint: number; bytes: number[] }[] = [];
  const claimed: number[] = [];
  const calls: string[] = [];
  const device: UsbDeviceLike = {
    vendorId: 0x0416,
    productId: 0x5011,
    serialNumber: options.serialNumber ?? "SN-1",
    manufacturerName: "Winbond",
    productName: "POS-80",
    opened: false,
    configuration: null,
    async open() {
      calls.push("open");
      device.opened = true;
    },
    async close() {
      calls.push("close");
      device.opened = false;
    },
    async selectConfiguration(value) {
      calls.push(`configuration ${value}`);
      device.configuration = {
        configurationValue: value,
        interfaces: [
          {
            interfaceNumber: 1,
            alternate: { interfaceClass: 3, endpoints: [{ endpointNumber: 1, direction: "in", type: "interrupt" }] },
          },
          {
            interfaceNumber: 0,
            alternate: {
              interfaceClass: options.interfaceClass ?? 7,
              endpoints: [
                { endpointNumber: 2, direction: "in", type: "bulk" },
                { endpointNumber: 3, direction: "out", type: "bulk" },
              ],
            },
          },
        ],
      };
    },
    async claimInterface(interfaceNumber) {
      claimed.push(interfaceNumber);
    },
    async transferOut(endpoint, data) {
      const view =
        data instanceof ArrayBuffer
          ? new Uint8Array(data)
          : new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
      transfers.push({ endpoint, bytes: [...view] });
      return { status: options.stall ? "stall" : "ok" };
    },
  };
  return { device, transfers, claimed, calls };
}

/** A fake serial port: what is written to its stream is collected; `failWrites` makes the stream error. */
export function fakeSerialPort(options: { failWrites?: boolean } = {}) {
  const written: number[] = [];
  const opened: number[] = [];
  let writable: WritableStream<Uint8Array> | null = null;
  const port: SerialPortLike = {
    getInfo: () => ({ usbVendorId: 0x1a86, usbProductId: 0x7523 }),
    async open({ baudRate }) {
      opened.push(baudRate);
      writable = new WritableStream<Uint8Array>({
        write(chunk) {
          if (options.failWrites) throw new Error("The device has been lost.");
          written.push(...chunk);
        },
      });
    },
    async close() {
      writable = null;
    },
    get writable() {
      return writable;
    },
  };
  return { port, written, opened };
}
