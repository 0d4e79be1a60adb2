import type { Hono } from 'hono';
import { createCustomer, getOgoToken, mlogin, mloginGlo } from '../../../src/contract/auth';
import { normalizePhone, toUkrainianMobile } from '../../../src/domain/auth/phone';
import { isValidEmail } from '../../../src/domain/auth/registration';
import { isSelfServiceTag, parseTags } from '../../../src/domain/member/self-service-tags';
import type { AppEnv } from '../../context';
import { badRequest, forbidden, unprocessable } from '../../errors';
import { mount } from '../../http/route';
import { ensureCustomer, findCustomer, tagsOf, variantOf } from '../../members';
import { bearerHash, issueToken } from '../../security/tokens';
import { loginLink, returnPathOrThrow } from './tickets';
import { requireOwnToken } from './token-owner';

/** Tags a new record may be created with (docs/rules.md#entities: pwa_user_velo for velo). */
const CREATION_TAGS = new Set(['pwa_user', 'pwa_user_velo']);

export function registerStoreLogin(app: Hono<AppEnv>): void {
  mount(app, mloginGlo, async ({ input, member, deps, c }) => ({
    url: await loginLink(c, deps, member.id, 'glo', returnPathOrThrow(input.return_to)),
  }));

  mount(app, getOgoToken, async ({ member, deps, c }) => {
    await ensureCustomer(deps.db, member, 'ogo', deps.clock.now());
    return issueToken(deps.db, member.id, 'ogo', deps.clock.now(), bearerHash(c.req.header('authorization')));
  });

  // The names and e-mail sent are not trusted: the link logs in the caller's own record.
  mount(app, mlogin, async ({ input, member, deps, c }) => {
    const returnTo = returnPathOrThrow(input.return_to);
    await requireOwnToken(deps, member, input.ogoAuthApiToken, 'ogo');
    const variant = variantOf(input.ogo);
    await ensureCustomer(deps.db, member, variant, deps.clock.now());
    return { url: await loginLink(c, deps, member.id, variant, returnTo) };
  });

  // Names and e-mail come from the member's profile (changed only through confirm-email);
  // the request may add a note and creation or self-service tags.
  mount(app, createCustomer, async ({ input, member, deps }) => {
    const phone = toUkrainianMobile(input.phone) ?? normalizePhone(input.phone);
    if (phone !== member.phone) throw forbidden('Можна створити запис лише зі своїм номером телефону', 'not_owner');
    if (!isValidEmail(input.email)) throw badRequest('invalid_email', 'Вкажи коректну електронну пошту');
    const tags = parseTags(input.tags ?? []);
    const refused = tags.filter((t) => !CREATION_TAGS.has(t) && !isSelfServiceTag(t));
    if (refused.length) throw unprocessable('tag_not_allowed', `Тег «${refused[0]}» не можна встановити`);
    const existing = await findCustomer(deps.db, member.id, input.variant);
    if (existing) return { id: existing.id };
    const created = await ensureCustomer(deps.db, member, input.variant, deps.clock.now());
    const merged = [...new Set([...tagsOf(created), ...tags])];
    await deps.db
      .updateTable('customers')
      .set({ tags: JSON.stringify(merged), note: input.note ?? '' })
      .where('id', '=', created.id)
      .execute();
    return { id: created.id };
  });
}
