import { describe, expect, it } from "vitest";
import { z } from "zod";
import { answerSerializer, droppedPaths } from "./answer-serializer";

const schema = z.object({ id: z.number(), lines: z.array(z.object({ amount: z.number() })) });
const serialize = (strict: boolean) =>
  answerSerializer(strict)({ schema, method: "GET", url: "/api/thing", httpStatus: "200" });

describe("answers through their shared schema", () => {
  it("names the fields an answer has and its schema lacks, nested in lists too", () => {
    expect(
      droppedPaths({ id: 1, secret: "x", lines: [{ amount: 1, extra: 2 }] }, { id: 1, lines: [{ amount: 1 }] }),
    ).toEqual(["$.secret", "$.lines[0].extra"]);
  });

  it("refuses an undescribed field in tests and drops it quietly elsewhere", () => {
    const answer = { id: 1, lines: [{ amount: 5, note: "kept out" }] };
    expect(() => serialize(true)(answer)).toThrow("$.lines[0].note");
    expect(serialize(false)(answer)).toBe('{"id":1,"lines":[{"amount":5}]}');
  });

  it("refuses an answer of the wrong type in every mode", () => {
    expect(() => serialize(false)({ id: "1", lines: [] })).toThrow();
  });
});
