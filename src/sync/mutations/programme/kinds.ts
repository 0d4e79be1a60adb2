// The area's kinds: club programmes (certificates, feedback, subscription, marathon). One line per
// kind file; mutations/index.ts takes the kinds among these exports.
export * from './cert-create';
export * from './feedback-send';
export * from './feedback-send-offline';
export * from './marathon-answer';
export * from './subscription-changes';
