/**
 * What other modules may use of coupons: the automatic promotions as the POS bootstrap sends them
 * (the engine's own terms), a stored coupon's terms and the sub-categories a category scope covers
 * (the order engine prices with them), and the redemption inside the payment transaction (WP3).
 */
export { automaticPromotions, categoryChildren, limitedPromotionUses, termsOf } from "./coupons.queries";
export { type Redemption, redeemCoupons } from "./coupons.redeem";
