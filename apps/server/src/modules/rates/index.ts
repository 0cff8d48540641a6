/** What other modules may use of rates: the charge of a shipment from the rate sheets. */
export { type Charge, chargeFor } from "./charge";
