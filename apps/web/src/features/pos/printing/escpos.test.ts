import { describe, expect, it } from "vitest";
import { DRAWER_KICK, drawerKickBytes, INIT, includesBytes, testPageBytes } from "./escpos";

describe("device ESC/POS bytes", () => {
  it("kicks the drawer with ESC p 0 50 250 after ESC @, as the server's encoder does after a cash receipt", () => {
    expect([...drawerKickBytes()]).toEqual([0x1b, 0x40, 0x1b, 0x70, 0, 50, 250]);
  });

  it("prints a test page: initialise, the name, both rulers, feed and a partial cut", () => {
    const bytes = testPageBytes("POS-80 «USB»", new Date("2026-11-24T10:15:30Z"));
    expect([...bytes.subarray(0, 2)]).toEqual(INIT);
    expect([...bytes.subarray(-3)]).toEqual([0x1d, 0x56, 0x01]);
    const text = new TextDecoder("latin1").decode(bytes.subarray(2, -3));
    expect(text.split("\n")).toEqual([
      "CargoDesk test page",
      "Printer: POS-80 ?USB?",
      "Printed: 2026-11-24 10:15:30 UTC",
      "123456789012345678901234567890123456789012345678",
      "12345678901234567890123456789012",
      "",
      "",
      "",
      "",
    ]);
    expect(includesBytes(bytes, DRAWER_KICK)).toBe(false);
  });

  it("finds a byte sequence anywhere, and only whole", () => {
    const bytes = Uint8Array.from([1, 0x1b, 0x70, 0, 50, 250, 9]);
    expect(includesBytes(bytes, DRAWER_KICK)).toBe(true);
    expect(includesBytes(bytes, [0x70, 0, 51])).toBe(false);
    expect(includesBytes(Uint8Array.from([0x1b]), [0x1b, 0x70])).toBe(false);
  });
});
