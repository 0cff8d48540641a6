/** What other modules use of the register's cash: the audit action that records a drawer opened without a sale. */
export { NO_SALE_ACTION } from "./no-sale.service";
