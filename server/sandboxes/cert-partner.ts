import { createHash, randomBytes, randomInt } from 'node:crypto';

/** One year: how long a partner certificate stays valid after it is issued. */
export const CERT_VALIDITY_DAYS = 365;

/** Letters and digits a person cannot confuse when typing a code at a till (no 0/O, 1/I/L). */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/**
 * The partner certificate service: it knows the members who registered and issues the codes
 * that a partner's till accepts. The sandbox makes them locally; a real adapter would call the
 * provider and void a code whose purchase did not go through.
 */
export interface CertPartnerService {
  /** Registers a member (again: same account). Answers the provider's account id. */
  register(input: { memberId: number; email: string; firstName: string; lastName: string }): Promise<{ externalId: string }>;
  /** Issues one certificate of `nominal` UAH for a partner whose codes start with `prefix`. */
  issue(input: { prefix: string; nominal: number; accountId: string; now: Date }): Promise<{
    code: string;
    externalId: string;
    expiresAt: string;
  }>;
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
    async issue({ prefix, now }) {
      const code = `${prefix}-${codeGroup(4)}-${codeGroup(4)}-${codeGroup(4)}`;
      const expiresAt = new Date(now.getTime() + CERT_VALIDITY_DAYS * 86_400_000).toISOString();
      return { code, externalId: `crt_${randomBytes(8).toString('hex')}`, expiresAt };
    },
  };
}
