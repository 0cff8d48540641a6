/** What other modules may use of the chart: opening a new account under a group (a customer's receivable). */
export { addChild } from "./chart.service";
