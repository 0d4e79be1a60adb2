import { ApiCallError } from '../../api/errors';
import { contentApi } from '../../api/groups/content';
import type { ClubDb } from '../../db/database';
import type { NewsRow } from '../../db/rows-member';
import type { ShopVariant } from '../../domain/catalogue/catalogue';
import { readSession } from '../auth/session';
import { CONTENT_PULLER_PREFIX, runContentPuller } from './content-fresh';
import type { PullContext, Puller, PullResult } from './puller';

/** News change a few times a week: the first page is pulled at most every 30 minutes. */
export const NEWS_FRESH_FOR = 30 * 60_000;
/** An opened item's text is asked for again at most hourly. */
export const NEWS_ITEM_FRESH_FOR = 60 * 60_000;
/** Items kept per variant: the first page of the list (the home screen shows three). */
export const NEWS_PAGE_SIZE = 20;

const ogoQuery = (variant: ShopVariant) => (variant === 'ogo' ? { ogo: 'true' as const } : {});

async function isActive(db: ClubDb, variant: ShopVariant): Promise<boolean> {
  const session = await readSession(db);
  return session !== null && (session.variant === 'ogo' ? 'ogo' : 'glo') === variant;
}

/**
 * The newest club news of one variant (docs/rules.md#screens /news; docs/api.md#content news/get-list) into `news`, pulled only
 * while that variant is the active one. The variant's list is replaced as a whole, so an item the
 * server withdrew disappears; a body already fetched for an item that stays is kept, and so is an
 * item read in full that is older than the page (it fell off the page; it stays readable offline).
 */
export function newsPuller(variant: ShopVariant): Puller<NewsRow[]> {
  return {
    name: `${CONTENT_PULLER_PREFIX}news:${variant}`,
    freshFor: NEWS_FRESH_FOR,
    tables: ['news'],
    async fetch({ db, transport }) {
      if (!(await isActive(db, variant))) return null;
      const r = await contentApi(transport).getNewsList({
        page: '1',
        limit: String(NEWS_PAGE_SIZE),
        ...ogoQuery(variant),
      });
      return r.items.map((n) => ({
        variant,
        id: String(n.id),
        title: n.title,
        lead: n.lead,
        bodyHtml: '',
        image: n.image || null,
        publishedAt: n.date,
      }));
    },
    async write(rows, db: ClubDb) {
      const old = await db.news.where('variant').equals(variant).toArray();
      const bodies = new Map(old.map((n) => [n.id, n.bodyHtml]));
      const listed = new Set(rows.map((r) => r.id));
      const oldest =
        rows.length === NEWS_PAGE_SIZE
          ? rows.reduce((min, r) => (r.publishedAt < min ? r.publishedAt : min), rows[0]!.publishedAt)
          : null;
      // Only a full page can have pushed an item off it; with fewer, an unlisted item was withdrawn.
      const keep = old.filter((n) => !listed.has(n.id) && n.bodyHtml && oldest !== null && n.publishedAt < oldest);
      await db.news.where('variant').equals(variant).delete();
      await db.news.bulkPut([...rows.map((r) => ({ ...r, bodyHtml: bodies.get(r.id) ?? '' })), ...keep]);
    },
  };
}

export const NEWS_PULLERS = [newsPuller('glo'), newsPuller('ogo')] as const;

/** docs/rules.md#error-reactions style: the item is not on the server (404 news_not_found), as opposed to "could not ask". */
export type NewsItemResult = PullResult | 'missing';

/**
 * One item with its body (docs/api.md#content news/get-by-id) into `news`: the list's row gains its text, or a
 * deep-linked item not in the list is stored whole. A 404 removes a stored copy and answers
 * 'missing'; anything else never throws.
 */
export function newsItemPuller(variant: ShopVariant, id: number): Puller<NewsRow> {
  return {
    name: `${CONTENT_PULLER_PREFIX}news-item:${variant}:${id}`,
    freshFor: NEWS_ITEM_FRESH_FOR,
    tables: ['news'],
    async fetch({ db, transport }) {
      if (!(await isActive(db, variant))) return null;
      const n = await contentApi(transport).getNewsById({ id: String(id), ...ogoQuery(variant) });
      return {
        variant,
        id: String(n.id),
        title: n.title,
        lead: n.lead,
        bodyHtml: n.body_html,
        image: n.image || null,
        publishedAt: n.date,
      };
    },
    async write(row, db) {
      await db.news.put(row);
    },
  };
}

/** Pulls one news item now, forced when its text is not stored yet. */
export async function pullNewsItemOf(ctx: PullContext, variant: ShopVariant, id: number): Promise<NewsItemResult> {
  const stored = await ctx.db.news.get([variant, String(id)]);
  const p = newsItemPuller(variant, id);
  let missing = false;
  const result = await runContentPuller(
    {
      ...p,
      async fetch(c) {
        try {
          return await p.fetch(c);
        } catch (e) {
          if (e instanceof ApiCallError && e.status === 404) missing = true;
          throw e;
        }
      },
    },
    ctx,
    !stored?.bodyHtml,
  );
  if (!missing) return result;
  await ctx.db.news.delete([variant, String(id)]);
  return 'missing';
}

/** Pulls the news list of `variant` now (the /news screen opened), forced while none is stored; never throws. */
export async function pullNewsOf(ctx: PullContext, variant: ShopVariant): Promise<PullResult> {
  const stored = await ctx.db.news.where('variant').equals(variant).count();
  return runContentPuller(newsPuller(variant), ctx, stored === 0);
}
