import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitForServiceWorker } from './support/browser';
import { tracesInCookies, tracesInPage, withoutPublicFiles, type Person, type Trace } from './support/device-data';
import { closeSession, openSession, type Session } from './support/session';
import { signInAsDemo } from './support/sign-in';

/*
 * «Вийти» leaves nothing of the member on the device (docs/rules.md#states): after the demo member Олена
 * has opened the screens that keep copies of themselves, and signed out through the side menu,
 * no store of the origin (IndexedDB, localStorage, sessionStorage, Cache Storage, cookies) holds
 * her name, phone or e-mail; a second tab she had open leaves her screens too. The next member
 * signs in and never sees her kept screen.
 */

/** Олена Коваль, olena.koval@example.com, 380500000001 (server/seed/auth.ts). */
const OLENA: Person = {
  words: ['Олен', 'Ковал', 'olena.koval@example.com', 'olena', 'koval'],
  phoneDigits: ['500000001'],
};
const ANDRII_PHONE = '380500000002';
/** The screens that keep copies of themselves: home, the profile, the XP and order histories, a list. */
const SCREENS = ['/', '/history-bonuses', '/history-order', '/shop/favorite', '/profile'];

let s: Session;

beforeAll(async () => {
  s = await openSession();
  s.browser.page.setDefaultTimeout(20_000);
  await signInAsDemo(s.browser.page, s.base);
  await waitForServiceWorker(s.browser.page);
});

afterAll(() => closeSession(s));

/** Opens a member's screen and waits for both of its kept copies: localStorage's and the service worker's. */
async function openAndKeep(page: Page, path: string): Promise<void> {
  await page.goto(`${s.base}${path}`);
  await page.locator('.app-header__title').first().waitFor();
  await expect
    .poll(() => page.evaluate((p) => localStorage.getItem(`screen:${p}`)?.length ?? 0, path), { timeout: 15_000 })
    .toBeGreaterThan(200);
  await expect
    .poll(
      () =>
        page.evaluate(
          async (p) => Boolean(await (await caches.open('club-screens')).match(`/__screens/${encodeURIComponent(p)}`)),
          path,
        ),
      { timeout: 15_000 },
    )
    .toBe(true);
}

/** Every trace of Олена on the device, less the app's own public files. */
async function traces(page: Page): Promise<Trace[]> {
  const found = [...(await tracesInPage(page, OLENA)), ...(await tracesInCookies(page.context(), s.base, OLENA))];
  return withoutPublicFiles(found, s.base);
}

/** Records, in every document of the context, whether it ever showed her name (read from what each change adds). */
async function watchForHerName(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const w = window as unknown as { herNameSeen?: boolean };
    w.herNameSeen = false;
    new MutationObserver((records) => {
      for (const r of records) {
        const texts =
          r.type === 'characterData' ? [r.target.textContent] : Array.from(r.addedNodes, (n) => n.textContent);
        if (texts.some((t) => t && /Олен|Ковал/.test(t))) w.herNameSeen = true;
      }
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
}

const herNameSeen = (page: Page) => page.evaluate(() => (window as unknown as { herNameSeen?: boolean }).herNameSeen);

const places = (ts: Trace[]) => [...new Set(ts.map((t) => `${t.where}: ${t.entry}`))].sort();

describe('logout leaves nothing personal on the device', () => {
  it('the member’s screens keep copies of her name, phone and e-mail; the search finds them', async () => {
    const { page, context } = s.browser;
    await watchForHerName(context);
    for (const path of SCREENS) await openAndKeep(page, path);
    // The watch sees her name on her profile, so its silence later means something.
    expect(await herNameSeen(page)).toBe(true);
    const found = places(await traces(page));
    expect(found).toContain('localStorage: screen:/profile');
    expect(found).toContain(`Cache Storage club-screens: ${s.base}/__screens/${encodeURIComponent('/profile')}`);
    expect(found.some((p) => p.startsWith('IndexedDB club: kv'))).toBe(true);
  });

  it('after «Вийти» no store holds any of it, and a second open tab leaves her screens without keeping one again', async () => {
    const { page, context } = s.browser;
    const other = await context.newPage();
    await other.goto(`${s.base}/history-order`);
    await other.locator('.app-header__title').first().waitFor();
    // What the tab holds in memory and in its own sessionStorage, which no other tab can reach.
    await other.evaluate(() => {
      (window as unknown as { herPage?: boolean }).herPage = true;
      sessionStorage.setItem('probe', 'Олена Коваль');
    });
    await page.bringToFront();

    await page.getByTestId('menu-button').click();
    await page.getByTestId('side-menu').getByRole('button', { name: 'Вийти' }).click();
    const anyway = page.getByRole('button', { name: 'Вийти все одно' });
    await Promise.race([page.waitForURL(/\/(auth|is18)/), anyway.waitFor().then(() => anyway.click())]);
    await page.waitForURL(/\/(auth|is18)/);
    // The other tab goes to the sign-in too, with a new document (her screens leave its memory) and
    // its sessionStorage emptied; when it is hidden and closed, it keeps nothing.
    const herPage = () =>
      other.evaluate(() => (window as unknown as { herPage?: boolean }).herPage ?? false).catch(() => 'navigating');
    await expect.poll(herPage).toBe(false);
    await other.waitForURL(/\/(auth|is18)/);
    expect(await other.evaluate(() => Object.keys(sessionStorage))).toEqual([]);
    await other.bringToFront();
    await page.bringToFront();
    await other.close({ runBeforeUnload: true });

    await expect.poll(async () => places(await traces(page)), { timeout: 15_000 }).toEqual([]);
    // docs/rules.md#states: localStorage keeps the app version only; no kept screen is left in either copy.
    expect(await page.evaluate(() => Object.keys(localStorage))).toEqual(['appVersion']);
    expect(await page.evaluate(() => Object.keys(sessionStorage))).toEqual([]);
    expect(await page.evaluate(() => caches.has('club-screens'))).toBe(false);
  });

  it('the next member signs in and works; her kept screens are never shown to him', async () => {
    const { page } = s.browser;
    await signInAsDemo(page, s.base, ANDRII_PHONE);
    for (const path of ['/profile', '/history-order', '/']) {
      const answer = await page.goto(`${s.base}${path}`);
      expect(await answer!.text()).not.toMatch(/Олен|Ковал/);
      await page.locator('.app-header__title').first().waitFor();
      if (path === '/profile')
        await expect.poll(() => page.getByTestId('profile-name').textContent()).toContain('Андрій');
      expect(await herNameSeen(page)).toBe(false);
    }
    // His own screens are kept for his next visit, as hers were.
    await openAndKeep(page, '/profile');
    expect(await page.evaluate(() => localStorage.getItem('screen:/profile'))).toContain('Андрій');
    expect(places(await traces(page))).toEqual([]);
  });
});
