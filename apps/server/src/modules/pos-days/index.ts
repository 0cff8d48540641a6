/** What other modules use of Day Open / Day Close: the rule for which orders and lines its figures count. */
export { REVENUE_LINES, SOLD } from "./day-figures.queries";
