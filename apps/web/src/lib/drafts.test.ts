import { describe, expect, it } from "vitest";
import { z } from "zod";
import { type DraftStorage, draftStorageKey, readDraft, writeDraft } from "./drafts";

/** localStorage's contract over a Map. */
function memoryStorage(entries: Record<string, string> = {}): DraftStorage & { map: Map<string, string> } {
  const map = new Map(Object.entries(entries));
  return {
    map,
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
  };
}

const draftSchema = z.object({ date: z.string(), lines: z.array(z.object({ amountMinor: z.number().int() })) });
type Draft = z.infer<typeof draftSchema>;
const EMPTY: Draft = { date: "", lines: [] };

describe("drafts", () => {
  it("keys each user's draft apart, so one user never sees another's work", () => {
    expect(draftStorageKey(7, "voucher.1")).toBe("cargodesk.draft.7.voucher.1");
    expect(draftStorageKey(8, "voucher.1")).not.toBe(draftStorageKey(7, "voucher.1"));
  });

  it("restores a stored draft that passes its schema", () => {
    const saved: Draft = { date: "2026-07-01", lines: [{ amountMinor: 150075 }] };
    const storage = memoryStorage({ k: JSON.stringify(saved) });
    expect(readDraft(storage, "k", EMPTY, draftSchema)).toEqual(saved);
  });

  it("drops a draft from an older screen (fails the schema) or that is not JSON, and starts empty", () => {
    const storage = memoryStorage({ old: JSON.stringify({ date: 5 }), broken: "{not json" });
    expect(readDraft(storage, "old", EMPTY, draftSchema)).toEqual(EMPTY);
    expect(readDraft(storage, "broken", EMPTY, draftSchema)).toEqual(EMPTY);
    expect(storage.map.size).toBe(0);
  });

  it("without a signed-in user there is no key: the initial value, nothing read", () => {
    const storage = memoryStorage({ k: JSON.stringify({ date: "x", lines: [] }) });
    expect(readDraft(storage, null, EMPTY, draftSchema)).toBe(EMPTY);
  });

  it("keeps a changed draft and removes one equal to the empty screen", () => {
    const storage = memoryStorage();
    const emptyJson = JSON.stringify(EMPTY);
    writeDraft(storage, "k", JSON.stringify({ date: "2026-07-01", lines: [] }), emptyJson);
    expect(storage.map.get("k")).toBe('{"date":"2026-07-01","lines":[]}');
    writeDraft(storage, "k", emptyJson, emptyJson);
    expect(storage.map.has("k")).toBe(false);
  });

  it("a full or disabled storage does not break the screen", () => {
    const full: DraftStorage = {
      getItem: () => null,
      setItem: () => {
        throw new Error("QuotaExceededError");
      },
      removeItem: () => undefined,
    };
    expect(() => writeDraft(full, "k", "{}", "[]")).not.toThrow();
  });
});
