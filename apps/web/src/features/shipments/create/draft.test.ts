import { MASTER_MESSAGES, SHIPMENT_MESSAGES, shipmentCreateSchema, VAT_PAID_SERVICE_ID } from "@cargodesk/shared";
import { describe, expect, it } from "vitest";
import { companyToday } from "../../../lib/dates";
import { amountMinor, missingFor, partyErrors, quantityError, saveReasons, toPayload } from "./draft";
import { wizardReducer } from "./reducer";
import { initialWizard, type PartyState, type WizardAction, type WizardState } from "./state";

const ISO2: Record<number, string> = { 586: "PK", 784: "AE" };
const context = { iso2Of: (id: number) => ISO2[id], staff: false };

/** A Doc shipment from Lahore to Dubai that may be saved. */
function ready(): WizardState {
  const base = initialWizard();
  const sender: PartyState = {
    ...base.sender,
    name: "ALI RAZA",
    company: "RAZA TRADERS",
    country_id: 586,
    address: "12 MALL ROAD",
    phone: "03001234567",
  };
  const receiver: PartyState = {
    ...base.receiver,
    name: "OMAR KHAN",
    company: "KHAN LLC",
    country_id: 784,
    address: "5 SHEIKH ZAYED ROAD",
    phone: "+971501234567",
  };
  return {
    ...base,
    sender,
    receiver,
    serviceType: 3,
    taxType: 1,
    deliveryDate: companyToday(),
    instrument: 0,
    description: "PAPERS",
    packages: [{ name: "BOX 1", weight: "2", length: "10", width: "10", height: "10" }],
  };
}

describe("the wizard's save conditions", () => {
  it("a complete shipment may be saved, and its payload passes the server's own schema", () => {
    const state = ready();
    expect(saveReasons(state, context)).toEqual([]);
    const parsed = shipmentCreateSchema.safeParse(toPayload(state, "ref 1", false));
    expect(parsed.success).toBe(true);
    expect(parsed.data?.shipment_ref).toBe("REF 1");
    expect(parsed.data?.data).toEqual([]);
  });

  it("a Pack shipment's payload carries its purpose and item rows, checked by the shared schema", () => {
    const actions: WizardAction[] = [
      { type: "shipmentType", value: "Pack" },
      { type: "set", values: { purpose: 2 } },
      {
        type: "lineField",
        index: 0,
        values: { desc: "shoes", code: "64039900", quantity: "3", value: "12.5", country_id: 586 },
      },
    ];
    const state = actions.reduce(wizardReducer, ready());
    expect(saveReasons(state, context)).toEqual([]);
    const payload = toPayload(state, "", false);
    expect(payload.shipment_desc).toBeNull();
    expect(shipmentCreateSchema.safeParse(payload).success).toBe(true);
  });

  it("names what is missing or wrong", () => {
    const state = { ...ready(), deliveryDate: "2000-01-01", serviceType: VAT_PAID_SERVICE_ID } satisfies WizardState;
    expect(saveReasons(state, context)).toEqual(
      expect.arrayContaining(["DHL or UPS", "estimated delivery date (not before today)"]),
    );
    expect(saveReasons(state, { ...context, staff: true })).toContain("customer");
    const zeroLength = {
      ...ready(),
      packages: [{ name: "BOX 1", weight: "2", length: "0", width: "10", height: "10" }],
    };
    expect(saveReasons(zeroLength, context)).toContain("package sizes");
  });

  it("refuses a receiver in the sender's country", () => {
    const state = ready();
    const same = { ...state, receiver: { ...state.receiver, country_id: 586, phone: "03001234567" } };
    expect(partyErrors(same.receiver, { ...context, senderCountryId: 586 }).country_id).toBe(
      SHIPMENT_MESSAGES.sameCountry,
    );
    expect(saveReasons(same, context)).toContain("receiver details");
  });

  it("checks party fields by the spec's messages, and lists the empty required ones per action", () => {
    const typed: WizardAction[] = [
      { type: "partyField", side: "sender", field: "name", value: "al" },
      { type: "partyField", side: "sender", field: "email", value: "not-mail" },
      { type: "partyField", side: "sender", field: "phone", value: "12" },
    ];
    const state = typed.reduce(wizardReducer, initialWizard());
    const errors = partyErrors(state.sender, context);
    expect(errors.name).toBe(SHIPMENT_MESSAGES.name3);
    expect(errors.email).toBeDefined();
    expect(errors.phone).toBeDefined();
    expect(missingFor(state.sender, "sender", "continue")).toEqual(["company", "country_id", "address"]);
    expect(missingFor(state.sender, "sender", "save")).toContain("ntn");
    expect(missingFor(state.sender, "receiver", "save")).not.toContain("ntn");
  });

  it("takes the party messages from the shared payload schema", () => {
    const sender = { ...ready().sender, address: "A".repeat(45), cnic: "12345", company: "AB" };
    const errors = partyErrors(sender, context);
    expect(errors.address).toBe(MASTER_MESSAGES.address);
    expect(errors.cnic).toBe(MASTER_MESSAGES.cnic);
    expect(errors.company).toBe(SHIPMENT_MESSAGES.company3);
    expect(partyErrors(ready().sender, context)).toEqual({});
  });

  it("never lets Save send what the server's schema refuses, even where no screen rule looks", () => {
    const long = { ...ready(), description: "X".repeat(501) };
    const reasons = saveReasons(long, context);
    expect(reasons).toHaveLength(1);
    expect(shipmentCreateSchema.safeParse(toPayload(long, "", false)).error?.issues[0]?.message).toBe(reasons[0]);
  });

  it("reads the manual amount and the item quantity by the shared rules", () => {
    expect(amountMinor("1500.50")).toBe(150050);
    expect(amountMinor("0")).toBeNull();
    expect(amountMinor("")).toBeNull();
    expect(quantityError("")).toBeUndefined();
    expect(quantityError("2")).toBeUndefined();
    expect(quantityError("0")).toBe(SHIPMENT_MESSAGES.quantity);
  });

  it("sends staff's manual amount in rupees only when no rate covered the shipment", () => {
    const state = { ...ready(), noRate: true, amount: "1234.56", customerId: 5 };
    expect(toPayload(state, "", true)).toMatchObject({ amount: 1234.56, customer_user_id: 5 });
    expect(toPayload(state, "", false)).toMatchObject({ amount: null, customer_user_id: null });
    expect(saveReasons({ ...state, amount: "0" }, { ...context, staff: true })).toContain("amount");
  });
});
