import { AppError } from "./app-error";

/** Tasks for worker-pool.test.ts: a result, a refusal, a job that never ends, a worker that dies. */
export const tasks = {
  double: (value: number) => value * 2,
  refuse: (message: string) => {
    throw new AppError("VALIDATION", `file: ${message}`, [{ field: "file", message }]);
  },
  spin: (limit: number) => {
    let turns = 0;
    while (turns >= 0 && limit > 0) turns = (turns + 1) % limit;
    return turns;
  },
  exit: (code: number) => process.exit(code),
};
