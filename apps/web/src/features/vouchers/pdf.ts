import { errorBodySchema } from "@cargodesk/shared";
import { useMutation } from "@tanstack/react-query";
import { ApiError } from "../../lib/api";
import { readToken, signOut } from "../../lib/session";

const REVOKE_AFTER_MS = 5 * 60_000;

async function fetchVoucherPdf(id: number): Promise<Blob> {
  const token = readToken();
  let response: Response;
  try {
    response = await fetch(`/api/voucher/${id}/voucher.pdf`, {
      headers: token ? { Authorization: `Bearer ${token}`, Accept: "application/pdf" } : { Accept: "application/pdf" },
    });
  } catch {
    throw new ApiError(0, "NETWORK", "Could not reach the server. Check your connection and try again.");
  }
  if (!response.ok) {
    if (response.status === 401) signOut("/cargo-login");
    let payload: unknown = null;
    try {
      payload = await response.json();
    } catch {
      payload = null;
    }
    const body = errorBodySchema.safeParse(payload);
    throw body.success
      ? new ApiError(response.status, body.data.code, body.data.message, body.data.details)
      : new ApiError(response.status, "HTTP_ERROR", `The server answered with status ${response.status}.`);
  }
  return response.blob();
}

/**
 * Shows a voucher's PDF in `target`, a window opened during the click (window.open cannot send the
 * bearer token, and a window opened after an await may be blocked as a pop-up). Without a window
 * the PDF is downloaded instead.
 */
export async function showVoucherPdf(id: number, fileName: string, target: Window | null): Promise<void> {
  try {
    const blob = await fetchVoucherPdf(id);
    const url = URL.createObjectURL(new Blob([blob], { type: "application/pdf" }));
    window.setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
    if (target && !target.closed) {
      target.location.href = url;
      return;
    }
    const link = document.createElement("a");
    link.href = url;
    link.download = `${fileName}.pdf`;
    link.click();
  } catch (error) {
    target?.close();
    throw error;
  }
}

/** Opens the window synchronously, in the click, then fills it with the PDF. */
function openBlankWindow(title: string): Window | null {
  const target = window.open("", "_blank");
  if (target) {
    target.document.title = title;
    target.document.body.textContent = `Loading ${title}…`;
  }
  return target;
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
