import { CONTENT_PAGES } from '../../src/domain/content-pages';
import type { AppDeps } from '../context';
import type { ContentPagesTable } from '../db/tables/engagement';
import type { ContentBody } from '../routes/engagement/content-html';
import { CLUB_RULES, GLO_STUDIO, USER_AGREEMENT, VERIFICATION_HELP } from './content-pages-club';
import { FAQ_GLO, FAQ_OGO } from './content-pages-faq';
import { INVITE_FAQ, SUBSCRIPTION_ABOUT, SUBSCRIPTION_FAQ } from './content-pages-programs';

/** Every configured page (src/domain/content-pages.ts) with its versions: 'all', or one per variant. */
export const SEEDED_PAGES: ReadonlyArray<{ id: number; variant: ContentPagesTable['variant']; title: string; body: ContentBody }> = [
  { id: CONTENT_PAGES.faq, variant: 'glo', title: 'Часті питання', body: FAQ_GLO },
  { id: CONTENT_PAGES.faq, variant: 'ogo', title: 'Часті питання ogo', body: FAQ_OGO },
  { id: CONTENT_PAGES.clubRules, variant: 'all', title: 'Правила клубу', body: CLUB_RULES },
  { id: CONTENT_PAGES.userAgreement, variant: 'all', title: 'Угода користувача', body: USER_AGREEMENT },
  { id: CONTENT_PAGES.inviteFaq, variant: 'all', title: 'Запроси друга: питання та відповіді', body: INVITE_FAQ },
  { id: CONTENT_PAGES.subscriptionAbout, variant: 'all', title: 'Про підписку', body: SUBSCRIPTION_ABOUT },
  { id: CONTENT_PAGES.subscriptionFaq, variant: 'all', title: 'Підписка: питання та відповіді', body: SUBSCRIPTION_FAQ },
  { id: CONTENT_PAGES.gloStudio, variant: 'all', title: 'glo-studio', body: GLO_STUDIO },
  { id: CONTENT_PAGES.verificationHelp, variant: 'all', title: 'Підтвердження віку', body: VERIFICATION_HELP },
];

/** Stores the content pages once (they need no members, so tests may run it on its own). */
export async function seedContentPages(deps: AppDeps): Promise<void> {
  const any = await deps.db.selectFrom('content_pages').select('id').limit(1).executeTakeFirst();
  if (any) return;
  const updatedAt = deps.clock.now().toISOString();
  await deps.db
    .insertInto('content_pages')
    .values(SEEDED_PAGES.map((p) => ({ page_id: p.id, variant: p.variant, title: p.title, body: JSON.stringify(p.body), updated_at: updatedAt })))
    .execute();
}
