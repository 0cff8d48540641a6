import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import { isErrorCode } from "@cargodesk/shared";
import type { tasks } from "../workers/tasks";
import { AppError } from "./app-error";

/** Functions a worker can run: one argument that survives structured cloning, a clonable result. */
export type TaskMap = Record<string, (input: never) => unknown>;

export interface PoolOptions {
  /** Module (its URL) whose `tasks` export names the functions workers run. */
  tasksUrl: URL;
  size: number;
  /** Heap a worker may use; past it only that worker dies, not the server. */
  maxHeapMb?: number;
}

export interface RunOptions {
  /** Running time allowed (waiting in the queue is not counted); the worker is then stopped. */
  timeoutMs: number;
  /** What the caller gets when the time is up, e.g. a 400 naming the file. */
  timeoutError: () => Error;
}

interface Job {
  id: number;
  task: string;
  input: unknown;
  options: RunOptions;
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  /** Set once the worker has loaded its tasks; a job's time starts when a ready worker takes it. */
  ready: boolean;
  job: Job | null;
  timer: NodeJS.Timeout | null;
}

type Reply =
  | { ready: true }
  | { id: number; ok: true; result: unknown }
  | { id: number; ok: false; error: { message: string; code?: string; details?: unknown } };

const ENTRY = new URL("../workers/worker-entry.mjs", import.meta.url);

/**
 * A few worker threads for CPU-heavy work (reading uploaded sheets; PDFs later), so one large
 * file never blocks other requests. Jobs wait in order for a free worker; a job past its time
 * limit has its worker stopped and replaced. Idle workers do not keep the process alive.
 */
export function createWorkerPool<Tasks extends TaskMap>(options: PoolOptions) {
  const slots: Slot[] = [];
  const queue: Job[] = [];
  let nextId = 1;

  function spawn(): Slot {
    const worker = new Worker(ENTRY, {
      workerData: { tasksUrl: options.tasksUrl.href },
      resourceLimits: { maxOldGenerationSizeMb: options.maxHeapMb ?? 512 },
    });
    const slot: Slot = { worker, ready: false, job: null, timer: null };
    worker.on("message", (reply: Reply) => {
      if ("ready" in reply) {
        slot.ready = true;
        pump();
        if (!slot.job) slot.worker.unref();
        return;
      }
      const job = slot.job;
      if (!job || job.id !== reply.id) return;
      finish(slot);
      if (reply.ok) job.resolve(reply.result);
      else if (isErrorCode(reply.error.code))
        job.reject(new AppError(reply.error.code, reply.error.message, reply.error.details));
      else job.reject(new Error(`Worker task ${job.task} failed: ${reply.error.message}`));
      pump();
    });
    const lost = (error: Error) => {
      const index = slots.indexOf(slot);
      if (index < 0) return;
      slots.splice(index, 1);
      const job = slot.job;
      finish(slot);
      job?.reject(error);
      // A worker that cannot even start would fail again: the waiting jobs get its error.
      if (!slot.ready) for (const waiting of queue.splice(0)) waiting.reject(error);
      pump();
    };
    worker.on("error", (error) => lost(error));
    worker.on("exit", (code) => lost(new Error(`Worker stopped (exit code ${code})`)));
    slots.push(slot);
    return slot;
  }

  function finish(slot: Slot) {
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    slot.job = null;
    slot.worker.unref();
  }

  function pump() {
    while (queue.length > 0) {
      const slot = slots.find((candidate) => candidate.ready && candidate.job === null);
      if (!slot) {
        const starting = slots.filter((candidate) => !candidate.ready).length;
        if (starting < queue.length && slots.length < options.size) spawn();
        return;
      }
      const job = queue.shift();
      if (!job) return;
      slot.job = job;
      slot.worker.ref();
      slot.timer = setTimeout(() => {
        const index = slots.indexOf(slot);
        if (index >= 0) slots.splice(index, 1);
        finish(slot);
        void slot.worker.terminate();
        job.reject(job.options.timeoutError());
        pump();
      }, job.options.timeoutMs);
      slot.worker.postMessage({ id: job.id, task: job.task, input: job.input });
    }
  }

  return {
    run<Name extends keyof Tasks & string>(
      task: Name,
      input: Parameters<Tasks[Name]>[0],
      runOptions: RunOptions,
    ): Promise<Awaited<ReturnType<Tasks[Name]>>> {
      return new Promise((resolve, reject) => {
        queue.push({
          id: nextId++,
          task,
          input,
          options: runOptions,
          // The worker ran tasks[task], so its structured-cloned result has that task's type.
          resolve: (value) => resolve(value as Awaited<ReturnType<Tasks[Name]>>),
          reject,
        });
        pump();
      });
    },
    /** Workers running now (for tests and the benchmark). */
    busy: () => slots.filter((slot) => slot.job !== null).length,
    /** Jobs running and waiting for a worker, and workers started (of `size`): the metrics read them. */
    stats: () => ({
      running: slots.filter((slot) => slot.job !== null).length,
      queued: queue.length,
      workers: slots.length,
      size: options.size,
    }),
    async close() {
      const all = slots.splice(0);
      for (const job of queue.splice(0)) job.reject(new Error("Worker pool closed"));
      await Promise.all(
        all.map((slot) => {
          slot.job?.reject(new Error("Worker pool closed"));
          finish(slot);
          return slot.worker.terminate();
        }),
      );
    },
  };
}

/** Two workers at most, one on a single-core machine: the request thread keeps a core. */
export const POOL_SIZE = Math.max(1, Math.min(2, availableParallelism() - 1));

/**
 * The tasks module beside this one: tasks.ts under tsx (development, tests), the bundled tasks.js
 * in the compiled server (scripts/bundle-server.ts), whose modules keep their mirrored URLs.
 */
const TASKS_URL = new URL(`../workers/tasks.${import.meta.url.endsWith(".ts") ? "ts" : "js"}`, import.meta.url);

/** The server's one pool: every CPU-heavy task in workers/tasks.ts runs here. */
export const workerPool = createWorkerPool<typeof tasks>({
  tasksUrl: TASKS_URL,
  size: POOL_SIZE,
});
