import { certCreate } from '../../../contract/cert';
import type { ClubDb } from '../../../db/database';
import type { Account, OutboxEntry } from '../../../db/rows-sync';
import { mutate } from '../../engine/enqueue';
import { CERT_DOCS, type CertList } from '../../pullers/programmes-cert';
import { defineMutation } from '../../engine/registry';
import { CERT_TOKEN_DEAD, certificateToken } from '../../engine/tokens';
import { readDoc, writeDoc } from './docs';

export interface CertCreatePayload {
  partnerId: number;
  /** Face value, whole UAH. */
  nominal: number;
  /** The XP price the screen showed (display only: the server charges its own). */
  xpPrice: number;
}

/**
 * Buying a partner certificate with XP (docs/api.md#certificates cert/create, docs/rules.md#validation: needs a live certificate
 * token). Online only (docs/architecture.md#data-flow): started with `sendOnline`, under an Idempotency-Key, so a
 * retry after a lost answer never buys twice. A dead certificate token (docs/rules.md#error-reactions) is replaced once.
 * The answer's balance is stored at once and the certificate put first in the member's list.
 */
export const certCreateKind = defineMutation<CertCreatePayload, typeof certCreate>({
  kind: 'cert-create',
  call: certCreate,
  title: 'Купівля сертифіката',
  noun: ['купівлю сертифіката', 'купівлі сертифікатів', 'купівель сертифікатів'],
  tables: ['xpBalance', 'docs'],
  views: ['xp', 'certificates'],
  xpMove: (e) => ({
    amount: -e.payload.xpPrice,
    what: `Сертифікат на ${e.payload.nominal} грн`,
    source: 'certificate',
  }),
  answeredOn: ['/history-bonuses'],
  onlineOnly: true,
  async buildRequest(entry, { db, transport, now, memo }) {
    const p = entry.payload;
    return {
      token: await certificateToken(db, transport, now(), memo),
      partnerId: p.partnerId,
      nominal: p.nominal,
      ...(entry.account.variant === 'ogo' ? { ogo: true } : {}),
    };
  },
  async apply(answer, entry, db) {
    const now = Date.now();
    const variant = entry.account.variant;
    await db.xpBalance.put({ variant, balance: answer.balance, fetchedAt: now });
    const list = (await readDoc<CertList>(db, variant, CERT_DOCS.list)) ?? {
      certificates: [],
      revealed: false,
      pin: 'none' as const,
    };
    const rest = list.certificates.filter((c) => c.id !== answer.certificate.id);
    await writeDoc(db, variant, CERT_DOCS.list, { ...list, certificates: [answer.certificate, ...rest] }, now);
  },
  refreshOn: (e) => e.code === CERT_TOKEN_DEAD,
});

/** Queues the purchase for `sendOnline` (nothing changes locally until the server answers). */
export function queueCertPurchase(
  db: ClubDb,
  account: Account,
  p: CertCreatePayload,
  now = Date.now(),
): Promise<OutboxEntry<CertCreatePayload>> {
  return mutate(db, certCreateKind, { account, now, change: () => p });
}
