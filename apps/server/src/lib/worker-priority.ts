import { readlinkSync } from "node:fs";
import { setPriority } from "node:os";
import { isMainThread } from "node:worker_threads";

/**
 * The scheduling priority (nice value) of a worker thread: lower than the request thread's, so
 * that when the CPU is short (a small machine, several documents at once) the threads answering
 * requests run first and a worker takes what is left. Linux only: there a thread is scheduled on
 * its own, and /proc/thread-self names its id.
 */
export const WORKER_NICE = 10;

/** Lowers the calling worker thread's priority to WORKER_NICE; does nothing on the main thread or elsewhere. */
export function lowerWorkerPriority(): boolean {
  if (isMainThread || process.platform !== "linux") return false;
  try {
    const threadId = Number(readlinkSync("/proc/thread-self").split("/").pop());
    if (!Number.isInteger(threadId)) return false;
    setPriority(threadId, WORKER_NICE);
    return true;
  } catch {
    // Not allowed or not available: the worker runs at the process's priority, as it would elsewhere.
    return false;
  }
}
