/** sessionStorage key of the page the cart was opened from (the referrer guard writes it, the cart reads it). */
export const CART_REFERRER_KEY = 'cartReferrer';
