/** What other modules may use of restaurant customers: reading one (the POS charges a house account). */
export { getCustomer } from "./pos-customers.service";
