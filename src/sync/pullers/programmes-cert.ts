import { certApi } from '../../api/groups/cert';
import type { CallResponse } from '../../contract/define';
import type { certGetCertList, certGetMessage, certGetPartnersById, CertCategory } from '../../contract/cert';
import type { Variant } from '../../db/rows-catalogue';
import { readSession } from '../auth/session';
import { CERT_DOCS } from '../programme/keys';

export { CERT_DOCS };
import { withCertToken } from '../engine/tokens';
import { docPuller } from './doc';
import type { Puller } from './puller';

/** The partner catalogue changes seldom: pulled when a screen opens, at most every 30 minutes. */
export const CERT_CATALOGUE_FRESH_MS = 30 * 60_000;
/** The member's own certificates: pulled on every visit of the list (it changes with each purchase). */
export const CERT_LIST_FRESH_MS = 60_000;

export type CertMessage = CallResponse<typeof certGetMessage>;
export type CertPartners = CallResponse<typeof certGetPartnersById>;
export type CertList = CallResponse<typeof certGetCertList>;
/** Revealed codes by certificate id, and when they are hidden again (epoch ms). */
export interface CertCodes {
  until: number;
  codes: Record<number, string>;
}

/** Certificate calls need a session and a certificate token (asked with the hourly date, docs/rules.md#constants). */
async function signedIn(db: Parameters<typeof readSession>[0]): Promise<boolean> {
  return (await readSession(db)) !== null;
}

/** Categories as the server sends them (the screen falls back to the defaults (docs/rules.md#entities) when none). */
export function certCategoriesPuller(variant: Variant): Puller<CertCategory[]> {
  return docPuller({
    key: CERT_DOCS.categories,
    variant,
    freshFor: CERT_CATALOGUE_FRESH_MS,
    async fetch({ db, transport, now }) {
      if (!(await signedIn(db))) return null;
      return withCertToken(db, transport, now, (token) => certApi(transport).getCats({ token }));
    },
  });
}

/** The partner's message of the screen, or of one category (docs/api.md#scan get-message, categoryId optional). */
export function certMessagePuller(variant: Variant, categoryId?: number): Puller<CertMessage> {
  return docPuller({
    key: CERT_DOCS.message(categoryId),
    variant,
    freshFor: CERT_CATALOGUE_FRESH_MS,
    async fetch({ db, transport, now }) {
      if (!(await signedIn(db))) return null;
      return withCertToken(db, transport, now, (token) =>
        certApi(transport).getMessage(categoryId ? { token, categoryId } : { token }),
      );
    },
  });
}

/** Partners of one category with their nominals and XP prices (docs/api.md#certificates get-partners-by-id). */
export function certPartnersPuller(variant: Variant, categoryId: number): Puller<CertPartners> {
  return docPuller({
    key: CERT_DOCS.partners(categoryId),
    variant,
    freshFor: CERT_CATALOGUE_FRESH_MS,
    async fetch({ db, transport, now }) {
      if (!(await signedIn(db))) return null;
      return withCertToken(db, transport, now, (token) => certApi(transport).getPartnersById({ token, categoryId }));
    },
  });
}

/** The member's certificates, codes hidden (docs/api.md#certificates get-cert-list without a PIN token). */
export function certListPuller(variant: Variant): Puller<CertList> {
  return docPuller({
    key: CERT_DOCS.list,
    variant,
    freshFor: CERT_LIST_FRESH_MS,
    async fetch({ db, transport, now }) {
      if (!(await signedIn(db))) return null;
      return withCertToken(db, transport, now, (token) => certApi(transport).getCertList({ token }));
    },
  });
}
