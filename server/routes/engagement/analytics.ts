import type { Hono } from 'hono';
import { getBatToken, sendBatEvent } from '../../../src/contract/analytics';
import type { AppEnv } from '../../context';
import { unauthorized } from '../../errors';
import { mount } from '../../http/route';
import { ownedCustomer } from '../../members';
import { issueToken, memberForToken } from '../../security/tokens';

export function registerAnalytics(app: Hono<AppEnv>): void {
  mount(app, getBatToken, async ({ member, deps }) => issueToken(deps.db, member.id, 'bat', deps.clock.now()));

  mount(app, sendBatEvent, async ({ input, member, deps }) => {
    const owner = await memberForToken(deps.db, input.token, 'bat', deps.clock.now());
    // Spec §8: a dead analytics token is a 401, after which the app fetches a new one.
    if (owner !== member.id) throw unauthorized('Токен аналітики недійсний', 'analytics_unauthenticated');
    await ownedCustomer(deps.db, member, input.data.customer_id);
    const row = await deps.db
      .insertInto('analytics_events')
      .values({
        member_id: member.id,
        kind: 'bat-event',
        event: input.event,
        payload: JSON.stringify({ data: input.data, ogo: input.ogo ?? false }),
        created_at: deps.clock.now().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { ok: true as const, id: row.id };
  });
}
