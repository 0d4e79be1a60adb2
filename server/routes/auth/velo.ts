import type { Hono } from 'hono';
import { checkOralStatus, getVeloToken, getVeloUser, veloMlogin } from '../../../src/contract/velo';
import type { AppEnv } from '../../context';
import { mount } from '../../http/route';
import { ensureCustomer } from '../../members';
import { bearerHash, issueToken } from '../../security/tokens';
import { memberAgeVerified } from './records';
import { loginLink, returnPathOrThrow } from './tickets';
import { requireOwnToken } from './token-owner';

/** Path of the velo store's test-drive page the slide links to. */
export const TEST_DRIVE_PATH = '/test-drive';

export function registerVelo(app: Hono<AppEnv>): void {
  // The test-drive slide is an offer to try velo: only for age-verified members who have not
  // ordered on their velo record yet; its link is a single-use login to the test-drive page.
  mount(app, getVeloUser, async ({ member, deps, c }) => {
    const now = deps.clock.now();
    const velo = await ensureCustomer(deps.db, member, 'velo', now);
    const { token } = await issueToken(deps.db, member.id, 'velo', now, bearerHash(c.req.header('authorization')));
    const showTdSlide = velo.orders_count === 0 && (await memberAgeVerified(deps.db, member.id));
    return {
      shopifyId: velo.id,
      first_name: velo.first_name,
      last_name: velo.last_name,
      email: velo.email,
      apiToken: token,
      showTdSlide,
      tdMultipass: showTdSlide ? await loginLink(c, deps, member.id, 'velo', TEST_DRIVE_PATH) : null,
    };
  });

  mount(app, getVeloToken, async ({ member, deps, c }) =>
    issueToken(deps.db, member.id, 'velo', deps.clock.now(), bearerHash(c.req.header('authorization'))),
  );

  mount(app, veloMlogin, async ({ input, member, deps, c }) => {
    const returnTo = returnPathOrThrow(input.return_to);
    await requireOwnToken(deps, member, input.token, 'velo');
    await ensureCustomer(deps.db, member, 'velo', deps.clock.now());
    return { url: await loginLink(c, deps, member.id, 'velo', returnTo) };
  });

  // Oral nicotine products are for verified adults only: the rule is the age check of docs/rules.md#validation.
  mount(app, checkOralStatus, async ({ member, deps }) => ({ result: await memberAgeVerified(deps.db, member.id) }));
}
