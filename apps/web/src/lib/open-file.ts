import { useState } from "react";
import { errorMessage } from "./api";
import { openBlankWindow, saveBlob, showInWindow } from "./files";

/** Fetches a file when called. */
export type FileLoad = () => Promise<{ blob: Blob; fileName: string }>;

/** Opens a PDF in a window opened during the click, or downloads an XLSX; remembers the failure to show. */
export function useOpenFile() {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const open = async (format: "pdf" | "xlsx", title: string, load: FileLoad) => {
    setError(null);
    setBusy(true);
    const target = format === "pdf" ? openBlankWindow(title) : null;
    try {
      if (format === "pdf") await showInWindow(load, target);
      else {
        const file = await load();
        saveBlob(file.blob, file.fileName);
      }
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };
  return { open, error, busy, clearError: () => setError(null) };
}
