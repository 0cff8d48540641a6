import { DEFAULT_VAT_ID, SHIPMENT_DEFAULTS } from "@cargodesk/shared";
import { describe, expect, it } from "vitest";
import { wizardReducer } from "./reducer";
import { blankItem, initialWizard, PARTY_MODE, type PartyFields, type WizardAction, type WizardState } from "./state";

const run = (actions: WizardAction[], from: WizardState = initialWizard()): WizardState =>
  actions.reduce(wizardReducer, from);

const contact: PartyFields = {
  name: "ALI RAZA",
  company: "RAZA TRADERS",
  country_id: 586,
  address: "12 MALL ROAD",
  address_2: "",
  address_3: "",
  postal_code: "54000",
  city: "LAHORE",
  state: "PUNJAB",
  email: "ali@example.com",
  phone: "03001234567",
  ntn: "1234567",
  cnic: "",
};

describe("the shipment wizard's reducer", () => {
  it("upper-cases typed party fields except the e-mail, and a typed edit drops the address-book link", () => {
    const state = run([
      { type: "partyContact", side: "sender", id: 7, fields: contact, vat: null },
      { type: "partyField", side: "sender", field: "city", value: "karachi" },
      { type: "partyField", side: "sender", field: "email", value: "Ali@Example.com" },
    ]);
    expect(state.sender.city).toBe("KARACHI");
    expect(state.sender.email).toBe("Ali@Example.com");
    expect(state.sender.id).toBeNull();
    expect(state.sender.key).toBe(false);
    expect(state.receiver).toEqual(initialWizard().receiver);
  });

  it("a chosen contact fills the party and keeps its id; no VAT id falls back to the default", () => {
    const state = run([{ type: "partyContact", side: "receiver", id: 9, fields: contact, vat: null }]);
    expect(state.receiver).toMatchObject({ ...contact, id: 9, key: true, vatId: DEFAULT_VAT_ID });
  });

  it("typing a name by hand clears the other fields (spec), and a new country clears the phone", () => {
    const chosen = run([{ type: "partyContact", side: "sender", id: 7, fields: contact, vat: "V1" }]);
    const named = wizardReducer(chosen, { type: "partyName", side: "sender", value: "zara" });
    expect(named.sender).toMatchObject({ name: "ZARA", company: "", phone: "", id: null, key: false });
    const moved = wizardReducer(chosen, { type: "partyCountry", side: "sender", countryId: 784 });
    expect(moved.sender).toMatchObject({ country_id: 784, phone: "", company: "RAZA TRADERS", id: null });
  });

  it("switching New / From Contact starts the party afresh", () => {
    const chosen = run([{ type: "partyContact", side: "sender", id: 7, fields: contact, vat: null }]);
    const state = wizardReducer(chosen, { type: "partyMode", side: "sender", mode: PARTY_MODE.contact });
    expect(state.sender).toMatchObject({ mode: PARTY_MODE.contact, name: "", id: null });
  });

  it("follows a valid package count with rows and keeps the rows while the count is being typed", () => {
    const three = run([{ type: "packageCount", value: "3" }]);
    expect(three.packages.map((row) => row.name)).toEqual(["BOX 1", "BOX 2", "BOX 3"]);
    const typing = wizardReducer(three, { type: "packageCount", value: "" });
    expect(typing.packageCount).toBe("");
    expect(typing.packages).toHaveLength(3);
    expect(wizardReducer(three, { type: "packageCount", value: "201" }).packages).toHaveLength(3);
    expect(wizardReducer(three, { type: "packageCount", value: "1.5" }).packages).toHaveLength(3);
    const blurred = wizardReducer(typing, { type: "packageBlur", index: 0, field: "weight" });
    expect(blurred.packageCount).toBe("3");
  });

  it("keeps a package cell as typed (0 is refused by the shared rule, not changed)", () => {
    const state = run([{ type: "packageField", index: 0, field: "length", value: "0" }]);
    expect(state.packages[0]?.length).toBe("0");
  });

  it("Pack with no item rows adds one; the first row's currency is copied to every row", () => {
    const pack = run([{ type: "shipmentType", value: "Pack" }]);
    expect(pack.lines).toEqual([blankItem()]);
    const two = run(
      [{ type: "addLine" }, { type: "lineField", index: 0, values: { currency_id: 2, desc: "shoes" } }],
      pack,
    );
    expect(two.lines.map((line) => line.currency_id)).toEqual([2, 2]);
    expect(two.lines[0]?.desc).toBe("SHOES");
    const second = wizardReducer(two, { type: "lineField", index: 1, values: { currency_id: 9, code: "abcd1234" } });
    expect(second.lines.map((line) => line.currency_id)).toEqual([2, 2]);
    expect(second.lines[1]?.code).toBe("ABCD1234");
  });

  it("never removes the last item row, and undo puts a removed row back in its place", () => {
    const pack = run([{ type: "shipmentType", value: "Pack" }]);
    expect(wizardReducer(pack, { type: "removeLine", index: 0 }).lines).toHaveLength(1);
    const three = run(
      [
        { type: "lineField", index: 0, values: { desc: "a" } },
        { type: "addLine" },
        { type: "lineField", index: 1, values: { desc: "b" } },
        { type: "addLine" },
        { type: "lineField", index: 2, values: { desc: "c" } },
      ],
      pack,
    );
    const removed = three.lines[1];
    if (!removed) throw new Error("no second row");
    const less = wizardReducer(three, { type: "removeLine", index: 1 });
    expect(less.lines.map((line) => line.desc)).toEqual(["A", "C"]);
    const back = wizardReducer(less, { type: "insertLine", index: 1, line: removed });
    expect(back.lines.map((line) => line.desc)).toEqual(["A", "B", "C"]);
  });

  it("a manual amount holds only until something the charge depends on changes", () => {
    const manual = run([{ type: "noRate" }, { type: "set", values: { amount: "1500" } }]);
    expect(manual).toMatchObject({ noRate: true, amount: "1500" });
    expect(wizardReducer(manual, { type: "set", values: { description: "PAPERS" } })).toMatchObject({
      noRate: true,
      amount: "1500",
    });
    expect(wizardReducer(manual, { type: "set", values: { serviceType: 3 } })).toMatchObject({
      noRate: false,
      amount: "",
    });
    expect(wizardReducer(manual, { type: "packageField", index: 0, field: "weight", value: "2" })).toMatchObject({
      noRate: false,
      amount: "",
    });
  });

  it("reset starts a new shipment with the spec's defaults", () => {
    const state = run([{ type: "step", step: 2 }, { type: "shipmentType", value: "Pack" }, { type: "reset" }]);
    expect(state).toEqual(initialWizard());
    expect(state.shipmentType).toBe(SHIPMENT_DEFAULTS.shipmentType);
  });
});
