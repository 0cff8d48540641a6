/** What other modules may use of shipments: which shipments a caller may see. */
export { ownScope } from "./shipments.rules";
