import type { Hono } from 'hono';
import type { AppEnv } from '../../context';
import type { TicketSite } from '../../db/tables/auth';
import { siteLinkDeadPage, siteWelcomePage } from '../../sandboxes/brand-sites';
import { SITE_PATHS, useTicket } from './tickets';

/**
 * Serves the stand-in pages the login links open. They are mounted in every mode: the app's
 * "go to the website" links must lead somewhere, and no real site is configured.
 */
export function registerBrandSites(app: Hono<AppEnv>): void {
  for (const site of Object.keys(SITE_PATHS) as TicketSite[]) {
    app.get(SITE_PATHS[site], async (c) => {
      const deps = c.var.deps;
      c.header('Cache-Control', 'no-store');
      c.header('Referrer-Policy', 'no-referrer');
      const used = await useTicket(deps, c.req.query('ticket') ?? '', site);
      const member = used
        ? await deps.db
            .selectFrom('members')
            .select(['first_name', 'last_name'])
            .where('id', '=', used.member_id)
            .executeTakeFirst()
        : undefined;
      if (!used || !member) return c.html(siteLinkDeadPage(site), 410);
      return c.html(
        siteWelcomePage(site, { firstName: member.first_name, lastName: member.last_name, returnTo: used.return_to }),
      );
    });
  }
}
