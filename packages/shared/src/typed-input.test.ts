import { describe, expect, it } from "vitest";
import { z } from "zod";
import { packageCellError, SHIPMENT_MESSAGES, shipmentPartySchema } from "./shipments";
import { cnicText, decimalInput, normalizeCnic, normalizeDecimal, normalizePhone, phoneText } from "./typed-input";

describe("normalisers", () => {
  it("reads a CNIC as pasted as its 13 digits", () => {
    expect(normalizeCnic("35202-1234567-1")).toBe("3520212345671");
    expect(normalizeCnic(" 35202 1234567 1 ")).toBe("3520212345671");
    expect(cnicText("bad").parse("35202-1234567-1")).toBe("3520212345671");
    expect(cnicText("bad").parse("")).toBeNull();
    expect(cnicText("bad").safeParse("35202-1234567-12").success).toBe(false);
  });

  it("reads phones without separators and keeps a leading +", () => {
    expect(normalizePhone("+92 300-123 4567")).toBe("+923001234567");
    expect(normalizePhone("(0300) 123.4567")).toBe("03001234567");
    expect(phoneText("bad").parse(" +92 300 1234567 ")).toBe("+923001234567");
    // The longest +92 number as people write it still fits the 20 characters once read.
    expect(phoneText("bad").parse("+92 (300) 123-4567-89")).toBe("+92300123456789");
  });

  it("reads a decimal comma as a point and refuses two separators instead of dropping one", () => {
    expect(normalizeDecimal("2,5")).toBe("2.5");
    const weight = decimalInput(z.number({ error: "weight" }).min(0.1, "weight"));
    expect(weight.parse("2,5")).toBe(2.5);
    expect(weight.parse(" 3 ")).toBe(3);
    expect(weight.parse(4)).toBe(4);
    for (const typed of ["1,234.5", "1.2.5", "2,5,1", "", "abc"])
      expect(weight.safeParse(typed).success, typed).toBe(false);
  });

  it("refuses a package length of 0 with the server's message, as the form does", () => {
    expect(packageCellError("length", "0")).toBe(SHIPMENT_MESSAGES.dimension);
    expect(packageCellError("weight", "0")).toBe(SHIPMENT_MESSAGES.weight);
    expect(packageCellError("weight", "0,5")).toBeUndefined();
    expect(packageCellError("width", "")).toBeUndefined();
    expect(packageCellError("height", "1.2.3")).toBe(SHIPMENT_MESSAGES.dimension);
  });

  it("the shipment party schema stores the pasted forms read", () => {
    const party = shipmentPartySchema.parse({
      name: "ABC",
      company: "ABC CO",
      country_id: 1,
      address: "X",
      phone: "+92 300-1234567",
      cnic: "42101-1234567-1",
    });
    expect(party).toMatchObject({ phone: "+923001234567", cnic: "4210112345671" });
  });
});
