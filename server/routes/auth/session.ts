import type { Hono } from 'hono';
import { checkToken, logout, sendBotStat, tokenClear } from '../../../src/contract/auth';
import { normalizePhone, toUkrainianMobile } from '../../../src/domain/auth/phone';
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
    const now = deps.clock.now();
    const at = now.toISOString();
    const hash = sha256(input.token);
    await deps.db.transaction().execute(async (trx) => {
      await revokeToken(trx, input.token, now);
      // the service tokens asked for under this session end with it (and any of the
      // member's from before sessions named their parent); the next session asks for its own.
      await trx
        .updateTable('sessions')
        .set({ revoked_at: at })
        .where('member_id', '=', member.id)
        .where('scope', '!=', 'user')
        .where('revoked_at', 'is', null)
        .where((eb) => eb.or([eb('parent_hash', '=', hash), eb('parent_hash', 'is', null)]))
        .execute();
    });
    return { ok: true as const };
  });

  // "Sign out everywhere": every token, and the login links not opened yet, which would
  // otherwise still sign someone in to a brand website for their last minutes.
  mount(app, tokenClear, async ({ member, deps }) => {
    const now = deps.clock.now().toISOString();
    const r = await deps.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('login_tickets')
        .set({ used_at: now })
        .where('member_id', '=', member.id)
        .where('used_at', 'is', null)
        .execute();
      return trx
        .updateTable('sessions')
        .set({ revoked_at: now })
        .where('member_id', '=', member.id)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
    });
    return { ok: true as const, revoked: Number(r.numUpdatedRows) };
  });

  // docs/rules.md#states: an answer code 200 without a token logs the app out, so every doubt answers that way.
  mount(app, checkToken, async ({ input, member, deps, c }) => {
    const token = bearerOf(c.req.header('authorization'));
    if (!member || !token) return { code: 200 as const };
    // Each id the app holds must be the member's own record of that variant.
    const held = [
      { id: input.gloShopId, variant: 'glo' },
      { id: input.ogoShopId, variant: 'ogo' },
    ].filter((h): h is { id: number; variant: 'glo' | 'ogo' } => typeof h.id === 'number');
    if (held.length) {
      const rows = await deps.db
        .selectFrom('customers')
        .select(['id', 'member_id', 'variant'])
        .where(
          'id',
          'in',
          held.map((h) => h.id),
        )
        .execute();
      const fits = (h: (typeof held)[number]) =>
        rows.some((r) => r.id === h.id && r.member_id === member.id && r.variant === h.variant);
      if (!held.every(fits)) return { code: 200 as const };
    }
    const session = await deps.db
      .selectFrom('sessions')
      .select('expires_at')
      .where('token_hash', '=', sha256(token))
      .executeTakeFirstOrThrow();
    return { code: 200 as const, token, expired_at: session.expires_at };
  });

  mount(app, sendBotStat, async ({ input, member, deps }) => {
    const phone = toUkrainianMobile(input.phone) ?? normalizePhone(input.phone);
    if (phone !== member.phone) throw forbidden('Це не твій номер телефону', 'not_owner');
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
