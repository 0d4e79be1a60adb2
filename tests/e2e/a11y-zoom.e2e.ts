import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { announcedSeq, navigateInApp, waitForScreen } from './support/a11y';
import type { Browser } from './support/browser';
import type { RunningServer } from './support/server';
import { signInAsDemo, forgetSignIn } from './support/sign-in';
import { closeSession, openSession } from './support/session';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => ({ server, browser } = await openSession({ ready: signInAsDemo })));

afterAll(() => closeSession({ server, browser }));

/**
 * What 200% text loses at the page's width (WCAG 1.4.4): the page scrolling sideways, and
 * buttons, labels, headings and links whose text is cut off by a hidden overflow (a few px of
 * rounding allowed; an ellipsis on purpose, as the header's title has, is not a loss of text
 * here only when the element says so with a title).
 */
function losses(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const root = document.scrollingElement!;
    if (root.scrollWidth > innerWidth + 1) out.push(`page scrolls sideways: ${root.scrollWidth}px in ${innerWidth}px`);
    const sel = 'button, a, label, h1, h2, h3, .btn, .chip, [role="tab"], [role="radio"], summary, strong';
    for (const el of Array.from(document.querySelectorAll<HTMLElement>(sel))) {
      if (el.closest('[inert], [aria-hidden="true"], .visually-hidden')) continue;
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      if (r.right > innerWidth + 1 && !el.closest('[data-scroll-x], .scroll-x')) {
        // Inside a container that scrolls sideways on purpose (chips, carousels) is fine.
        let p = el.parentElement;
        let scrolls = false;
        while (p && p !== document.body) {
          const o = getComputedStyle(p).overflowX;
          if (o === 'auto' || o === 'scroll') {
            scrolls = true;
            break;
          }
          p = p.parentElement;
        }
        if (!scrolls)
          out.push(
            `${el.tagName.toLowerCase()}.${el.className} «${el.textContent?.trim().slice(0, 30)}» ends at ${Math.round(r.right)}px`,
          );
      }
      const cs = getComputedStyle(el);
      const clips = cs.overflowX === 'hidden' || cs.overflowX === 'clip' || cs.overflow === 'hidden';
      if (clips && el.scrollWidth > el.clientWidth + 4 && !el.title)
        out.push(
          `${el.tagName.toLowerCase()}.${el.className} «${el.textContent?.trim().slice(0, 30)}» clipped: ${el.scrollWidth}px in ${el.clientWidth}px`,
        );
    }
    return [...new Set(out)];
  });
}

// Starts away from '/', where the walk begins (a navigation to the same path changes nothing).
const SCREENS = ['/shop/sticks', '/shop/cart', '/shop/delivery', '/scanning', '/profile', '/faq', '/'];

describe('text at 200% on a 390 px wide phone loses nothing (WCAG 1.4.4, 1.4.10)', () => {
  it('member screens: no sideways scroll, no clipped text', async () => {
    const { page } = browser;
    const failures: string[] = [];
    await page.evaluate(() => (document.documentElement.style.fontSize = '200%'));
    for (const path of SCREENS) {
      const seq = await announcedSeq(page);
      await navigateInApp(page, path);
      await waitForScreen(page, seq);
      expect(await page.evaluate(() => document.documentElement.style.fontSize)).toBe('200%');
      failures.push(...(await losses(page)).map((l) => `${path}: ${l}`));
    }
    expect(failures).toEqual([]);
  });

  it('the sign-in screen, signed out', async () => {
    const { page, context } = browser;
    await forgetSignIn(page);
    await context.addCookies([{ name: 'showIs18', value: '1', url: server.url }]);
    await page.goto(server.url + '/auth');
    await page.getByTestId('screen-auth').waitFor({ timeout: 20_000 });
    await page.evaluate(() => (document.documentElement.style.fontSize = '200%'));
    // Looked at once a frame has been laid out at the new size.
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    expect((await losses(page)).map((l) => `/auth: ${l}`)).toEqual([]);
  });
});
