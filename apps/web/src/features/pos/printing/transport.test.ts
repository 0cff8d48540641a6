import { describe, expect, it } from "vitest";
import { fakeSerialPort, fakeUsbPrinter } from "./fakes.test-support";
import { openSerialPrinter, openUsbPrinter, SERIAL_BAUD, USB_CHUNK } from "./transport";

describe("openUsbPrinter", () => {
  it("opens, selects configuration 1, claims the printer interface and writes to its bulk OUT endpoint", async () => {
    const fake = fakeUsbPrinter();
    const printer = await openUsbPrinter(fake.device);
    expect(printer).toMatchObject({ kind: "usb", name: "Winbond POS-80" });
    expect(fake.calls).toEqual(["open", "configuration 1"]);
    expect(fake.claimed).toEqual([0]);
    await printer.write(Uint8Array.from([0x1b, 0x40, 0x41]));
    expect(fake.transfers).toEqual([{ endpoint: 3, bytes: [0x1b, 0x40, 0x41] }]);
    await printer.close();
    expect(fake.calls.at(-1)).toBe("close");
  });

  it("sends a large job in chunks, in order", async () => {
    const fake = fakeUsbPrinter();
    const printer = await openUsbPrinter(fake.device);
    const job = Uint8Array.from({ length: USB_CHUNK * 2 + 10 }, (_, index) => index % 251);
    await printer.write(job);
    expect(fake.transfers.map((transfer) => transfer.bytes.length)).toEqual([USB_CHUNK, USB_CHUNK, 10]);
    expect(fake.transfers.flatMap((transfer) => transfer.bytes)).toEqual([...job]);
  });

  it("takes a vendor-specific interface when there is no printer-class one", async () => {
    const fake = fakeUsbPrinter({ interfaceClass: 0xff });
    await openUsbPrinter(fake.device);
    expect(fake.claimed).toEqual([0]);
  });

  it("rejects a stalled transfer and a device without a bulk OUT endpoint", async () => {
    const stalled = await openUsbPrinter(fakeUsbPrinter({ stall: true }).device);
    await expect(stalled.write(Uint8Array.from([1]))).rejects.toThrow("The printer refused the data (stall)");

    const keyboard = fakeUsbPrinter();
    await keyboard.device.selectConfiguration(1);
    keyboard.device.configuration = {
      configurationValue: 1,
      interfaces: [
        {
          interfaceNumber: 0,
          alternate: { interfaceClass: 3, endpoints: [{ endpointNumber: 1, direction: "in", type: "interrupt" }] },
        },
      ],
    };
    await expect(openUsbPrinter(keyboard.device)).rejects.toThrow("no bulk OUT endpoint");
    expect(keyboard.device.opened).toBe(false);
  });
});

describe("openSerialPrinter", () => {
  it("opens the port at 9600 baud and writes each job through its stream", async () => {
    const fake = fakeSerialPort();
    const printer = await openSerialPrinter(fake.port);
    expect(fake.opened).toEqual([SERIAL_BAUD]);
    expect(printer.name).toBe("Serial printer 1a86:7523");
    await printer.write(Uint8Array.from([0x1b, 0x40]));
    await printer.write(Uint8Array.from([0x0a]));
    expect(fake.written).toEqual([0x1b, 0x40, 0x0a]);
    // The writer's lock is released after each job, so the next one can take it.
    expect(fake.port.writable?.locked).toBe(false);
  });

  it("does not open a port that is already open, and rejects when the stream fails or the port is closed", async () => {
    const fake = fakeSerialPort({ failWrites: true });
    await fake.port.open({ baudRate: 19200 });
    const printer = await openSerialPrinter(fake.port);
    expect(fake.opened).toEqual([19200]);
    await expect(printer.write(Uint8Array.from([1]))).rejects.toThrow("The device has been lost.");
    await printer.close();
    await expect(printer.write(Uint8Array.from([1]))).rejects.toThrow("The serial port is closed");
  });
});
