import { esputnikAddContact } from '../../../contract/analytics';
import type { ClubDb } from '../../../db/database';
import type { Account, OutboxEntry } from '../../../db/rows-sync';
import { mutate } from '../../engine/enqueue';
import { defineMutation } from '../../engine/registry';
import { ANALYTICS_REPORT } from './report';

export interface EsputnikContactPayload {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
}

/** docs/api.md#analytics analytics/esputnik-add-contact: the new member becomes a contact of the mailing service. */
export const analyticsEsputnikContact = defineMutation<EsputnikContactPayload, typeof esputnikAddContact>({
  kind: 'analytics-esputnik-contact',
  call: esputnikAddContact,
  title: 'Контакт для розсилки',
  noun: ['контакт для розсилки', 'контакти для розсилки', 'контактів для розсилки'],
  ...ANALYTICS_REPORT,
  async buildRequest(entry) {
    const p = entry.payload;
    return {
      firstName: p.firstName,
      lastName: p.lastName,
      shopifyId: entry.account.customerId,
      email: p.email,
      phone: p.phone,
      ...(entry.account.variant === 'ogo' ? { ogo: true } : {}),
    };
  },
});

/** Domain action: queues the mailing-service contact of `account`. */
export function addMailingContact(
  db: ClubDb,
  account: Account,
  contact: EsputnikContactPayload,
  now = Date.now(),
): Promise<OutboxEntry<EsputnikContactPayload>> {
  return mutate(db, analyticsEsputnikContact, { account, now, change: () => contact });
}
