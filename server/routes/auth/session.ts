import type { Hono } from 'hono';
import { checkToken, logout, sendBotStat, tokenClear } from '../../../src/contract/auth';
import { normalizePhone } from '../../../src/domain/phone';
import type { AppEnv } from '../../context';
import { forbidden, notFound } from '../../errors';
import { mount } from '../../http/route';
import { ownedCustomer } from '../../members';
import { revokeToken, sha256 } from '../../security/tokens';

function bearerOf(header: string | undefined): string | null {
  const m = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return m?.[1] ?? null;
}

export function registerSession(app: Hono<AppEnv>): void {
  mount(app, logout, async ({ input, member, deps }) => {
    const row = await deps.db
      .selectFrom('sessions')
      .select(['member_id', 'revoked_at'])
      .where('token_hash', '=', sha256(input.token))
      .executeTakeFirst();
    if (!row) throw notFound('Токен не знайдено', 'token_not_found');
    if (row.member_id !== member.id) throw forbidden('Це не твій токен', 'not_owner');
    await revokeToken(deps.db, input.token, deps.clock.now());
    return { ok: true as const };
  });

  mount(app, tokenClear, async ({ member, deps }) => {
    const r = await deps.db
      .updateTable('sessions')
      .set({ revoked_at: deps.clock.now().toISOString() })
      .where('member_id', '=', member.id)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return { ok: true as const, revoked: Number(r.numUpdatedRows) };
  });

  // Spec §4: an answer code 200 without a token logs the app out, so every doubt answers that way.
  mount(app, checkToken, async ({ input, member, deps, c }) => {
    const token = bearerOf(c.req.header('authorization'));
    if (!member || !token) return { code: 200 as const };
    const ids = [...new Set([input.gloShopId, input.ogoShopId].filter((id): id is number => typeof id === 'number'))];
    if (ids.length) {
      const owned = await deps.db.selectFrom('customers').select('member_id').where('id', 'in', ids).execute();
      if (owned.length !== ids.length || owned.some((r) => r.member_id !== member.id)) return { code: 200 as const };
    }
    const session = await deps.db
      .selectFrom('sessions')
      .select('expires_at')
      .where('token_hash', '=', sha256(token))
      .executeTakeFirstOrThrow();
    return { code: 200 as const, token, expired_at: session.expires_at };
  });

  mount(app, sendBotStat, async ({ input, member, deps }) => {
    if (normalizePhone(input.phone) !== member.phone) throw forbidden('Це не твій номер телефону', 'not_owner');
    const customer = await ownedCustomer(deps.db, member, input.shopifyId);
    const row = await deps.db
      .insertInto('analytics_events')
      .values({
        member_id: member.id,
        kind: 'bot-stat',
        event: 'bot-stat',
        payload: JSON.stringify({ phone: member.phone, shopifyId: customer.id, variant: customer.variant }),
        created_at: deps.clock.now().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { ok: true as const, id: row.id };
  });
}
