import type { Screen } from "../../app/screens";

/** The vouchers screens; SCREENS in app/screens.tsx includes them. */
export const VOUCHER_SCREENS: readonly Screen[] = [];
