import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** One line of the printed table. */
export interface Figure {
  bench: string;
  measure: string;
  value: string;
  target?: string;
}

export const tempDir = (prefix: string) => mkdtemp(path.join(os.tmpdir(), prefix));

/** Starts a command in its own process group, so stopping it stops its children too. */
export function startGroup(command: string, args: string[], env: Record<string, string>): ChildProcess {
  const child = spawn(command, args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    detached: true,
    stdio: ["ignore", "ignore", "pipe"],
  });
  child.stderr?.on("data", (chunk: Buffer) => process.stderr.write(chunk));
  return child;
}

export function stopGroup(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || !child.pid) return resolve();
    child.once("exit", () => resolve());
    const signal = (name: NodeJS.Signals) => {
      try {
        if (child.pid) process.kill(-child.pid, name);
      } catch {
        // the group is already gone
      }
    };
    signal("SIGTERM");
    setTimeout(() => {
      if (child.exitCode === null) signal("SIGKILL");
    }, 5000).unref();
  });
}

/** Milliseconds until GET url answers 200, polling every 50 ms. */
export async function waitHealthy(url: string, timeoutMs = 180_000): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < timeoutMs) {
    try {
      const response = await fetch(url);
      if (response.ok) return performance.now() - started;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${url} not healthy after ${timeoutMs} ms`);
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
export const ms = (value: number) => `${value.toFixed(value < 10 ? 2 : 0)} ms`;
