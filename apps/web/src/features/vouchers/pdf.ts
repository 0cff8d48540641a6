import { useMutation } from "@tanstack/react-query";
import { apiFile } from "../../lib/api";
import { openBlankWindow, showInWindow } from "../../lib/files";

/**
 * Shows a voucher's PDF in `target`, a window opened during the click; without a window the PDF is
 * downloaded instead.
 */
export function showVoucherPdf(id: number, fileName: string, target: Window | null): Promise<void> {
  return showInWindow(
    async () => ({
      blob: (await apiFile(`/voucher/${id}/voucher.pdf`, { type: "application/pdf", fallbackName: `${fileName}.pdf` }))
        .blob,
      fileName: `${fileName}.pdf`,
    }),
    target,
  );
}

/** `print(voucher)` from a click handler; `printingId` is the voucher being fetched, `error` the last failure. */
export function usePrintVoucher() {
  const mutation = useMutation({
    mutationFn: ({ id, number, target }: { id: number; number: string; target: Window | null }) =>
      showVoucherPdf(id, number, target),
  });
  return {
    print: (voucher: { _id: number; voucherManualId: string }) =>
      mutation.mutate({
        id: voucher._id,
        number: voucher.voucherManualId,
        target: openBlankWindow(voucher.voucherManualId),
      }),
    printingId: mutation.isPending ? mutation.variables.id : null,
    error: mutation.error,
    reset: mutation.reset,
  };
}
