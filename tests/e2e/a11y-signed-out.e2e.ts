import { AxeBuilder } from '@axe-core/playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AXE_TAGS, describeFinding, settle, type Finding } from './support/a11y';
import { openBrowser, type Browser } from './support/browser';
import { startServer, type RunningServer } from './support/server';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await openBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

/** Opens `path` as a first visit (its prerendered screen, then the app), waits for it to settle and runs axe on it. */
async function check(path: string, screen: string): Promise<Finding[]> {
  const { page } = browser;
  await page.goto(server.url + path);
  await page.getByTestId(screen).first().waitFor({ timeout: 20_000 });
  await page.waitForFunction(() => document.querySelector('.skeleton') === null, null, { timeout: 15_000 });
  await settle(page);
  const result = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) =>
      v.nodes.map((n) => ({
        route: path,
        rule: v.id,
        impact: v.impact ?? '',
        target: n.target.join(' '),
        summary: (n.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 200),
      })),
    );
}

describe('accessibility (axe, WCAG 2.2 AA): the screens of a visitor who is not signed in', () => {
  it('the age check, sign-in and registration (and the public pages) have no serious or critical violation, on glo', async () => {
    const findings: Finding[] = [];
    // First the age question (no answer kept yet), then the screens it lets through.
    findings.push(...(await check('/is18', 'screen-is18')));
    await browser.context.addCookies([{ name: 'showIs18', value: '1', url: server.url }]);
    findings.push(...(await check('/auth', 'screen-auth')));
    findings.push(...(await check('/registration', 'screen-registration')));
    findings.push(...(await check('/user-agreement', 'screen-user-agreement')));
    findings.push(...(await check('/why-ogo', 'screen-why-ogo')));
    expect(await browser.page.evaluate(() => document.documentElement.dataset.theme)).toBe('glo');
    expect(findings.map(describeFinding)).toEqual([]);
  });

  it('the ogo landing (it wears the ogo theme) has none either', async () => {
    expect((await check('/landing', 'screen-landing')).map(describeFinding)).toEqual([]);
    expect(await browser.page.evaluate(() => document.documentElement.dataset.theme)).toBe('ogo');
  });
});
