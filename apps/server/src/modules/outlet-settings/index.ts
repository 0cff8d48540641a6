/** Setting > Restaurant: the outlet's POS settings, counters and printers; other modules read the outlet id. */
export { getOutletSettings, OUTLET_ID } from "./outlet-settings.service";
