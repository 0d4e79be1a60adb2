import { whileActive } from './pullers/active-variant';
import { CATALOGUE_PULLERS } from './pullers/catalogue';
import { legalPagePullers } from './pullers/content-pages';
import { devicesPuller } from './pullers/devices';
import { backgroundImportPuller, feedbackFlagsPuller, offlineOrdersPuller } from './pullers/feedback';
import { mirrorsPuller } from './pullers/mirrors';
import { NEWS_PULLERS } from './pullers/news';
import type { Puller } from './pullers/puller';
import { scanHistoryPuller, scanStatsPuller } from './pullers/scans';
import { memberPuller } from './pullers/session-member';
import { tokenCheckPuller, type TokenCheckEnv } from './pullers/session-token-check';
import { versionCheck, type VersionCheckEnv } from './pullers/version-check';
import { bonusHistoryPuller } from './pullers/xp';

/**
 * What a page pulls on start, back online and when shown again, in order: the version check first
 * (it may reload), the token check next (a dead session logs out before anything is pulled for
 * it), the import before the list it feeds. The page (`start.ts`) and the QA kit (tests/kit) run
 * the same list; only the browser's parts (localStorage, caches, reload, cookies) differ.
 */
export function pagePullers(env: VersionCheckEnv & TokenCheckEnv): ReadonlyArray<Puller<unknown>> {
  return [
    versionCheck(env),
    tokenCheckPuller(env),
    memberPuller,
    ...legalPagePullers,
    mirrorsPuller,
    ...CATALOGUE_PULLERS,
    ...NEWS_PULLERS,
    feedbackFlagsPuller,
    backgroundImportPuller,
    offlineOrdersPuller,
    // What the scan, XP and device screens show, so they read offline before their first visit.
    ...(['glo', 'ogo'] as const).flatMap((v) =>
      [scanStatsPuller(v), scanHistoryPuller(v), bonusHistoryPuller(v), devicesPuller(v)].map((p) =>
        whileActive(v, p as Puller<unknown>),
      ),
    ),
  ];
}
