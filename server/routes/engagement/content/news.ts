import type { Hono } from 'hono';
import { getNewsById, getNewsList } from '../../../../src/contract/content';
import { queryFlag, queryInt } from '../../../../src/contract/query-params';
import type { AppEnv } from '../../../context';
import { ApiError, notFound } from '../../../errors';
import { mount } from '../../../http/route';
import { svgAnswer } from '../../../http/svg-answer';
import { variantOf } from '../../../members';
import { parseBody, renderBody } from './html';
import { newsArtSvg } from './news-art';

const DEFAULT_LIMIT = 10;
const MAX_LIMIT = 50;

const imagePath = (id: number) => `/media/news/${id}.svg`;

/** News list and item (routes /news, /news/{newsId}), and the items' artwork at /media/news/{id}.svg. */
export function registerContentNews(app: Hono<AppEnv>): void {
  mount(app, getNewsList, async ({ input, deps }) => {
    const variant = variantOf(queryFlag(input.ogo));
    const limit = Math.min(queryInt(input.limit, DEFAULT_LIMIT), MAX_LIMIT);
    const page = queryInt(input.page, 1);
    const base = deps.db.selectFrom('news').where('variant', 'in', [variant, 'all']);
    const { n } = await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    const total = Number(n);
    const rows = await base
      .select(['id', 'title', 'lead', 'published_at'])
      .orderBy('published_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute();
    return {
      items: rows.map((r) => ({
        id: r.id,
        title: r.title,
        date: r.published_at,
        lead: r.lead,
        image: imagePath(r.id),
      })),
      page,
      pages: Math.max(1, Math.ceil(total / limit)),
      total,
    };
  });

  mount(app, getNewsById, async ({ input, deps }) => {
    const variant = variantOf(queryFlag(input.ogo));
    const row = await deps.db
      .selectFrom('news')
      .selectAll()
      .where('id', '=', Number(input.id))
      .where('variant', 'in', [variant, 'all'])
      .executeTakeFirst();
    if (!row) throw notFound('Новину не знайдено', 'news_not_found');
    return {
      id: row.id,
      title: row.title,
      date: row.published_at,
      lead: row.lead,
      image: imagePath(row.id),
      body_html: renderBody(parseBody(row.body)),
    };
  });

  // An <img> sends neither the API key nor a bearer, so the artwork lives outside /api.
  app.get('/media/news/:file', async (c) => {
    const m = /^([1-9]\d{0,8})\.svg$/.exec(c.req.param('file'));
    if (!m) throw new ApiError(404, 'not_found', 'Зображення не знайдено');
    const row = await c.var.deps.db
      .selectFrom('news')
      .select(['id', 'art'])
      .where('id', '=', Number(m[1]))
      .executeTakeFirst();
    if (!row) throw new ApiError(404, 'not_found', 'Зображення не знайдено');
    return svgAnswer(c, newsArtSvg(row.id, row.art), {
      'content-type': 'image/svg+xml; charset=utf-8',
      'cache-control': 'public, max-age=86400',
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
      'x-content-type-options': 'nosniff',
    });
  });
}
