// The area's kinds: the app's own reports (page views, sign-ins, the mailing service, orders).
// One line per kind file; mutations/index.ts takes the kinds among these exports.
export * from './auth-bat';
export * from './esputnik-contact';
export * from './esputnik-id';
export * from './esputnik-login';
export * from './event';
export * from './order-info';
