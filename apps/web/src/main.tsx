import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/App";
import { loadCompanyTimeZone } from "./lib/company-zone";

// The start-up's milestones, read by the register's start benchmark (bench/pos-start.bench.ts).
performance.mark("app-scripts-ready");
const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");

void loadCompanyTimeZone();

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
