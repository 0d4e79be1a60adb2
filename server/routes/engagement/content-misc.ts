import type { Hono } from 'hono';
import type { AppEnv } from '../../context';
import { registerContentNews } from './content/news';
import { registerContentPages } from './content/pages';
import { registerContentVocabulary } from './content/vocabulary';
import { registerInviteCodes } from './invite/codes';
import { registerMarathonAnswer } from './marathon/answer';
import { registerMarathonQuiz } from './marathon/quiz';
import { registerStoresList } from './content/stores-list';
import { registerSubscriptionCalls } from './subscription/calls';
import { registerSubscriptionChanges } from './subscription/changes';
import { registerSubscriptionHistory } from './subscription/history';

/** Mounts content, news, vocabulary, invite, subscription, marathon and stores calls. */
export function registerContentMisc(app: Hono<AppEnv>): void {
  registerContentPages(app);
  registerContentNews(app);
  registerContentVocabulary(app);
  registerInviteCodes(app);
  registerSubscriptionCalls(app);
  registerSubscriptionChanges(app);
  registerSubscriptionHistory(app);
  registerMarathonQuiz(app);
  registerMarathonAnswer(app);
  registerStoresList(app);
}
