/**
 * The parts of WebUSB and WebSerial the printers use. TypeScript's DOM library has neither (both are
 * Chromium-only), so they are declared here, structurally: a real `USBDevice` or `SerialPort` fits,
 * and so do the fakes of the tests.
 */
export interface UsbEndpointLike {
  endpointNumber: number;
  direction: "in" | "out";
  type: "bulk" | "interrupt" | "isochronous";
}

export interface UsbInterfaceLike {
  interfaceNumber: number;
  alternate: { interfaceClass: number; endpoints: readonly UsbEndpointLike[] };
}

export interface UsbDeviceLike {
  vendorId: number;
  productId: number;
  serialNumber?: string | undefined;
  productName?: string | undefined;
  manufacturerName?: string | undefined;
  opened: boolean;
  configuration: { configurationValue: number; interfaces: readonly UsbInterfaceLike[] } | null;
  open(): Promise<void>;
  close(): Promise<void>;
  selectConfiguration(value: number): Promise<void>;
  claimInterface(interfaceNumber: number): Promise<void>;
  transferOut(endpointNumber: number, data: BufferSource): Promise<{ status: "ok" | "stall" | "babble" }>;
  forget?: () => Promise<void>;
}

export interface UsbApi {
  requestDevice(options: { filters: { classCode?: number }[] }): Promise<UsbDeviceLike>;
  getDevices(): Promise<UsbDeviceLike[]>;
}

export interface SerialPortLike {
  getInfo(): { usbVendorId?: number | undefined; usbProductId?: number | undefined };
  open(options: { baudRate: number }): Promise<void>;
  close(): Promise<void>;
  writable: WritableStream<Uint8Array> | null;
  forget?: () => Promise<void>;
}

export interface SerialApi {
  requestPort(options?: { filters?: { usbVendorId?: number }[] }): Promise<SerialPortLike>;
  getPorts(): Promise<SerialPortLike[]>;
}

export interface DeviceApis {
  usb?: UsbApi | undefined;
  serial?: SerialApi | undefined;
}

/** This browser's WebUSB and WebSerial, where it has them (Chromium-based browsers on a secure origin). */
export function deviceApis(): DeviceApis {
  if (typeof navigator === "undefined") return {};
  const nav: Navigator & DeviceApis = navigator;
  return { usb: nav.usb, serial: nav.serial };
}
