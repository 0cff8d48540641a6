import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/App";
import { preloadRoute } from "./app/router";
import { loadCompanyTimeZone } from "./lib/company-zone";

// The start-up's milestones, read by the register's start benchmark (bench/pos-start.bench.ts).
performance.mark("app-scripts-ready");
const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");

void loadCompanyTimeZone();

// The register (a full-screen route) renders once its code is here, without suspending on the way.
void preloadRoute(window.location.pathname).then(() =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
