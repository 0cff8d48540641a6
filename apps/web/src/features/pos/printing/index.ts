export {
  openDrawer,
  printBytesOnDevice,
  printLabelsOnDevice,
  printReceiptOnDevice,
  useDevicePrinter,
} from "./device-printer";
export { columns, textReceiptBytes } from "./escpos";
export { PrinterMenu } from "./PrinterMenu";
