import { describe, expect, it } from "vitest";
import { type KdsTicketStatus, kitchenStatusOf, nextTicketStatus } from "./kds";

const tickets = (...statuses: string[]) =>
  statuses.map((entry) => {
    const [status, kind = "new"] = entry.split(":") as [KdsTicketStatus, "new" | "addition" | "void"];
    return { status, kind };
  });

describe("kitchenStatusOf (design 4.8)", () => {
  it.each([
    [[], "none"],
    [["new"], "new"],
    [["new", "ready"], "new"],
    [["new", "preparing", "served"], "new"],
    [["preparing"], "preparing"],
    [["preparing", "ready"], "preparing"],
    [["preparing", "served"], "preparing"],
    [["ready"], "ready"],
    [["ready", "served"], "ready"],
    [["ready", "ready:addition"], "ready"],
    [["served"], "served"],
    [["served", "served:addition"], "served"],
    [["served", "new:void"], "served"],
    [["new:void"], "none"],
    [["cancelled"], "none"],
    [["cancelled", "preparing:addition"], "preparing"],
  ])("%j -> %s", (statuses, expected) => {
    expect(kitchenStatusOf(tickets(...statuses))).toBe(expected);
  });
});

describe("nextTicketStatus", () => {
  it.each([
    ["new", "start", "preparing"],
    ["preparing", "start", null],
    ["ready", "start", null],
    ["new", "bump", "ready"],
    ["preparing", "bump", "ready"],
    ["ready", "bump", null],
    ["served", "bump", null],
    ["ready", "serve", "served"],
    ["served", "serve", null],
    ["new", "serve", "invalid"],
    ["preparing", "serve", "invalid"],
    ["ready", "recall", "preparing"],
    ["served", "recall", "preparing"],
    ["preparing", "recall", null],
    ["new", "recall", "invalid"],
    ["cancelled", "start", "invalid"],
    ["cancelled", "bump", "invalid"],
  ] as const)("%s + %s -> %s", (status, action, expected) => {
    expect(nextTicketStatus(status, action)).toBe(expected);
  });
});
