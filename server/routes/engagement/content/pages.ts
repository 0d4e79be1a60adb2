import type { Hono } from 'hono';
import { getPageById } from '../../../../src/contract/content';
import { CONTENT_ACCESS, contentPageKey } from '../../../../src/domain/content/pages';
import type { AppEnv } from '../../../context';
import { forbidden, notFound, unauthorized } from '../../../errors';
import { mount } from '../../../http/route';
import { variantOf } from '../../../members';
import { isMemberVerified } from './access';
import { parseBody, renderBody } from './html';

/** POST /api/content/get-page-by-id: the variant's own version of a page, else the common one. */
export function registerContentPages(app: Hono<AppEnv>): void {
  mount(app, getPageById, async ({ input, member, deps }) => {
    const key = contentPageKey(input.id);
    if (!key) throw notFound('Сторінку не знайдено', 'page_not_found');
    const variant = variantOf(input.ogo);
    const access = CONTENT_ACCESS[key];
    if (access !== 'public' && !member) throw unauthorized();
    if (access === 'verified' && member && !(await isMemberVerified(deps.db, member, variant))) {
      throw forbidden('Правила клубу доступні після підтвердження віку', 'age_not_verified');
    }
    const rows = await deps.db
      .selectFrom('content_pages')
      .select(['page_id', 'variant', 'title', 'body'])
      .where('page_id', '=', input.id)
      .where('variant', 'in', [variant, 'all'])
      .execute();
    const row = rows.find((r) => r.variant === variant) ?? rows.find((r) => r.variant === 'all');
    if (!row) throw notFound('Сторінку не знайдено', 'page_not_found');
    return { id: row.page_id, title: row.title, body_html: renderBody(parseBody(row.body)) };
  });
}
