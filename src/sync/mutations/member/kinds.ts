// The area's kinds: the member's profile (delivery address, birth date). One line per kind file;
// mutations/index.ts takes the kinds among these exports.
export * from './profile-metafield';
