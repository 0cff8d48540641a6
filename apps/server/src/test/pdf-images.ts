import { execFileSync } from "node:child_process";

/**
 * How many images a PDF draws, by poppler's `pdfimages -list`: the rows after its two header lines
 * whose type is "image" (a PNG's alpha channel is a further "smask" row, not counted).
 */
export function imagesIn(pdf: Buffer): number {
  return execFileSync("pdfimages", ["-list", "-"], { input: pdf })
    .toString()
    .trim()
    .split("\n")
    .slice(2)
    .filter((row) => row.trim().split(/\s+/)[2] === "image").length;
}
