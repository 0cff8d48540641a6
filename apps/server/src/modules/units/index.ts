/** What other modules may use of units: reading them (for conversions into a product's stock unit). */
export { findUnit, findUnits, type UnitRow, unitAnswer } from "./units.queries";
