import { scanApi } from '../../api/groups/scan';
import type { CallResponse } from '../../contract/define';
import type { multiscanHistory } from '../../contract/scan';
import { readSession } from '../auth/session';
import type { ScanVariant } from '../mutations/scan/shared';
import { MULTISCAN_HISTORY_DOC } from '../scan-keys';
import { docPuller } from './doc';
import type { Puller } from './puller';

export type MultiscanHistory = CallResponse<typeof multiscanHistory>;

/**
 * The photos the server read for the member on this variant, from any device (the newest page of
 * multiscan/get-history): /scan/multi pulls it on each visit and after each photo it sends.
 */
export function multiscanHistoryPuller(variant: ScanVariant): Puller<MultiscanHistory> {
  return docPuller({
    key: MULTISCAN_HISTORY_DOC,
    variant,
    freshFor: 60_000,
    async fetch({ db, transport }) {
      if (!(await readSession(db))) return null;
      return scanApi(transport).multiscanHistory(variant === 'ogo' ? { ogo: true } : {});
    },
  });
}
