import { contentApi } from '../../api/groups/content';
import { engagementApi } from '../../api/groups/engagement';
import { userApi } from '../../api/groups/user';
import { veloApi } from '../../api/groups/velo';
import { kvGet, kvSet } from '../../db/kv';
import type { ShopVariant } from '../../domain/catalogue/catalogue';
import type { BrandStore } from '../../contract/stores';
import type { VocabularySection } from '../../contract/content';
import { memberRecordOf } from './session-member';
import { readSession } from '../auth/session';
import { CONTENT_PULLER_PREFIX, runContentPuller } from './content-fresh';
import { docPuller } from './doc';
import { FRESH_FOR } from './freshness';
import { runPuller, type PullContext, type Puller, type PullResult } from './puller';

/** The dictionary changes seldom: at most once a day. */
export const VOCABULARY_FRESH_FOR = 24 * 60 * 60_000;
/** Store addresses and hours: at most every 6 hours. */
export const STORES_FRESH_FOR = 6 * 60 * 60_000;
/** The member's record for the call centre: at most every 10 minutes. */
export const SUPPORT_RECORD_FRESH_FOR = 10 * 60_000;

/** `docs` keys of what these pullers keep (read with `useDoc(variant, key)`). */
export const DOC_KEYS = {
  vocabulary: (section: VocabularySection) => `vocabulary:${section}`,
  stores: 'stores',
  veloUser: 'velo-user',
  oralStatus: 'oral-status',
} as const;

export interface VocabularyDoc {
  section: VocabularySection;
  title: string;
  terms: Array<{ id: number; term: string; definition: string }>;
  sections: Array<{ section: VocabularySection; title: string; count: number }>;
}

export interface StoresDoc {
  cities: Array<{ city: string; count: number }>;
  stores: BrandStore[];
}

/** docs/rules.md#entities "User (velo)" as kept: no token and no login link (both die within minutes). */
export interface VeloUserDoc {
  shopifyId: number;
  first_name: string;
  showTdSlide: boolean;
}

export interface OralStatusDoc {
  /** docs/rules.md#validation: true only for an age-verified member. */
  result: boolean;
}

const signedIn = async (ctx: PullContext) => (await readSession(ctx.db)) !== null;

/** One section of the consumer dictionary (routes /vocabulary, /vocabulary/velo, /vocabulary/ogo-club). */
export function vocabularyPuller(variant: ShopVariant, section: VocabularySection): Puller<VocabularyDoc> {
  const p = docPuller<VocabularyDoc>({
    key: DOC_KEYS.vocabulary(section),
    variant,
    freshFor: VOCABULARY_FRESH_FOR,
    fetch: async (ctx) => ((await signedIn(ctx)) ? contentApi(ctx.transport).getVocabulary({ section }) : null),
  });
  return { ...p, name: `${CONTENT_PULLER_PREFIX}vocabulary:${variant}:${section}` };
}

/** The brand stores list (route /glo-studio). */
export function storesPuller(variant: ShopVariant): Puller<StoresDoc> {
  const p = docPuller<StoresDoc>({
    key: DOC_KEYS.stores,
    variant,
    freshFor: STORES_FRESH_FOR,
    fetch: async (ctx) => ((await signedIn(ctx)) ? engagementApi(ctx.transport).getStores({}) : null),
  });
  return { ...p, name: `${CONTENT_PULLER_PREFIX}stores:${variant}` };
}

/** docs/api.md#velo get-velo-user, kept for the velo link's lifetime of docs/rules.md#constants (1 h): the test-drive slide flag. */
export const veloUserPuller: Puller<VeloUserDoc> = docPuller<VeloUserDoc>({
  key: DOC_KEYS.veloUser,
  variant: 'velo',
  freshFor: FRESH_FOR.veloId,
  fetch: async (ctx) => {
    if (!(await signedIn(ctx))) return null;
    const u = await veloApi(ctx.transport).getVeloUser({});
    return { shopifyId: u.shopifyId, first_name: u.first_name, showTdSlide: u.showTdSlide };
  },
});

/** docs/api.md#velo check-oral-status, kept for the oral status's lifetime of docs/rules.md#constants (1 h): may the member see oral products. */
export const oralStatusPuller: Puller<OralStatusDoc> = docPuller<OralStatusDoc>({
  key: DOC_KEYS.oralStatus,
  variant: 'velo',
  freshFor: FRESH_FOR.oralStatus,
  fetch: async (ctx) =>
    (await signedIn(ctx)) ? { result: (await veloApi(ctx.transport).checkOralStatus({})).result } : null,
});

/**
 * The member's own record of `variant` found by their phone (docs/api.md#user get-user-by-phone), into
 * `memberRecords`: the name, phone, orders and spend the call centre sees with a call-back.
 */
export function supportRecordPuller(variant: ShopVariant): Puller<ReturnType<typeof memberRecordOf>> {
  return {
    name: `support-record:${variant}`,
    freshFor: SUPPORT_RECORD_FRESH_FOR,
    tables: [],
    async fetch(ctx) {
      if (!(await signedIn(ctx))) return null;
      const r = await userApi(ctx.transport).getUserByPhone(variant === 'ogo' ? { ogo: 'true' } : {});
      return memberRecordOf(r.customer);
    },
    async write(record, db, now) {
      const records = (await kvGet(db, 'memberRecords')) ?? {};
      await kvSet(db, 'memberRecords', { ...records, [variant]: record }, now);
    },
  };
}

/** Pulls a content document, forced while none is stored for the variant; never throws. */
export async function pullContentDoc<T>(
  ctx: PullContext,
  p: Puller<T>,
  variant: ShopVariant | 'velo',
  key: string,
): Promise<PullResult> {
  const stored = await ctx.db.docs.get([variant, key]);
  return p.name.startsWith(CONTENT_PULLER_PREFIX) ? runContentPuller(p, ctx, !stored) : runPuller(p, ctx, !stored);
}
