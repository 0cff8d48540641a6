import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { PK_PHONE, pakistanPhone, percentToBp, posCustomerInputSchema } from "./pos-customers";

describe("pakistanPhone", () => {
  it("reads every usual way of typing a number as its one stored form", () => {
    for (const typed of [
      "0300-1234567",
      "0300 1234567",
      "+92 300 1234567",
      "+92(300)1234567",
      "923001234567",
      "00923001234567",
    ])
      expect(pakistanPhone(typed), typed).toBe("03001234567");
    expect(pakistanPhone("021-34567890")).toBe("02134567890");
  });

  it("gives the same form for a mobile however it is prefixed and spaced", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^3\d{9}$/), fc.constantFrom("0", "+92", "92", "0092", "+92 "), (rest, prefix) => {
        const spaced = `${rest.slice(0, 3)} ${rest.slice(3)}`;
        expect(pakistanPhone(`${prefix}${spaced}`)).toBe(`0${rest}`);
        expect(PK_PHONE.test(pakistanPhone(`${prefix}${rest}`))).toBe(true);
      }),
    );
  });

  it("leaves what is not a Pakistan number to be refused", () => {
    for (const typed of ["12345", "0300123456", "030012345678", "+1 202 555 0100", "abc"])
      expect(PK_PHONE.test(pakistanPhone(typed)), typed).toBe(false);
  });
});

describe("percentToBp", () => {
  it("turns a percentage with at most 2 decimals into basis points, exactly", () => {
    expect(percentToBp(12.35)).toBe(1235);
    expect(percentToBp(0.01)).toBe(1);
    expect(percentToBp(100)).toBe(10_000);
    expect(percentToBp(100.01)).toBeNull();
    expect(percentToBp(-1)).toBeNull();
    expect(percentToBp(1.005)).toBeNull();
  });
});

describe("posCustomerInputSchema", () => {
  it("names the field of each credit rule", () => {
    const issues = (body: object) =>
      posCustomerInputSchema
        .safeParse({ name: "Good Name", phone: "03001234567", ...body })
        .error?.issues.map((issue) => issue.path.join("."));
    expect(issues({ creditAllowed: true })).toEqual(["creditLimit"]);
    expect(issues({ openingBalance: 5 })).toEqual(["openingBalance"]);
    expect(issues({ creditAllowed: true, creditLimit: 100, openingBalance: 5 })).toBeUndefined();
  });
});
