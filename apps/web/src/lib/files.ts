/** Handing fetched files to the browser: a download, or a window opened during the click. */

const REVOKE_AFTER_MS = 5 * 60_000;

/** Hands a blob to the browser as a download named `fileName`. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}

/**
 * Opens a window during the click (window.open cannot send the bearer token, and a window opened
 * after an await may be blocked as a pop-up), to be filled with the document once it arrives.
 */
export function openBlankWindow(title: string): Window | null {
  const target = window.open("", "_blank");
  if (target) {
    target.document.title = title;
    target.document.body.textContent = `Loading ${title}…`;
  }
  return target;
}

/**
 * Shows the document `load` fetches in `target`, or downloads it as its file name when no window
 * could be opened; a failure closes the waiting window and rejects.
 */
export async function showInWindow(
  load: () => Promise<{ blob: Blob; fileName: string }>,
  target: Window | null,
): Promise<void> {
  try {
    const { blob, fileName } = await load();
    if (target && !target.closed) {
      const url = URL.createObjectURL(blob);
      window.setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
      target.location.href = url;
      return;
    }
    saveBlob(blob, fileName);
  } catch (error) {
    target?.close();
    throw error;
  }
}
