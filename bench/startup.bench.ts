import type { Figure } from "./lib";
import { ms, startGroup, stopGroup, tempDir, waitHealthy } from "./lib";

const PORT = "3277";

async function timeStart(label: string, args: string[], dataDir: string): Promise<Figure> {
  const stale = await fetch(`http://127.0.0.1:${PORT}/api/health`).then(
    () => true,
    () => false,
  );
  if (stale) throw new Error(`something already answers on port ${PORT}; stop it first`);
  const child = startGroup("npm", args, { PORT, DATA_DIR: dataDir, LOG_LEVEL: "warn" });
  try {
    const elapsed = await waitHealthy(`http://127.0.0.1:${PORT}/api/health`, child);
    return { bench: "startup", measure: label, value: ms(elapsed) };
  } finally {
    await stopGroup(child);
  }
}

/** Time from `npm start` (web build included) and from the server alone to a healthy /api/health. */
export async function run(): Promise<Figure[]> {
  const dataDir = await tempDir("cargodesk-bench-start-");
  const figures = [
    await timeStart("npm start, fresh data directory", ["start"], dataDir),
    await timeStart("npm start, existing data directory", ["start"], dataDir),
  ];
  const serverDir = await tempDir("cargodesk-bench-server-");
  figures.push(
    await timeStart("server only, fresh data directory", ["run", "start", "-w", "@cargodesk/server"], serverDir),
  );
  figures.push(
    await timeStart("server only, existing data directory", ["run", "start", "-w", "@cargodesk/server"], serverDir),
  );
  return figures;
}
