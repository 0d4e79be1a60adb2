import { contentApi } from '../../api/groups/content';
import type { Variant } from '../../db/rows-catalogue';
import { CONTENT_ACCESS, CONTENT_PAGES, type ContentPageKey } from '../../domain/content-pages';
import { readSession } from '../session';
import { runPuller, type PullContext, type Puller, type PullResult } from './puller';

/** Content pages change seldom: pulled at most hourly (spec §9 gives no lifetime for them). */
export const CONTENT_FRESH_MS = 60 * 60_000;

interface Pulled {
  variant: Variant;
  id: number;
  html: string;
}

/**
 * One configured content page (spec §7 content/get-page-by-id) of the active variant into
 * `contentPages`. Public pages (the user agreement) are pulled signed out too, as glo; club
 * rules only for an age-verified member (spec §5/§6), as the server also insists.
 */
export function contentPagePuller(key: ContentPageKey): Puller<Pulled> {
  return {
    name: `content:${key}`,
    freshFor: CONTENT_FRESH_MS,
    tables: ['contentPages'],
    async fetch({ db, transport }) {
      const session = await readSession(db);
      const access = CONTENT_ACCESS[key];
      if (access !== 'public' && !session) return null;
      if (access === 'verified' && !session?.ageVerified) return null;
      const variant: Variant = session?.variant === 'ogo' ? 'ogo' : 'glo';
      const id = CONTENT_PAGES[key];
      const page = await contentApi(transport).getPageById(variant === 'ogo' ? { id, ogo: true } : { id });
      return { variant, id, html: page.body_html };
    },
    async write(p, db, now) {
      await db.contentPages.put({ variant: p.variant, id: String(p.id), bodyHtml: p.html, fetchedAt: now });
    },
  };
}

/** The pages pulled with the others at start: the user agreement and the club rules. */
export const legalPagePullers = [contentPagePuller('userAgreement'), contentPagePuller('clubRules')] as const;

/** Pulls one page now (a screen opened it and holds nothing, or an old copy); never throws. */
export function refreshContentPage(ctx: PullContext, key: ContentPageKey, force = false): Promise<PullResult> {
  return runPuller(contentPagePuller(key), ctx, force);
}
