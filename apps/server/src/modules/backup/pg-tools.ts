import { spawn } from "node:child_process";

/** PostgreSQL's client programs CargoDesk uses when they are installed (Debian: postgresql-client). */
export type PgTool = "pg_dump" | "pg_restore";

interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
}

function run(tool: PgTool, args: readonly string[], env: NodeJS.ProcessEnv = process.env): Promise<Ran> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.once("error", reject);
    child.once("close", (code) => resolve({ code, stdout, stderr }));
  });
}

/** The tool's major version (`pg_dump (PostgreSQL) 15.20` -> 15), or null when it is not on the PATH. */
export async function toolMajorVersion(tool: PgTool): Promise<number | null> {
  try {
    const { code, stdout } = await run(tool, ["--version"]);
    const match = /\(PostgreSQL\)\s+(\d+)/.exec(stdout);
    return code === 0 && match?.[1] ? Number(match[1]) : null;
  } catch {
    return null;
  }
}

/**
 * `--dbname` for a connection URL, with its password moved into the child's PGPASSWORD so it
 * never shows in the process list.
 */
export function connection(url: string): { args: string[]; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = "";
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (password) env.PGPASSWORD = password;
  return { args: [`--dbname=${parsed.toString()}`], env };
}

/** Runs a tool against the database at `url`; rejects with its own error output when it fails. */
export async function runAgainst(tool: PgTool, url: string, args: readonly string[]): Promise<void> {
  const target = connection(url);
  const { code, stderr } = await run(tool, [...target.args, ...args], target.env);
  if (code !== 0) throw new Error(`${tool} failed (exit ${code}): ${stderr.trim() || "no message"}`);
}
