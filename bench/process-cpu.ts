/**
 * CPU time used by processes, from /proc (Linux): the load benchmark divides it by the requests
 * served, a figure that does not swing with other work on a shared machine as requests/s do.
 */
import { readFile } from "node:fs/promises";
import pg from "pg";

/** Linux reports utime and stime in USER_HZ ticks, which the kernel fixes at 100 a second for user space. */
const TICKS_PER_SECOND = 100;

/** User + system CPU milliseconds of each process (all its threads); a process gone or unreadable counts 0. */
export async function cpuMs(pids: readonly number[]): Promise<number> {
  const each = await Promise.all(
    pids.map(async (pid) => {
      try {
        const stat = await readFile(`/proc/${pid}/stat`, "utf8");
        // Fields after the command name in parentheses: state is field 3, utime 14, stime 15.
        const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
        return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
      } catch {
        return 0;
      }
    }),
  );
  return each.reduce((sum, value) => sum + value, 0);
}

/** The PostgreSQL server processes serving other clients' connections to this database. */
export async function backendPids(url: string): Promise<number[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const result = await client.query<{ pid: number }>(
      `select pid from pg_stat_activity
       where datname = current_database() and backend_type = 'client backend' and pid <> pg_backend_pid()`,
    );
    return result.rows.map((row) => row.pid);
  } finally {
    await client.end();
  }
}
