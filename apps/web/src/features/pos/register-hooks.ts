import { localMoment } from "@cargodesk/shared";
import { useEffect, useMemo, useRef, useState } from "react";
import { companyTimeZone } from "../../lib/company-zone";
import { EMPTY_WEDGE, readWedgeKey } from "./barcode";

/** Whether a key press belongs to a field that takes typing (the barcode box reads its own scans). */
const isTyping = (target: EventTarget | null): boolean =>
  target instanceof HTMLElement &&
  (target.isContentEditable || target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement);

/**
 * A keyboard-wedge scanner anywhere on the register: a burst of digits and Enter while no field
 * has the focus adds the item with that barcode (`readWedgeKey` tells a scan from typing).
 */
export function useWedgeScanner(onScan: (barcode: string) => void, enabled: boolean): void {
  const state = useRef(EMPTY_WEDGE);
  const latest = useRef(onScan);
  latest.current = onScan;
  useEffect(() => {
    if (!enabled) return;
    const onKey = (event: KeyboardEvent) => {
      if (isTyping(event.target) || event.ctrlKey || event.altKey || event.metaKey) return;
      const result = readWedgeKey(state.current, event.key, event.timeStamp);
      state.current = result.state;
      if (result.barcode) {
        event.preventDefault();
        latest.current(result.barcode);
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [enabled]);
}

/** A moment on the company's clock, taken again each minute so deals and happy hours follow the time. */
export function useCompanyMoment() {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), 60_000);
    return () => window.clearInterval(timer);
  }, []);
  return useMemo(() => localMoment(now, companyTimeZone()), [now]);
}

/** A function key on the till (F9 pays, as on most registers) while no dialog is open. */
export function useFunctionKey(key: string, action: () => void, enabled: boolean): void {
  const latest = useRef(action);
  latest.current = action;
  useEffect(() => {
    if (!enabled) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== key) return;
      event.preventDefault();
      latest.current();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [key, enabled]);
}
