import { CONTENT_PAGES } from '../../src/domain/content/pages';
import type { AppDeps } from '../context';
import type { ContentPagesTable } from '../db/tables/engagement';
import type { ContentBody } from '../routes/engagement/content/html';
import { CLUB_RULES, GLO_STUDIO, USER_AGREEMENT, VERIFICATION_HELP } from './content-pages-club';
import { FAQ_GLO, FAQ_OGO } from './content-pages-faq';
import {
  GO_BUY_GLO,
  GO_BUY_OGO,
  INVITE_OFFER,
  TEST_DRIVE_GLO,
  TEST_DRIVE_OGO,
  VELO_PROMO,
  VELO_TEST_DRIVE,
  WHY_OGO,
} from './content-pages-offers';
import { INVITE_FAQ, SUBSCRIPTION_ABOUT, SUBSCRIPTION_FAQ } from './content-pages-programs';

/** Every configured page (src/domain/content/pages.ts) with its versions: 'all', or one per variant. */
export const SEEDED_PAGES: ReadonlyArray<{
  id: number;
  variant: ContentPagesTable['variant'];
  title: string;
  body: ContentBody;
}> = [
  { id: CONTENT_PAGES.faq, variant: 'glo', title: 'Часті питання', body: FAQ_GLO },
  { id: CONTENT_PAGES.faq, variant: 'ogo', title: 'Часті питання ogo', body: FAQ_OGO },
  { id: CONTENT_PAGES.clubRules, variant: 'all', title: 'Правила клубу', body: CLUB_RULES },
  { id: CONTENT_PAGES.userAgreement, variant: 'all', title: 'Угода користувача', body: USER_AGREEMENT },
  { id: CONTENT_PAGES.inviteFaq, variant: 'all', title: 'Запроси друга: питання та відповіді', body: INVITE_FAQ },
  { id: CONTENT_PAGES.subscriptionAbout, variant: 'all', title: 'Про підписку', body: SUBSCRIPTION_ABOUT },
  {
    id: CONTENT_PAGES.subscriptionFaq,
    variant: 'all',
    title: 'Підписка: питання та відповіді',
    body: SUBSCRIPTION_FAQ,
  },
  { id: CONTENT_PAGES.gloStudio, variant: 'all', title: 'glo-studio', body: GLO_STUDIO },
  { id: CONTENT_PAGES.verificationHelp, variant: 'all', title: 'Підтвердження віку', body: VERIFICATION_HELP },
  { id: CONTENT_PAGES.goBuy, variant: 'glo', title: 'Де купити', body: GO_BUY_GLO },
  { id: CONTENT_PAGES.goBuy, variant: 'ogo', title: 'Де купити ogo', body: GO_BUY_OGO },
  { id: CONTENT_PAGES.whyOgo, variant: 'all', title: 'Чому ogo', body: WHY_OGO },
  { id: CONTENT_PAGES.inviteOffer, variant: 'all', title: 'Запроси друга', body: INVITE_OFFER },
  { id: CONTENT_PAGES.veloPromo, variant: 'all', title: 'Промокод VELO-20%', body: VELO_PROMO },
  { id: CONTENT_PAGES.testDrive, variant: 'glo', title: 'Тест-драйв', body: TEST_DRIVE_GLO },
  { id: CONTENT_PAGES.testDrive, variant: 'ogo', title: 'Тест-драйв ogo', body: TEST_DRIVE_OGO },
  { id: CONTENT_PAGES.veloTestDrive, variant: 'all', title: 'Тест-драйв velo', body: VELO_TEST_DRIVE },
];

/**
 * Stores every configured page version the database does not hold yet (they need no members, so
 * tests may run it on its own). Pages already there are left as they are (an operator may have
 * edited them); a page added to the configuration later reaches an existing database this way.
 */
export async function seedContentPages(deps: AppDeps): Promise<void> {
  const have = await deps.db.selectFrom('content_pages').select(['page_id', 'variant']).execute();
  const held = new Set(have.map((r) => `${r.page_id}:${r.variant}`));
  const missing = SEEDED_PAGES.filter((p) => !held.has(`${p.id}:${p.variant}`));
  if (missing.length === 0) return;
  const updatedAt = deps.clock.now().toISOString();
  await deps.db
    .insertInto('content_pages')
    .values(
      missing.map((p) => ({
        page_id: p.id,
        variant: p.variant,
        title: p.title,
        body: JSON.stringify(p.body),
        updated_at: updatedAt,
      })),
    )
    .execute();
}
