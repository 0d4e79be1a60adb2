// The pullers of each view (./views.ts), loaded by the page the first time an action settles.
import type { Variant } from '../db/rows-catalogue';
import { devicesPuller } from './pullers/devices';
import { feedbackListPuller, feedbackFlagsPuller, offlineOrdersPuller } from './pullers/feedback';
import { mirrorsPuller } from './pullers/mirrors';
import { ordersPuller } from './pullers/orders';
import { certListPuller } from './pullers/programmes-cert';
import { marathonPuller, quizPuller } from './pullers/programmes-marathon';
import { subHistoryPuller, subStatePuller } from './pullers/programmes-subscription';
import type { Puller } from './pullers/puller';
import { scanHistoryPuller, scanStatsPuller } from './pullers/scans';
import { memberPuller } from './pullers/session-member';
import { referralsPuller } from './pullers/session-referrals';
import { bonusHistoryPuller } from './pullers/xp';
import type { ViewName } from './engine/views';

const scanV = (v: Variant): 'glo' | 'ogo' => (v === 'glo' ? 'glo' : 'ogo');

type AnyPuller = Puller<unknown>;

/** What pulls each view of a variant again; their names are the view's `VIEW_STAMPS`. */
export const VIEW_PULLERS: Record<ViewName, (v: Variant) => AnyPuller[]> = {
  xp: (v) => [bonusHistoryPuller(scanV(v)) as AnyPuller],
  'scan-stats': (v) => [scanStatsPuller(scanV(v)) as AnyPuller],
  'scan-history': (v) => [scanHistoryPuller(scanV(v)) as AnyPuller],
  devices: (v) => [devicesPuller(scanV(v)) as AnyPuller],
  orders: (v) => [ordersPuller(scanV(v)) as AnyPuller],
  member: () => [memberPuller as AnyPuller],
  mirrors: () => [mirrorsPuller as AnyPuller],
  referrals: () => [referralsPuller as AnyPuller],
  marathon: (v) => [marathonPuller(v) as AnyPuller, quizPuller(v) as AnyPuller],
  certificates: (v) => [certListPuller(v) as AnyPuller],
  feedback: (v) => [
    feedbackFlagsPuller as AnyPuller,
    offlineOrdersPuller as AnyPuller,
    feedbackListPuller(v) as AnyPuller,
  ],
  subscription: (v) => [subStatePuller(v) as AnyPuller, subHistoryPuller(v) as AnyPuller],
};
