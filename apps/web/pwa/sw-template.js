/*
 * CargoDesk's service worker (design 6.7): it keeps the built app (the shell and every script and
 * style of this build) so the register opens with no network. Pages are asked of the network first
 * and fall back to the kept shell; the build's files, whose names carry their hash, come from the
 * cache. The API is never cached: the register keeps its own data in IndexedDB.
 * Made at build time by pwa/plugin.ts, which fills in the version and the list of files.
 */
const VERSION = "__VERSION__";
const ASSETS = __ASSETS__;
const CACHE = `cargodesk-shell-${VERSION}`;
const SHELL = "/index.html";
const KEPT = new Set(ASSETS);

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll([SHELL, ...ASSETS]))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(
          keys.filter((key) => key.startsWith("cargodesk-shell-") && key !== CACHE).map((key) => caches.delete(key)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || url.pathname.startsWith("/api/")) return;
  if (request.mode === "navigate") {
    const shell = () => caches.match(SHELL, { cacheName: CACHE });
    // With no network, as far as the browser knows, the kept shell at once instead of after a failed fetch.
    event.respondWith(self.navigator.onLine ? fetch(request).catch(shell) : shell());
    return;
  }
  if (KEPT.has(url.pathname))
    event.respondWith(caches.match(url.pathname, { cacheName: CACHE }).then((kept) => kept ?? fetch(request)));
});
