// The area's kinds: scanning, XP and devices. One line per kind file; mutations/index.ts takes the
// kinds among these exports.
export * from './code';
export * from './device-register';
export * from './manager';
export * from './multiscan';
