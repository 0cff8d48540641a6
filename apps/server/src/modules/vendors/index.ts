/** What other modules may use of vendors: reading one (Receiving posts to its payable account). */
export { getVendor } from "./vendors.service";
