import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeFinding, memberRoutes, walkRoutes } from './support/a11y';
import type { Browser } from './support/browser';
import type { RunningServer } from './support/server';
import { signInAsDemo } from './support/sign-in';
import { closeSession, openSession } from './support/session';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => ({ server, browser } = await openSession({ ready: signInAsDemo })));

afterAll(() => closeSession({ server, browser }));

describe('accessibility (axe, WCAG 2.2 AA): every member route of docs/rules.md#screens on glo', () => {
  it('has no serious or critical violation on any screen, signed in as the demo member', async () => {
    const { page } = browser;
    const { findings, unresolved, visited } = await walkRoutes(page, memberRoutes());
    console.log(`[a11y glo] ${visited.length} screens checked`);
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('glo');
    expect(findings.map(describeFinding)).toEqual([]);
    // The ogo lists are empty on glo, so their product pages get their ids in the ogo suite.
    expect(
      unresolved.filter((r) => !r.startsWith('/shop/ogo-')),
      'routes whose ids no screen linked to',
    ).toEqual([]);
  }, 180_000);
});
