// The area's kinds: checkout and orders. One line per kind file; mutations/index.ts takes the
// kinds among these exports.
export * from './ipost-address';
export * from './order-create';
export * from './payment-link';
export * from './phone-call';
export * from './promocode';
