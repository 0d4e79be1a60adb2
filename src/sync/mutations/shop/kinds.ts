// The area's kinds: the shop's favourites and cart. One line per kind file; mutations/index.ts
// takes the kinds among these exports.
export * from './cart-change';
export * from './favourite-toggle';
