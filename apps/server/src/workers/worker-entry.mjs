// Worker thread entry. The server's modules are TypeScript, run by tsx in development, tests and
// `npm start`; a worker does not inherit vitest's transform, so tsx is registered here first.
import { parentPort, workerData } from "node:worker_threads";
import { register } from "tsx/esm/api";

register();
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
