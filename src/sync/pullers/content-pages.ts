import { contentApi } from '../../api/groups/content';
import type { ShopVariant } from '../../domain/catalogue/catalogue';
import { CONTENT_ACCESS, CONTENT_PAGES, type ContentPageKey } from '../../domain/content/pages';
import { readSession } from '../auth/session';
import { CONTENT_PULLER_PREFIX, runContentPuller } from './content-fresh';
import type { PullContext, Puller, PullResult } from './puller';

/** Content pages change seldom: pulled at most hourly (docs/rules.md#constants gives no lifetime for them). */
export const CONTENT_FRESH_MS = 60 * 60_000;

interface Pulled {
  variant: ShopVariant;
  id: number;
  html: string;
}

/**
 * One configured content page (docs/api.md#content content/get-page-by-id) of one variant into
 * `contentPages`, pulled only while that variant is the member's (or, for a public page, for a
 * visitor not signed in, when `whenSignedOut`). Club rules only for an age-verified member
 * (docs/rules.md#validation, docs/rules.md#roles), as the server also insists. Stamped per variant, so a variant switch never
 * takes one variant's page for the other's.
 */
export function contentPagePuller(
  key: ContentPageKey,
  variant: ShopVariant,
  opts: { whenSignedOut?: boolean } = {},
): Puller<Pulled> {
  return {
    name: `${CONTENT_PULLER_PREFIX}page:${variant}:${key}`,
    freshFor: CONTENT_FRESH_MS,
    tables: ['contentPages'],
    async fetch({ db, transport }) {
      const session = await readSession(db);
      const access = CONTENT_ACCESS[key];
      if (!session && (access !== 'public' || opts.whenSignedOut === false)) return null;
      if (session && (session.variant === 'ogo' ? 'ogo' : 'glo') !== variant) return null;
      if (access === 'verified' && !session?.ageVerified) return null;
      const id = CONTENT_PAGES[key];
      const page = await contentApi(transport).getPageById(variant === 'ogo' ? { id, ogo: true } : { id });
      return { variant, id, html: page.body_html };
    },
    async write(p, db, now) {
      await db.contentPages.put({ variant: p.variant, id: String(p.id), bodyHtml: p.html, fetchedAt: now });
    },
  };
}

/** The pages pulled with the others at start: the user agreement and the club rules of the active variant. */
export const legalPagePullers = [
  contentPagePuller('userAgreement', 'glo'),
  contentPagePuller('userAgreement', 'ogo', { whenSignedOut: false }),
  contentPagePuller('clubRules', 'glo'),
  contentPagePuller('clubRules', 'ogo'),
] as const;

/**
 * Pulls one page of `variant` now (a screen opened it); `force` when nothing is stored, so an
 * empty screen always asks. Never throws.
 */
export async function pullContentPageOf(
  ctx: PullContext,
  key: ContentPageKey,
  variant: ShopVariant,
): Promise<PullResult> {
  const stored = await ctx.db.contentPages.get([variant, String(CONTENT_PAGES[key])]);
  return runContentPuller(contentPagePuller(key, variant), ctx, !stored);
}

/** Pulls one page of the active variant now; never throws. */
export async function refreshContentPage(ctx: PullContext, key: ContentPageKey, force = false): Promise<PullResult> {
  const session = await readSession(ctx.db);
  const variant: ShopVariant = session?.variant === 'ogo' ? 'ogo' : 'glo';
  return runContentPuller(contentPagePuller(key, variant), ctx, force);
}
