import { createHash, randomBytes, randomInt } from 'node:crypto';

/** One year: how long a partner certificate stays valid after it is issued. */
export const CERT_VALIDITY_DAYS = 365;

/** Letters and digits a person cannot confuse when typing a code at a till (no 0/O, 1/I/L). */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/**
 * The partner certificate service: it knows the members who registered, issues the codes that
 * a partner's till accepts, and voids a code whose purchase did not go through. The
 * sandbox makes and voids them locally; a real adapter calls the provider.
 */
export interface CertPartnerService {
  /** Registers a member (again: same account). Answers the provider's account id. */
  register(input: {
    memberId: number;
    email: string;
    firstName: string;
    lastName: string;
  }): Promise<{ externalId: string }>;
  /** Issues one certificate of `nominal` UAH for a partner whose codes start with `prefix`. */
  issue(input: { prefix: string; nominal: number; accountId: string; now: Date }): Promise<{
    code: string;
    externalId: string;
    expiresAt: string;
  }>;
  /** Voids an issued certificate (its purchase failed): no till accepts its code any more. */
  void(externalId: string): Promise<void>;
}

/** The sandbox's issued certificates, by external id (shared by every sandbox in this process). */
const sandboxIssued = new Map<string, { accountId: string; status: 'issued' | 'voided' }>();

/** What the sandbox partner holds of an account's certificates (what a partner's till would accept). */
export function sandboxCertificates(accountId: string): Array<{ externalId: string; status: 'issued' | 'voided' }> {
  return [...sandboxIssued]
    .filter(([, c]) => c.accountId === accountId)
    .map(([externalId, c]) => ({ externalId, status: c.status }));
}

function codeGroup(length: number): string {
  let out = '';
  for (let i = 0; i < length; i += 1) out += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return out;
}

/** The local stand-in for the partner service: no network, codes from the CSPRNG. */
export function sandboxCertPartner(): CertPartnerService {
  return {
    async register({ memberId }) {
      // Stable per member, as a provider answers the same account for the same person.
      const digest = createHash('sha256').update(`cert-account:${memberId}`).digest('hex');
      return { externalId: `acc_${digest.slice(0, 16)}` };
    },
    async issue({ prefix, now, accountId }) {
      const code = `${prefix}-${codeGroup(4)}-${codeGroup(4)}-${codeGroup(4)}`;
      const expiresAt = new Date(now.getTime() + CERT_VALIDITY_DAYS * 86_400_000).toISOString();
      const externalId = `crt_${randomBytes(8).toString('hex')}`;
      sandboxIssued.set(externalId, { accountId, status: 'issued' });
      return { code, externalId, expiresAt };
    },
    async void(externalId) {
      const c = sandboxIssued.get(externalId);
      if (c) c.status = 'voided';
    },
  };
}
