/** What other modules may use of reports: the ledger builder and the report text helpers (the cargo ledger is a ledger). */
export { buildLedger, type Ledger } from "./ledger";
export { moneyText, periodLabel } from "./render";
export { buildTrialBalance } from "./trial-balance";
