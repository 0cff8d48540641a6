import { DEFAULT_VAT_ID, resizePackages, SHIPMENT_DEFAULTS } from "@cargodesk/shared";
import {
  blankItem,
  blankPackage,
  blankParty,
  type ItemLine,
  initialWizard,
  type PartyState,
  type WizardAction,
  type WizardState,
} from "./state";

const upper = (value: string) => value.toUpperCase();

/** A typed edit makes the fields differ from the address book: the record link and contact flag go. */
const edited = (party: PartyState, change: Partial<PartyState>): PartyState => ({
  ...party,
  ...change,
  id: null,
  key: false,
});

function partyReducer(party: PartyState, action: WizardAction): PartyState {
  switch (action.type) {
    case "partyMode":
      // Switching the selector starts the party afresh: a New party is typed, a contact is chosen.
      return { ...blankParty(), mode: action.mode };
    case "partyField":
      return edited(party, { [action.field]: action.field === "email" ? action.value : upper(action.value) });
    case "partyName":
      // The spec: typing a name by hand clears the other fields and the existing-contact flag.
      return { ...blankParty(), mode: party.mode, name: upper(action.value) };
    case "partyCountry":
      // Changing the country clears the phone (its rule depends on the country).
      return edited(party, { country_id: action.countryId, phone: "" });
    case "partyContact":
      return {
        ...party,
        ...action.fields,
        id: action.id,
        key: true,
        vatId: action.vat || DEFAULT_VAT_ID,
      };
    case "partySaved":
      return { ...party, id: action.id, key: true };
    default:
      return party;
  }
}

/** What the charge depends on: service, type, parties' countries and packages. */
const RATE_INPUTS = new Set<WizardAction["type"]>([
  "partyMode",
  "partyName",
  "partyCountry",
  "partyContact",
  "packageCount",
  "packageField",
  "packageBlur",
  "shipmentType",
]);
const changesRate = (action: WizardAction): boolean =>
  RATE_INPUTS.has(action.type) ||
  (action.type === "set" && ("serviceType" in action.values || "type2" in action.values));

/**
 * The wizard's state. Once the server has said no rate covers the shipment, the manual amount
 * applies to that shipment only: changing what the charge depends on asks the rate sheets again.
 */
export function wizardReducer(state: WizardState, action: WizardAction): WizardState {
  const next = reduce(state, action);
  return changesRate(action) && next.noRate ? { ...next, noRate: false, amount: "" } : next;
}

function reduce(state: WizardState, action: WizardAction): WizardState {
  switch (action.type) {
    case "reset":
      return initialWizard();
    case "step":
      return { ...state, step: action.step };
    case "set":
      return { ...state, ...action.values };
    case "partyMode":
    case "partyField":
    case "partyName":
    case "partyCountry":
    case "partyContact":
    case "partySaved": {
      const side = action.side;
      return { ...state, [side]: partyReducer(state[side], action) };
    }
    case "packageCount": {
      const count = Number(action.value);
      const valid = action.value.trim() !== "" && Number.isInteger(count) && count >= 1 && count <= 200;
      return {
        ...state,
        packageCount: action.value,
        packages: valid ? resizePackages(state.packages, count, blankPackage) : state.packages,
      };
    }
    case "packageField":
      return {
        ...state,
        packages: state.packages.map((row, index) =>
          index === action.index ? { ...row, [action.field]: action.value } : row,
        ),
      };
    case "packageBlur":
      // A cell is kept as typed: 0 is refused with the server's own message (packageCellError), not changed.
      return { ...state, packageCount: String(state.packages.length) };
    case "shipmentType":
      // Choosing Pack with no item rows adds an empty one.
      return {
        ...state,
        shipmentType: action.value,
        lines: action.value === "Pack" && state.lines.length === 0 ? [blankItem()] : state.lines,
      };
    case "lineField":
      return { ...state, lines: editLine(state.lines, action.index, action.values) };
    case "addLine":
      return {
        ...state,
        lines: [...state.lines, blankItem(state.lines[0]?.currency_id ?? SHIPMENT_DEFAULTS.currencyId)],
      };
    case "removeLine":
      return state.lines.length > 1
        ? { ...state, lines: state.lines.filter((_, index) => index !== action.index) }
        : state;
    case "insertLine":
      // Undo of a deletion: the row goes back where it was.
      return {
        ...state,
        lines: [...state.lines.slice(0, action.index), action.line, ...state.lines.slice(action.index)],
      };
    case "noRate":
      return { ...state, noRate: true };
  }
}

/** Edits one item row; the currency is chosen on the first row only and copied to every row. */
function editLine(lines: readonly ItemLine[], at: number, values: Partial<ItemLine>): ItemLine[] {
  const { currency_id, ...rest } = values;
  const typed = { ...rest, ...(rest.desc !== undefined ? { desc: upper(rest.desc) } : {}) };
  const coded = typed.code !== undefined ? { ...typed, code: upper(typed.code) } : typed;
  return lines.map((line, index) => ({
    ...line,
    ...(index === at ? coded : {}),
    ...(currency_id !== undefined && at === 0 ? { currency_id } : {}),
  }));
}
