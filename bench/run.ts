/**
 * Runs every benchmark in bench/ (files named *.bench.ts exporting `run(): Promise<Figure[]>`) and
 * prints one table of figures. `npm run bench -- startup` runs only the files whose name contains "startup".
 */
import { readdir } from "node:fs/promises";
import path from "node:path";
import { type Figure, ROOT } from "./lib";

const filter = process.argv[2];
const files = (await readdir(path.join(ROOT, "bench")))
  .filter((name) => name.endsWith(".bench.ts") && (!filter || name.includes(filter)))
  .sort();

const figures: Figure[] = [];
for (const file of files) {
  process.stderr.write(`running ${file} ...\n`);
  const bench: { run: () => Promise<Figure[]> } = await import(path.join(ROOT, "bench", file));
  figures.push(...(await bench.run()));
}

const header: Figure = { bench: "bench", measure: "measure", value: "value", target: "target" };
const rows = [header, ...figures];
const width = (key: keyof Figure) => Math.max(...rows.map((row) => (row[key] ?? "").length));
const widths = { bench: width("bench"), measure: width("measure"), value: width("value") };
for (const [index, row] of rows.entries()) {
  console.log(
    `${row.bench.padEnd(widths.bench)} | ${row.measure.padEnd(widths.measure)} | ${row.value.padStart(widths.value)} | ${row.target ?? ""}`,
  );
  if (index === 0) console.log("-".repeat(widths.bench + widths.measure + widths.value + 20));
}
