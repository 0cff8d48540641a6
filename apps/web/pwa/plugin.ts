import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";

/**
 * Writes `sw.js` (from pwa/sw-template.js) and `manifest.webmanifest` into the build: the service
 * worker precaches every file of this build, and its version is their hash, so a new build replaces
 * the cache. Hand-made rather than vite-plugin-pwa: Workbox's build pulls in some 300 packages for
 * what is here 50 lines that we can read and test.
 */
export function serviceWorker(): Plugin {
  return {
    name: "cargodesk-service-worker",
    apply: "build",
    generateBundle(_options, bundle) {
      const files = Object.keys(bundle)
        .filter((name) => !name.endsWith(".map") && name !== "index.html")
        .map((name) => `/${name}`)
        .concat("/favicon.svg")
        .sort();
      const version = createHash("sha256").update(files.join("\n")).digest("hex").slice(0, 16);
      const template = readFileSync(path.join(import.meta.dirname, "sw-template.js"), "utf8");
      this.emitFile({
        type: "asset",
        fileName: "sw.js",
        source: template.replace(`"__VERSION__"`, JSON.stringify(version)).replace("__ASSETS__", JSON.stringify(files)),
      });
      this.emitFile({
        type: "asset",
        fileName: "manifest.webmanifest",
        source: JSON.stringify(
          {
            name: "CargoDesk POS",
            short_name: "CargoDesk POS",
            description: "The restaurant register of CargoDesk: keeps selling when the network drops",
            start_url: "/pos",
            scope: "/",
            display: "standalone",
            background_color: "#f4f6fa",
            theme_color: "#0f2a4a",
            icons: [{ src: "/favicon.svg", sizes: "any", type: "image/svg+xml", purpose: "any" }],
          },
          null,
          2,
        ),
      });
    },
  };
}
