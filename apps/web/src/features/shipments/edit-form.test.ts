import { SHIPMENT_MESSAGES, VAT_PAID_SERVICE_ID } from "@cargodesk/shared";
import { describe, expect, it } from "vitest";
import { companyToday } from "../../lib/dates";
import {
  blankLine,
  checkPayload,
  type EditForm,
  editBlockers,
  formPathOf,
  normalizedText,
  type PartyForm,
  partyFormOf,
  payloadOf,
} from "./edit-form";

const party = (name: string, countryId: number, phone: string): PartyForm => ({
  ...partyFormOf(undefined),
  name,
  company: `${name} CO`,
  country_id: countryId,
  address: "1 MAIN ROAD",
  phone,
});

/** A stored Doc shipment as the edit form starts. */
function stored(): EditForm {
  return {
    sender: party("ALI RAZA", 586, "03001234567"),
    receiver: party("OMAR KHAN", 784, "+971501234567"),
    shipment_type: "Doc",
    shipment_desc: "PAPERS",
    shipment_purpose_id: "",
    service_type_id: "3",
    type: "",
    shipment_tax_id: "1",
    expected_delivery_date: "2020-01-01",
    shipment_ref: "",
    invoice_type: "1",
    financial_instruments: "0",
    financial_instruments_no: "",
    financial_instruments_bank: "",
    rebate: "1",
    sro_number: "",
    amount: "",
    lines: [],
    packages: [{ name: "BOX 1", weight: "2", length: "10", width: "10", height: "10" }],
  };
}

describe("the shipment edit form", () => {
  it("lets an old shipment whose delivery date has passed be saved unchanged, but not moved into the past", () => {
    const initial = stored();
    expect(editBlockers(initial, initial.expected_delivery_date)).toEqual([]);
    const moved = { ...initial, expected_delivery_date: "2020-01-02" };
    expect(editBlockers(moved, initial.expected_delivery_date)).toEqual(["estimated delivery date in the past"]);
    expect(editBlockers({ ...initial, expected_delivery_date: companyToday() }, "2020-01-01")).toEqual([]);
  });

  it("names what is missing in the spec's terms", () => {
    const form = {
      ...stored(),
      service_type_id: String(VAT_PAID_SERVICE_ID),
      shipment_desc: " ",
      receiver: { ...stored().receiver, country_id: 586 },
      packages: [{ name: "BOX 1", weight: "", length: "10", width: "10", height: "10" }],
    };
    expect(editBlockers(form, form.expected_delivery_date)).toEqual([
      "a receiver in another country than the sender",
      "DHL or UPS",
      "package dimensions",
      "description",
    ]);
    const pack = { ...stored(), shipment_type: "Pack" as const, lines: [blankLine()] };
    expect(editBlockers(pack, pack.expected_delivery_date)).toEqual(["purpose", "item rows"]);
  });

  it("sends a party and the date only when they changed, and Doc with no purpose and no lines", () => {
    const initial = stored();
    const same = payloadOf(initial, initial, false);
    expect(same.sender).toBeUndefined();
    expect(same.receiver).toBeUndefined();
    expect(same.expected_delivery_date).toBeUndefined();
    expect(same).toMatchObject({ shipment_purpose_id: null, shipment_data: [], type: null, rebate: 0 });
    const edited = {
      ...initial,
      receiver: { ...initial.receiver, city: "DUBAI" },
      expected_delivery_date: companyToday(),
    };
    const body = payloadOf(edited, initial, false);
    expect(body.receiver).toMatchObject({ city: "DUBAI", address_2: null, email: null });
    expect(body.expected_delivery_date).toBe(companyToday());
    expect(checkPayload(body)).toEqual([]);
  });

  it("sends the manual amount only when asked to", () => {
    const form = { ...stored(), amount: "2500.50" };
    expect(payloadOf(form, stored(), true).amount).toBe(2500.5);
    expect(payloadOf(form, stored(), false).amount).toBeUndefined();
  });

  it("checks the body with the shared schema and puts its messages under the form's fields", () => {
    const form = {
      ...stored(),
      shipment_type: "Pack" as const,
      shipment_purpose_id: "1",
      lines: [{ ...blankLine(), desc: "SHOES", code: "SHORT", quantity: "0", value: "1", country_id: 586 }],
    };
    const issues = checkPayload(payloadOf(form, stored(), false));
    expect(issues).toEqual(
      expect.arrayContaining([
        { path: "lines.0.code", message: SHIPMENT_MESSAGES.code8 },
        { path: "lines.0.quantity", message: SHIPMENT_MESSAGES.quantity },
      ]),
    );
    expect(formPathOf(["data", 2, "desc"])).toBe("lines.2.desc");
    expect(formPathOf(["sender", "phone"])).toBe("sender.phone");
  });

  it("turns a dimension of 0 or less into 0.1 (the spec's packaging rule)", () => {
    expect(normalizedText("0")).toBe("0.1");
    expect(normalizedText("-3")).toBe("0.1");
    expect(normalizedText("12.5")).toBe("12.5");
    expect(normalizedText(" ")).toBe("");
  });
});
