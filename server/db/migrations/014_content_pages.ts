import type { Kysely } from 'kysely';
import { CONTENT_PAGES } from '../../../src/domain/content/pages';
import { SEEDED_PAGES } from '../../seed/content-pages';
import type { ContentPagesTable } from '../tables/engagement';
import type { Compat } from './compat';

/** The pages configured in this release (where to buy, why-ogo, the invite offer, promo, test drives). */
const ADDED = new Set<number>([
  CONTENT_PAGES.goBuy,
  CONTENT_PAGES.whyOgo,
  CONTENT_PAGES.inviteOffer,
  CONTENT_PAGES.veloPromo,
  CONTENT_PAGES.testDrive,
  CONTENT_PAGES.veloTestDrive,
]);

type Db = Kysely<{ content_pages: Omit<ContentPagesTable, 'id'> }>;

export const compat: Compat = 'expand';

/**
 * Data only: a database created before these pages were configured gets their first text, so
 * their screens have something to show; versions already stored (an operator's) are kept. A
 * page an operator later deletes stays withdrawn (get-page-by-id answers 404 again).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const d = db as unknown as Db;
  const have = await d
    .selectFrom('content_pages')
    .select(['page_id', 'variant'])
    .where('page_id', 'in', [...ADDED])
    .execute();
  const held = new Set(have.map((r) => `${r.page_id}:${r.variant}`));
  const at = new Date().toISOString();
  const rows = SEEDED_PAGES.filter((p) => ADDED.has(p.id) && !held.has(`${p.id}:${p.variant}`)).map((p) => ({
    page_id: p.id,
    variant: p.variant,
    title: p.title,
    body: JSON.stringify(p.body),
    updated_at: at,
  }));
  if (rows.length) await d.insertInto('content_pages').values(rows).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await (db as unknown as Db)
    .deleteFrom('content_pages')
    .where('page_id', 'in', [...ADDED])
    .execute();
}
