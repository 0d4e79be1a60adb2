import { sendBotStat } from '../../../contract/auth';
import type { ClubDb } from '../../../db/database';
import type { Account, OutboxEntry } from '../../../db/rows-sync';
import { mutate } from '../../engine/enqueue';
import { defineMutation } from '../../engine/registry';

export interface BotStatPayload {
  phone: string;
}

/**
 * docs/api.md#auth api-auth/send-bot-stat {phone, shopifyId}: the member came to the app from the club's
 * chat bot (a link with `utm_source=chatbot`, src/domain/club/bot-visit.ts). Queued at sign-in, so
 * a sign-in with a weak signal still counts it later.
 */
export const botStat = defineMutation<BotStatPayload, typeof sendBotStat>({
  kind: 'bot-stat',
  call: sendBotStat,
  title: 'Візит із чат-бота',
  noun: ['візит із чат-бота', 'візити з чат-бота', 'візитів з чат-бота'],
  tables: [],
  views: [],
  async buildRequest(entry) {
    return { phone: entry.payload.phone, shopifyId: entry.account.customerId };
  },
});

/** Domain action: queues the chat-bot visit of the member signed in as `account` with `phone`. */
export function trackBotVisit(
  db: ClubDb,
  account: Account,
  phone: string,
  now = Date.now(),
): Promise<OutboxEntry<BotStatPayload>> {
  return mutate(db, botStat, { account, now, change: () => ({ phone }) });
}
