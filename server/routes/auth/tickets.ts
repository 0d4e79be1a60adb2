import type { Context } from 'hono';
import { isSafeReturnPath } from '../../../src/domain/auth/return-path';
import { publicOrigin } from '../../http/public-origin';
import type { AppDeps, AppEnv } from '../../context';
import type { TicketSite } from '../../db/tables/auth';
import { badRequest } from '../../errors';
import { newToken, sha256 } from '../../security/tokens';

/** A login link works once, within 5 minutes. */
export const TICKET_TTL_MS = 5 * 60_000;

/** Where each site's stand-in page is served. */
export const SITE_PATHS: Record<TicketSite, string> = {
  glo: '/sandbox/glo-site',
  ogo: '/sandbox/ogo-store',
  velo: '/sandbox/velo-store',
};

/** `return_to` as given, or '/'; anything but a relative path is a 400 (no open redirect). */
export function returnPathOrThrow(path: string | undefined | null): string {
  if (path === undefined || path === null || path === '') return '/';
  if (!isSafeReturnPath(path))
    throw badRequest('invalid_return_to', 'return_to має бути відносним шляхом, що починається з «/»');
  return path;
}

/** Makes a single-use login link to `site` for the member; only the ticket's hash is stored. */
export async function loginLink(
  c: Context<AppEnv>,
  deps: AppDeps,
  memberId: number,
  site: TicketSite,
  returnTo: string,
): Promise<string> {
  const ticket = newToken();
  const now = deps.clock.now();
  await deps.db
    .insertInto('login_tickets')
    .values({
      ticket_hash: sha256(ticket),
      member_id: memberId,
      site,
      return_to: returnTo,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + TICKET_TTL_MS).toISOString(),
      used_at: null,
    })
    .execute();
  return `${publicOrigin(c, deps)}${SITE_PATHS[site]}?ticket=${encodeURIComponent(ticket)}`;
}

/** Uses a ticket up: the member and path it was made for, or null when unknown, used or expired. */
export async function useTicket(
  deps: AppDeps,
  ticket: string,
  site: TicketSite,
): Promise<{ member_id: number; return_to: string } | null> {
  if (!ticket || ticket.length > 200) return null;
  const now = deps.clock.now().toISOString();
  const row = await deps.db
    .updateTable('login_tickets')
    .set({ used_at: now })
    .where('ticket_hash', '=', sha256(ticket))
    .where('site', '=', site)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning(['member_id', 'return_to'])
    .executeTakeFirst();
  return row ?? null;
}
