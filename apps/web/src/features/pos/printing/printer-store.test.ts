import { describe, expect, it } from "vitest";
import { fakeSerialPort, fakeUsbPrinter } from "./fakes.test-support";
import { createPrinterStore, PRINTER_MESSAGES } from "./printer-store";
import type { DeviceApis, SerialPortLike, UsbDeviceLike } from "./web-devices";

function memoryStorage() {
  const values = new Map<string, string>();
  return {
    values,
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
  };
}

/** Browser APIs with one device each; what the chooser answers and what was granted before are set per test. */
function fakeApis(options: { usb?: UsbDeviceLike; serial?: SerialPortLike; granted?: boolean; cancel?: boolean }) {
  const apis: DeviceApis = {
    usb: options.usb
      ? {
          requestDevice: async () => {
            if (options.cancel) throw Object.assign(new Error("No device selected."), { name: "NotFoundError" });
            return options.usb as UsbDeviceLike;
          },
          getDevices: async () => (options.granted && options.usb ? [options.usb] : []),
        }
      : undefined,
    serial: options.serial
      ? {
          requestPort: async () => options.serial as SerialPortLike,
          getPorts: async () => (options.granted && options.serial ? [options.serial] : []),
        }
      : undefined,
  };
  return () => apis;
}

describe("the device printer store", () => {
  it("says which APIs the browser has and starts with no printer", () => {
    const store = createPrinterStore(fakeApis({ serial: fakeSerialPort().port }), memoryStorage(), "t.");
    expect(store.get("receipt")).toEqual({
      status: "none",
      kind: null,
      name: null,
      error: null,
      supports: { usb: false, serial: true },
      baudRate: null,
    });
  });

  it("connects a USB printer through the chooser, remembers it, prints, and tells subscribers", async () => {
    const fake = fakeUsbPrinter();
    const storage = memoryStorage();
    const store = createPrinterStore(fakeApis({ usb: fake.device }), storage, "t.");
    const seen: string[] = [];
    store.subscribe(() => seen.push(store.get("receipt").status));
    await store.connect("receipt", "usb");
    expect(store.get("receipt")).toMatchObject({ status: "connected", kind: "usb", name: "Winbond POS-80" });
    expect(seen).toEqual(["connecting", "connected"]);
    expect(JSON.parse(storage.values.get("t.printer.receipt") ?? "")).toEqual({
      kind: "usb",
      vendorId: 0x0416,
      productId: 0x5011,
      serialNumber: "SN-1",
      name: "Winbond POS-80",
    });
    await store.print("receipt", Uint8Array.from([0x1b, 0x40]));
    expect(fake.transfers).toEqual([{ endpoint: 3, bytes: [0x1b, 0x40] }]);
    // The label printer is another role: nothing there.
    await expect(store.print("label", Uint8Array.from([1]))).rejects.toThrow(PRINTER_MESSAGES.noPrinter);
  });

  it("finds the remembered printer again among the granted devices on a new page, or says it is not connected", async () => {
    const storage = memoryStorage();
    const fake = fakeSerialPort();
    await createPrinterStore(fakeApis({ serial: fake.port }), storage, "t.").connect("label", "serial");

    const unplugged = createPrinterStore(fakeApis({ serial: fake.port, granted: false }), storage, "t.");
    expect(unplugged.get("label")).toMatchObject({ status: "not_connected", name: "Serial printer 1a86:7523" });
    await unplugged.restore("label");
    expect(unplugged.get("label").status).toBe("not_connected");
    await expect(unplugged.print("label", Uint8Array.from([1]))).rejects.toThrow(PRINTER_MESSAGES.notConnected);
    expect(unplugged.get("label")).toMatchObject({ status: "error", error: PRINTER_MESSAGES.notConnected });

    const again = fakeSerialPort();
    const reopened = createPrinterStore(fakeApis({ serial: again.port, granted: true }), storage, "t.");
    await Promise.all([reopened.restore("label"), reopened.restore("label")]);
    expect(again.opened).toEqual([9600]);
    expect(reopened.get("label").status).toBe("connected");
    await reopened.print("label", Uint8Array.from([0x53]));
    expect(again.written).toEqual([0x53]);
  });

  it("opens a serial printer at the speed chosen for it, reopens it at a new one, and keeps that speed on a new page", async () => {
    const storage = memoryStorage();
    const fake = fakeSerialPort();
    const store = createPrinterStore(fakeApis({ serial: fake.port, granted: true }), storage, "t.");
    await store.connect("receipt", "serial");
    expect(store.get("receipt")).toMatchObject({ status: "connected", baudRate: 9600 });

    await store.setBaudRate("receipt", 38400);
    expect(fake.opened).toEqual([9600, 38400]);
    expect(store.get("receipt")).toMatchObject({ status: "connected", baudRate: 38400 });
    await store.print("receipt", Uint8Array.from([0x41]));
    expect(fake.written).toEqual([0x41]);

    const again = fakeSerialPort();
    const reopened = createPrinterStore(fakeApis({ serial: again.port, granted: true }), storage, "t.");
    expect(reopened.get("receipt").baudRate).toBe(38400);
    await reopened.restore("receipt");
    expect(again.opened).toEqual([38400]);
    // Connected again through the chooser, the same printer keeps its speed.
    await reopened.connect("receipt", "serial");
    expect(again.opened).toEqual([38400, 38400]);
  });

  it("takes a serial printer remembered before speeds could be chosen at 9600 baud; USB printers have no speed", async () => {
    const storage = memoryStorage();
    storage.setItem(
      "t.printer.receipt",
      JSON.stringify({ kind: "serial", usbVendorId: 0x1a86, usbProductId: 0x7523, name: "Serial printer 1a86:7523" }),
    );
    const fake = fakeSerialPort();
    const store = createPrinterStore(fakeApis({ serial: fake.port, granted: true }), storage, "t.");
    expect(store.get("receipt").baudRate).toBe(9600);
    await store.restore("receipt");
    expect(fake.opened).toEqual([9600]);

    const usb = createPrinterStore(fakeApis({ usb: fakeUsbPrinter().device }), memoryStorage(), "t.");
    await usb.connect("receipt", "usb");
    expect(usb.get("receipt")).toMatchObject({ status: "connected", baudRate: null });
    await expect(usb.setBaudRate("receipt", 19200)).rejects.toThrow(PRINTER_MESSAGES.noPrinter);
  });

  it("shows a failed print as an error, drops the connection and reopens it for the next print", async () => {
    const fake = fakeUsbPrinter({ stall: true });
    const store = createPrinterStore(fakeApis({ usb: fake.device, granted: true }), memoryStorage(), "t.");
    await store.connect("receipt", "usb");
    await expect(store.print("receipt", Uint8Array.from([1]))).rejects.toThrow("stall");
    expect(store.get("receipt")).toMatchObject({ status: "error", error: "The printer refused the data (stall)" });
    expect(store.ready("receipt")).toBe(false);
    await expect(store.print("receipt", Uint8Array.from([2]))).rejects.toThrow("stall");
    expect(fake.calls.filter((call) => call === "open")).toHaveLength(2);
  });

  it("takes a cancelled chooser quietly, and forgets a printer", async () => {
    const fake = fakeUsbPrinter();
    const storage = memoryStorage();
    const cancelled = createPrinterStore(fakeApis({ usb: fake.device, cancel: true }), storage, "t.");
    await cancelled.connect("receipt", "usb");
    expect(cancelled.get("receipt")).toMatchObject({ status: "none", error: null });

    const store = createPrinterStore(fakeApis({ usb: fake.device, granted: true }), storage, "t.");
    await store.connect("receipt", "usb");
    await store.forget("receipt");
    expect(store.get("receipt").status).toBe("none");
    expect(storage.values.size).toBe(0);
    expect(fake.device.opened).toBe(false);
  });
});
