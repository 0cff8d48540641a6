/** What other modules may use of coupons: the redemption inside the payment transaction (WP3). */
export { type Redemption, redeemCoupons } from "./coupons.redeem";
