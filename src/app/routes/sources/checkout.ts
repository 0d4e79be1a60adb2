/** Checkout: delivery, payment, order summary, success, purchase history, exchange. */
export const CHECKOUT_PAGES: Record<string, string> = {};
