/** What others (the stock benchmark) may call: the ledger and the as-of balances, straight on a database. */
export { type InventoryLedgerInput, inventoryLedger, stockBalances } from "./inventory-ledger.queries";
