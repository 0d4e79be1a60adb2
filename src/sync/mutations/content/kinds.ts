import type { AnyMutationKind } from '../../engine/registry';
import { botStat } from './bot-stat';
import { callBackRequest } from './call-back';
import { memberTags } from './member-tags';

/** Mutation kinds of one area: Content and support (call-back requests, the news consent tag, chat-bot visits). */
export const CONTENT_KINDS: readonly AnyMutationKind[] = [callBackRequest, memberTags, botStat];
