import type { Hono } from 'hono';
import { certGetAuth, certRegist } from '../../../../src/contract/cert';
import type { AppEnv } from '../../../context';
import { badRequest, unprocessable } from '../../../errors';
import { mount } from '../../../http/route';
import type { CertPartnerService } from '../../../sandboxes/cert-partner';
import { bearerHash, issueToken } from '../../../security/tokens';
import { requireCertToken } from './access';

const HOUR_MS = 3_600_000;
/** How far the app's clock may be from the server's: the hour boundary plus half an hour of drift. */
const MAX_SKEW_MS = 90 * 60_000;

/** The instant the app named, in ms; a date without an offset is UTC. Null when it is no date. */
function appInstant(date: string, hourly: boolean): number | null {
  const zoned = /(Z|[+-]\d{2}:\d{2})$/.test(date) ? date : `${date}Z`;
  const t = Date.parse(zoned);
  if (Number.isNaN(t)) return null;
  return hourly ? Math.floor(t / HOUR_MS) * HOUR_MS : t;
}

/** cert/get-auth and cert/regist. */
export function registerCertAuth(app: Hono<AppEnv>, partner: CertPartnerService): void {
  mount(app, certGetAuth, async ({ input, member, deps, c }) => {
    const now = deps.clock.now();
    const hourly = input.hourly ?? true;
    const at = appInstant(input.date, hourly);
    const ref = hourly ? Math.floor(now.getTime() / HOUR_MS) * HOUR_MS : now.getTime();
    // docs/rules.md#constants: the token is asked for with the current hour; a stale or forged date is refused.
    if (at === null || Math.abs(at - ref) > MAX_SKEW_MS) {
      throw unprocessable('cert_date_invalid', 'Перевір дату й час на пристрої та спробуй ще раз');
    }
    return issueToken(deps.db, member.id, 'cert', now, bearerHash(c.req.header('authorization')));
  });

  mount(app, certRegist, async ({ input, member, deps }) => {
    await requireCertToken(deps, member, input.token);
    const now = deps.clock.now().toISOString();
    const email = input.email.trim().toLowerCase();
    const firstName = input.first_name.trim();
    const lastName = input.last_name.trim();
    if (!firstName || !lastName) throw badRequest('invalid_body', 'Вкажи ім’я та прізвище');
    const { externalId } = await partner.register({ memberId: member.id, email, firstName, lastName });
    const row = await deps.db
      .insertInto('cert_accounts')
      .values({
        member_id: member.id,
        external_id: externalId,
        email,
        first_name: firstName,
        last_name: lastName,
        registered_at: now,
        updated_at: now,
      })
      .onConflict((oc) =>
        oc.column('member_id').doUpdateSet({ email, first_name: firstName, last_name: lastName, updated_at: now }),
      )
      .returning(['external_id', 'registered_at'])
      .executeTakeFirstOrThrow();
    return { registered: true as const, accountId: row.external_id, registered_at: row.registered_at };
  });
}
