import { esputnikSendId } from '../../../contract/analytics';
import type { ClubDb } from '../../../db/database';
import type { Account, OutboxEntry } from '../../../db/rows-sync';
import { mutate } from '../../engine/enqueue';
import { defineMutation } from '../../engine/registry';
import { ANALYTICS_REPORT } from './report';

export interface EsputnikIdPayload {
  phone: string;
  email: string;
}

/** docs/api.md#analytics analytics/esputnik-send-id {id, phone, email, {product}}: links the record to the contact. */
export const analyticsEsputnikId = defineMutation<EsputnikIdPayload, typeof esputnikSendId>({
  kind: 'analytics-esputnik-id',
  call: esputnikSendId,
  title: 'Ідентифікатор для розсилки',
  noun: ['ідентифікатор для розсилки', 'ідентифікатори для розсилки', 'ідентифікаторів для розсилки'],
  ...ANALYTICS_REPORT,
  async buildRequest(entry) {
    return {
      id: entry.account.customerId,
      phone: entry.payload.phone,
      email: entry.payload.email,
      ...(entry.account.variant === 'ogo' ? { ogo: true } : {}),
    };
  },
});

/** Domain action: queues the link between `account`'s record and its mailing contact. */
export function sendMailingId(
  db: ClubDb,
  account: Account,
  payload: EsputnikIdPayload,
  now = Date.now(),
): Promise<OutboxEntry<EsputnikIdPayload>> {
  return mutate(db, analyticsEsputnikId, { account, now, change: () => payload });
}
