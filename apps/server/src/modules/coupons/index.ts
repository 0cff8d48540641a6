/** What other modules may use of coupons: the redemption inside the payment transaction (WP3). */

/** The automatic promotions as the POS bootstrap sends them (the engine's own terms). */
export { automaticPromotions, limitedPromotionUses } from "./coupons.queries";
export { type Redemption, redeemCoupons } from "./coupons.redeem";
