// What the content and support screens start when they open or the member acts: the pulls with
// their freshness (docs/rules.md#constants lifetimes, the version check of docs/rules.md#states) and the writes through the outbox.
// Loaded on first use (`contentActions()` in ./lazy.ts): it brings the API layer.
import type { VocabularySection } from '../../contract/content';
import type { ShopVariant } from '../../domain/catalogue/catalogue';
import type { ContentPageKey } from '../../domain/content/pages';
import type { AuthEnv } from '../auth/actions';
import { pullContext } from '../auth/member';
import { queueCallBack, type CallBackForm } from '../mutations/content/call-back';
import { signedInAccount } from '../auth/signed-in';
import {
  DOC_KEYS,
  oralStatusPuller,
  pullContentDoc,
  storesPuller,
  supportRecordPuller,
  veloUserPuller,
  vocabularyPuller,
} from '../pullers/content-docs';
import { pullContentPageOf } from '../pullers/content-pages';
import { pullNewsItemOf, pullNewsOf, type NewsItemResult } from '../pullers/news';
import { runPuller, type PullResult } from '../pullers/puller';

export { brandSiteLink, logoutEverywhere, veloStoreLink, veloTestDriveLink } from '../auth/member';
export * from '../mutations/content/kinds';
export type { NewsItemResult } from '../pullers/news';

/** A configured content page of `variant` (FAQ, rules, why-ogo...). */
export const pullContentPage = (env: AuthEnv, key: ContentPageKey, variant: ShopVariant): Promise<PullResult> =>
  pullContentPageOf(pullContext(env), key, variant);

/** The news list of `variant`. */
export const pullNews = (env: AuthEnv, variant: ShopVariant): Promise<PullResult> =>
  pullNewsOf(pullContext(env), variant);

/** One news item with its text; 'missing' when the server has no such item. */
export const pullNewsItem = (env: AuthEnv, variant: ShopVariant, id: number): Promise<NewsItemResult> =>
  pullNewsItemOf(pullContext(env), variant, id);

/** One section of the consumer dictionary. */
export const pullVocabulary = (env: AuthEnv, variant: ShopVariant, section: VocabularySection): Promise<PullResult> =>
  pullContentDoc(pullContext(env), vocabularyPuller(variant, section), variant, DOC_KEYS.vocabulary(section));

/** The brand stores. */
export const pullStores = (env: AuthEnv, variant: ShopVariant): Promise<PullResult> =>
  pullContentDoc(pullContext(env), storesPuller(variant), variant, DOC_KEYS.stores);

/** The velo user (test-drive slide) and the oral status, each within its hour (docs/rules.md#constants). */
export async function pullVeloFlags(env: AuthEnv): Promise<PullResult> {
  const ctx = pullContext(env);
  const oral = await pullContentDoc(ctx, oralStatusPuller, 'velo', DOC_KEYS.oralStatus);
  const user = await pullContentDoc(ctx, veloUserPuller, 'velo', DOC_KEYS.veloUser);
  return oral === 'failed' || user === 'failed' ? 'failed' : oral;
}

/** The member's record of `variant` by phone, for the call centre. */
export const pullSupportRecord = (env: AuthEnv, variant: ShopVariant): Promise<PullResult> =>
  runPuller(supportRecordPuller(variant), pullContext(env));

/**
 * /support: a call-back request (docs/rules.md#validation day rule), stored as waiting and queued; it goes when
 * there is a network and the screen shows it confirmed. A bad window is refused with the reason.
 */
export async function requestCallBack(
  env: AuthEnv,
  form: CallBackForm,
): Promise<{ ok: true; id: string } | { ok: false; reason: string }> {
  const r = await queueCallBack(env.db, await signedInAccount(env.db), form, env.now());
  return r.ok ? { ok: true, id: r.row.id } : r;
}
