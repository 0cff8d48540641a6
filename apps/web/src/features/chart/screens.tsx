import type { Screen } from "../../app/screens";

/** The chart screens; SCREENS in app/screens.tsx includes them. */
export const CHART_SCREENS: readonly Screen[] = [];
