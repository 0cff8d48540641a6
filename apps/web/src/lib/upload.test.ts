import { describe, expect, it } from "vitest";
import { ApiError } from "./api";
import { fileProblem, fileSizeText, isCancelled, percentOf, rowIssuesOf, UPLOAD_MAX_BYTES } from "./upload";

const fileOf = (bytes: number, name = "rates.csv") => new File([new Uint8Array(bytes)], name);

describe("the uploader's rules", () => {
  it("refuses a file over the server's 5 MB before sending it, and takes one of exactly 5 MB", () => {
    expect(fileProblem(fileOf(UPLOAD_MAX_BYTES))).toBeUndefined();
    expect(fileProblem(fileOf(UPLOAD_MAX_BYTES + 1))).toBe("The file is too large (at most 5 MB)");
    expect(fileProblem(fileOf(2048), 1536)).toBe("The file is too large (at most 1.5 KB)");
  });

  it("shows sizes as people read them", () => {
    expect(fileSizeText(812)).toBe("812 B");
    expect(fileSizeText(4300)).toBe("4.2 KB");
    expect(fileSizeText(UPLOAD_MAX_BYTES)).toBe("5.0 MB");
  });

  it("reports whole percents, 0 while the size is unknown, never past 100", () => {
    expect(percentOf({ loaded: 0, total: 0 })).toBe(0);
    expect(percentOf({ loaded: 1, total: 3 })).toBe(33);
    expect(percentOf({ loaded: 5, total: 4 })).toBe(100);
  });

  it("reads the row and column problems of a refused sheet, and nothing from other errors", () => {
    const refused = new ApiError(400, "VALIDATION", "The file has errors", [
      { row: 3, column: "amount", message: "Amount must be a number" },
      { field: "date", message: "not a row issue" },
    ]);
    expect(rowIssuesOf(refused)).toEqual([{ row: 3, column: "amount", message: "Amount must be a number" }]);
    expect(rowIssuesOf(new Error("boom"))).toEqual([]);
  });

  it("tells a cancelled upload from a failed one", () => {
    expect(isCancelled(new ApiError(0, "CANCELLED", "The upload was cancelled."))).toBe(true);
    expect(isCancelled(new ApiError(0, "NETWORK", "Could not reach the server."))).toBe(false);
  });
});
