export { openDrawer, printLabelsOnDevice, printReceiptOnDevice, useDevicePrinter } from "./device-printer";
export { PrinterMenu } from "./PrinterMenu";
