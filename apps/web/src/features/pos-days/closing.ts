import { type Denomination, type PosSession, parseMinor } from "@cargodesk/shared";
import { countedRows, gridAmount } from "./denominations";

/** A counter's close as the form holds it: what was counted per method id (typed), cash maybe note by note. */
export interface CountForm {
  counted: Record<string, number | string | null>;
  byNotes: boolean;
  denominations: Denomination[];
  notes: string;
}

/** The methods the cashier counts at close (cash, the card batch); the others count as expected. */
export const countedMethods = (session: Pick<PosSession, "methods">) =>
  session.methods.filter((method) => method.countedAtClose);

export const cashMethod = (session: Pick<PosSession, "methods">) =>
  session.methods.find((method) => method.kind === "cash" && method.countedAtClose);

export const emptyCount = (session: Pick<PosSession, "methods">, grid: Denomination[]): CountForm => ({
  counted: Object.fromEntries(countedMethods(session).map((method) => [String(method.methodId), null])),
  byNotes: false,
  denominations: grid,
  notes: "",
});

/** What a method's count is: the grid's total for cash counted note by note, else what was typed. */
export function countedValue(form: CountForm, methodId: number, isCash: boolean): unknown {
  if (isCash && form.byNotes) return gridAmount(form.denominations);
  return form.counted[String(methodId)];
}

/** Counted less expected, in minor units; null until a number is entered. */
export function differenceMinor(counted: unknown, expected: number): bigint | null {
  if (typeof counted !== "number") return null;
  const countedMinor = parseMinor(counted);
  const expectedMinor = parseMinor(expected);
  return countedMinor === null || expectedMinor === null ? null : countedMinor - expectedMinor;
}

/** The request body of Close counter; values the schema refuses pass through for it to name. */
export function sessionCloseOf(session: Pick<PosSession, "methods">, form: CountForm) {
  const cash = cashMethod(session);
  return {
    counted: Object.fromEntries(
      countedMethods(session).map((method) => [
        String(method.methodId),
        countedValue(form, method.methodId, method.methodId === cash?.methodId) ?? undefined,
      ]),
    ),
    denominations: form.byNotes ? countedRows(form.denominations) : undefined,
    notes: form.notes,
  };
}
