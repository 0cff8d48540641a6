import type { Screen } from "../../app/screens";

/** The accounting report and company profile screens; SCREENS in app/screens.tsx includes them. */
export const REPORT_SCREENS: readonly Screen[] = [];
