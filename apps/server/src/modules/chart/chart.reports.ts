import type { Readable } from "node:stream";
import type { Db } from "../../db/client";
import { type ColumnOf, type TableDocument, tableOf } from "../../lib/documents/model";
import { tablePdf, tableXlsx } from "../../lib/documents/render";
import { listLevelFour, listLevelThree, listLevelTwo } from "./chart.queries";

export type ChartReportLevel = 2 | 3 | 4;

interface ReportRow {
  levelOne: string;
  levelTwo: string;
  levelThree: string;
  code: string;
  name: string;
  /** Debit-positive balance in major units; null for level 3 groups, which the report lists without one. */
  balance: number | null;
  sign: string;
}

/** The rows of a level report: every node of the level with its parents, in code order. */
async function reportRows(db: Db, level: ChartReportLevel): Promise<ReportRow[]> {
  if (level === 2) {
    return (await listLevelTwo(db)).map((row) => ({
      levelOne: `${row.level_one.key} ${row.level_one.name}`,
      levelTwo: "",
      levelThree: "",
      code: row.allKey,
      name: row.levelTwoName,
      balance: Math.abs(row.amount.total_amount),
      sign: row.amount.total_amount < 0 ? "CR" : "DR",
    }));
  }
  if (level === 3) {
    return (await listLevelThree(db)).map((row) => ({
      levelOne: `${row.level_one.key} ${row.level_one.name}`,
      levelTwo: `${row.level_two.levelTwoKey} ${row.level_two.levelTwoName}`,
      levelThree: "",
      code: row.allLvlKey,
      name: row.levelThreeName,
      balance: null,
      sign: "",
    }));
  }
  return (await listLevelFour(db)).map((row) => ({
    levelOne: `${row.level_one.key} ${row.level_one.name}`,
    levelTwo: `${row.level_two.levelTwoKey} ${row.level_two.levelTwoName}`,
    levelThree: `${row.levelThree.levelThreeKey} ${row.levelThree.levelThreeName}`,
    code: row.allLevelKey,
    name: row.levelFourName,
    balance: row.levelBalance,
    sign: row.debitCreditId === 2 ? "DR" : "CR",
  }));
}

const TITLES: Record<ChartReportLevel, string> = {
  2: "LEVEL TWO REPORT",
  3: "LEVEL THREE REPORT",
  4: "LEVEL FOUR REPORT (ACCOUNTS)",
};

/** The level report: every node with its parents, grouped level 1, level 2, level 3 as the spec shows. */
async function chartReport(db: Db, level: ChartReportLevel): Promise<TableDocument> {
  const columns: ColumnOf<ReportRow>[] = [
    { header: "Level One", width: 0.16, xlsxWidth: 22, value: (row) => row.levelOne },
    ...(level >= 3
      ? [{ header: "Level Two", width: 0.2, xlsxWidth: 28, value: (row: ReportRow) => row.levelTwo }]
      : []),
    ...(level === 4
      ? [{ header: "Level Three", width: 0.2, xlsxWidth: 28, value: (row: ReportRow) => row.levelThree }]
      : []),
    { header: "Code", width: 0.13, xlsxWidth: 16, value: (row) => row.code },
    { header: "Name", width: level === 4 ? 0.17 : 0.31, xlsxWidth: 34, value: (row) => row.name },
    ...(level !== 3
      ? [
          {
            header: "Balance",
            width: 0.1,
            xlsxWidth: 16,
            align: "right" as const,
            format: "amount" as const,
            value: (row: ReportRow) => row.balance,
          },
          { header: "DR/CR", width: 0.04, xlsxWidth: 8, value: (row: ReportRow) => (row.balance ? row.sign : "") },
        ]
      : []),
  ];
  return {
    title: TITLES[level],
    fileName: `Level${level}`,
    table: tableOf(columns, await reportRows(db, level)),
    sheet: { name: `Level${level}`, title: TITLES[level] },
  };
}

/** The level report as a PDF (Level2/3/4.pdf). */
export async function chartReportPdf(db: Db, level: ChartReportLevel): Promise<Buffer> {
  return tablePdf(db, await chartReport(db, level));
}

export async function chartReportXlsx(db: Db, level: ChartReportLevel): Promise<Readable> {
  return tableXlsx(await chartReport(db, level));
}
