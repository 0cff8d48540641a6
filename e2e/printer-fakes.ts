import type { Page } from "@playwright/test";
import { expect } from "./helpers";

/**
 * A fake WebSerial printer, installed before the app loads: `navigator.serial` with one port (a
 * CH340 USB-serial adapter). Each job written lands in `window.printedJobs`; `window.printerFails`
 * makes writes fail as an unplugged printer's do. The chooser grants the port, and the grant is kept
 * in localStorage so getPorts() answers it again after a reload, as Chromium does. No WebUSB.
 */
export function installFakeSerialPrinter(page: Page) {
  return page.addInitScript(() => {
    const state = window as unknown as {
      printedJobs: number[][];
      printerFails: boolean;
      printerOpens: number;
      printerBauds: number[];
    };
    state.printedJobs = [];
    state.printerFails = false;
    state.printerOpens = 0;
    state.printerBauds = [];
    let writable: WritableStream<Uint8Array> | null = null;
    const port = {
      getInfo: () => ({ usbVendorId: 0x1a86, usbProductId: 0x7523 }),
      async open({ baudRate }: { baudRate: number }) {
        state.printerOpens += 1;
        state.printerBauds.push(baudRate);
        writable = new WritableStream<Uint8Array>({
          write(chunk) {
            if (state.printerFails) throw new DOMException("The device has been lost.", "NetworkError");
            state.printedJobs.push([...chunk]);
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
    Object.defineProperty(navigator, "serial", {
      configurable: true,
      value: {
        async requestPort() {
          localStorage.setItem("fake.serial.granted", "1");
          return port;
        },
        async getPorts() {
          return localStorage.getItem("fake.serial.granted") ? [port] : [];
        },
      },
    });
    Object.defineProperty(navigator, "usb", { configurable: true, value: undefined });
  });
}

/** The line speeds the port was opened at, in turn, on this page. */
export const printerBauds = (page: Page) =>
  page.evaluate(() => (window as unknown as { printerBauds: number[] }).printerBauds);

export const printedJobs = (page: Page) =>
  page.evaluate(() => (window as unknown as { printedJobs: number[][] }).printedJobs);
export const containsBytes = (job: number[], part: number[]) =>
  job.some((_, start) => part.every((byte, index) => job[start + index] === byte));
export const ESC_INIT = [0x1b, 0x40];
export const DRAWER_KICK = [0x1b, 0x70];

export const printerChip = (page: Page) => page.getByTestId("device-printer-receipt");

export async function connectSerialPrinter(page: Page) {
  await expect(printerChip(page)).toHaveAccessibleName("Receipt printer: No device printer");
  await printerChip(page).click();
  const menu = page.getByRole("menu");
  // The browser has WebSerial but no WebUSB: only the serial choice is offered.
  await expect(menu.getByRole("menuitem", { name: "Connect USB printer" })).toHaveCount(0);
  await menu.getByRole("menuitem", { name: "Connect serial printer" }).click();
  await expect(printerChip(page)).toHaveAccessibleName("Receipt printer: Connected");
  await expect(printerChip(page)).toContainText("Serial printer 1a86:7523");
}
