import { useEffect } from "react";

/**
 * Installs the service worker (built by pwa/plugin.ts) the first time the register opens, so the
 * next start works with no network (design 6.7). Only in a built app: the dev server has none.
 */
export function useServiceWorker(): void {
  useEffect(() => {
    if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return;
    navigator.serviceWorker.register("/sw.js").catch(() => {
      // No service worker (a private window, an old browser): the register works online as before.
    });
  }, []);
}
