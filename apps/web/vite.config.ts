import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { serviceWorker } from "./pwa/plugin";

export default defineConfig({
  plugins: [react(), serviceWorker()],
  build: {
    outDir: "dist",
    emptyOutDir: true,
  },
  server: {
    port: 5173,
    proxy: {
      "/api": "http://localhost:3000",
    },
  },
});
