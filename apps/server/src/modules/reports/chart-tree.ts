import { asc } from "drizzle-orm";
import type { Db } from "../../db/client";
import { accounts } from "../../db/schema/index";

export interface ChartNode {
  id: number;
  parentId: number | null;
  level: number;
  key: string;
  allLevelKey: string;
  name: string;
}

/** The whole chart in code order; small (hundreds of rows), read once per report. */
export async function loadChart(db: Db): Promise<ChartNode[]> {
  return db
    .select({
      id: accounts.id,
      parentId: accounts.parentId,
      level: accounts.level,
      key: accounts.key,
      allLevelKey: accounts.allLevelKey,
      name: accounts.name,
    })
    .from(accounts)
    .orderBy(asc(accounts.allLevelKey));
}

/** Level 4 accounts beneath (or equal to) any of the given nodes. */
export function accountsBeneath(chart: readonly ChartNode[], nodeIds: readonly number[]): ChartNode[] {
  const keys = chart.filter((node) => nodeIds.includes(node.id)).map((node) => node.allLevelKey);
  return chart.filter(
    (node) =>
      node.level === 4 && keys.some((key) => node.allLevelKey === key || node.allLevelKey.startsWith(`${key}-`)),
  );
}
