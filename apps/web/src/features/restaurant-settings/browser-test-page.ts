import type { Printer } from "@cargodesk/shared";

/**
 * Prints a browser printer's test page through the browser's print dialog (the same lines the
 * server sends a network printer), from a hidden frame so the settings page itself is not printed.
 */
export function printBrowserTestPage(printer: Pick<Printer, "name" | "widthChars">): void {
  const frame = document.createElement("iframe");
  frame.setAttribute("aria-hidden", "true");
  frame.style.position = "fixed";
  frame.style.width = "0";
  frame.style.height = "0";
  frame.style.border = "0";
  document.body.append(frame);
  const doc = frame.contentDocument;
  const view = frame.contentWindow;
  if (!doc || !view) {
    frame.remove();
    return;
  }
  const rule = "-".repeat(printer.widthChars);
  const pre = doc.createElement("pre");
  pre.style.font = "12px monospace";
  pre.textContent = [
    rule,
    "CargoDesk test page",
    `Printer: ${printer.name}`,
    `Width: ${printer.widthChars} characters`,
    rule,
  ].join("\n");
  doc.body.append(pre);
  view.addEventListener("afterprint", () => frame.remove(), { once: true });
  view.print();
}
