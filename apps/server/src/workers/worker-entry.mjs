// Worker thread entry. Under tsx (development, tests) the tasks module is TypeScript, and a worker
// does not inherit vitest's or tsx's transform, so tsx is registered first. The compiled server
// (scripts/bundle-server.ts) hands over its bundled tasks.js, which plain Node loads: no tsx there.
import { parentPort, workerData } from "node:worker_threads";

if (workerData.tasksUrl.endsWith(".ts")) {
  const { register } = await import("tsx/esm/api");
  register();
}
const { tasks } = await import(workerData.tasksUrl);

parentPort.on("message", async ({ id, task, input }) => {
  try {
    const run = tasks[task];
    if (typeof run !== "function") throw new Error(`Unknown worker task ${task}`);
    parentPort.postMessage({ id, ok: true, result: await run(input) });
  } catch (error) {
    const { message = String(error), code, details } = error instanceof Error ? error : {};
    parentPort.postMessage({ id, ok: false, error: { message, code, details } });
  }
});
parentPort.postMessage({ ready: true });
