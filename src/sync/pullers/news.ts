import { contentApi } from '../../api/groups/content';
import type { ClubDb } from '../../db/database';
import type { NewsRow } from '../../db/rows-member';
import type { ShopVariant } from '../../domain/catalogue';
import { readSession } from '../session';
import type { Puller } from './puller';

/** News change a few times a week: the first page is pulled at most every 30 minutes. */
export const NEWS_FRESH_FOR = 30 * 60_000;
/** Items kept per variant: the first page of the list (the home screen shows three). */
export const NEWS_PAGE_SIZE = 20;

/**
 * The newest club news of one variant (spec §2 /news; §7 news/get-list) into `news`, pulled only
 * while that variant is the active one. The variant's list is replaced as a whole, so an item the
 * server withdrew disappears; a body already fetched for an item that stays is kept.
 */
export function newsPuller(variant: ShopVariant): Puller<NewsRow[]> {
  return {
    name: `news-${variant}`,
    freshFor: NEWS_FRESH_FOR,
    tables: ['news'],
    async fetch({ db, transport }) {
      const session = await readSession(db);
      if (!session || (session.variant === 'ogo' ? 'ogo' : 'glo') !== variant) return null;
      const r = await contentApi(transport).getNewsList({ page: '1', limit: String(NEWS_PAGE_SIZE), ...(variant === 'ogo' ? { ogo: 'true' as const } : {}) });
      return r.items.map((n) => ({ variant, id: String(n.id), title: n.title, lead: n.lead, bodyHtml: '', image: n.image || null, publishedAt: n.date }));
    },
    async write(rows, db: ClubDb) {
      const old = new Map((await db.news.where('variant').equals(variant).toArray()).map((n) => [n.id, n.bodyHtml]));
      await db.news.where('variant').equals(variant).delete();
      await db.news.bulkPut(rows.map((r) => ({ ...r, bodyHtml: old.get(r.id) ?? '' })));
    },
  };
}

export const NEWS_PULLERS = [newsPuller('glo'), newsPuller('ogo')] as const;
