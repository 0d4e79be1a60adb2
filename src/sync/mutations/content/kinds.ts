// The area's kinds: content and support (call-back requests, the news consent tag, chat-bot
// visits). One line per kind file; mutations/index.ts takes the kinds among these exports.
export * from './bot-stat';
export * from './call-back';
export * from './member-tags';
