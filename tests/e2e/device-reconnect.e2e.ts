// Nothing on a screen is blocked while the server is away (a rolling restart behind the
// balancer): a member who reopens the list then sees her kept screen at once, and a tap on its
// heart before the live screen takes over (which a slow phone makes a while) is taken and
// queued, not lost.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listedProductIds } from './support/catalogue';
import { rows } from './support/local-db';
import { serverMetafield } from './support/server-api';
import { closeSession, openSession, type Session } from './support/session';
import { productCard, signedInReady } from './shop-steps';
import { drained, member } from './faults-steps';

let s: Session & { proxy: NonNullable<Session['proxy']> };

beforeAll(async () => {
  s = await openSession({ proxy: true, ready: signedInReady });
});

afterAll(() => closeSession(s));

const favourites = async (page: Session['browser']['page']) =>
  (await rows<{ productId: number }>(page, 'favourites')).map((f) => f.productId);

describe('the server away while the member reopens the list', () => {
  it('a tap on the heart of the kept screen, before the live one takes over, is taken, shown and sent once', async () => {
    const { page } = s.browser;
    const { token, glo } = await member(page);
    await page.goto(`${s.base}/shop/sticks`);
    const ids = await listedProductIds(page);
    const before = await favourites(page);
    const id = ids.find((x) => !before.includes(x))!;
    await productCard(page, id).waitFor();
    await drained(page);
    // The list's look is kept for the next visit (both copies), with this heart in it.
    await page.goto(`${s.base}/`);
    await page.goto(`${s.base}/shop/sticks`);
    const keptHtml = () =>
      page.evaluate(
        () => (JSON.parse(localStorage.getItem('screen:/shop/sticks') ?? '{}') as { html?: string }).html ?? '',
      );
    await expect.poll(keptHtml).toContain(`data-product-id="${id}"`);

    // The server goes away (its instances restarting): every API call waits.
    let back!: () => void;
    const restarted = new Promise<void>((r) => (back = r));
    s.proxy.tap('/api/', async () => {
      await restarted;
      return 'answer';
    });
    // Whether a tap lands on the kept screen (noted before the app's own listeners hear it).
    await page.addInitScript(() =>
      addEventListener(
        'pointerdown',
        () =>
          void ((window as unknown as { tapOnKept?: boolean }).tapOnKept = Boolean(
            document.querySelector('.screen-snapshot'),
          )),
        { capture: true },
      ),
    );
    // A slow phone: the app's code takes a while to start, the kept screen shows meanwhile.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 20 });
    try {
      await page.reload({ waitUntil: 'commit' });
      // Where the kept screen's heart is, as soon as it is painted and keeps taps (read in one look: the slow
      // page answers slowly; at 20× CPU on a loaded machine that can take well over the page's default wait).
      // The service worker puts the copy in the HTML, so it shows before the entry that keeps its taps runs.
      const box = (await (
        await page.waitForFunction(
          (p) => {
            const r = document
              .querySelector(`.screen-snapshot[data-keeps-taps] [data-product-id="${p}"] .fav-button`)
              ?.getBoundingClientRect();
            return r && r.width > 0 ? { x: r.x, y: r.y, width: r.width, height: r.height } : null;
          },
          id,
          { timeout: 60_000 },
        )
      ).jsonValue())!;
      // The member taps at once, on a list that looks as it always does.
      await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
      expect(await page.evaluate(() => (window as unknown as { tapOnKept?: boolean }).tapOnKept)).toBe(true);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });

      // The live screen reads the list from the device while every API call still waits: on a loaded machine it can take a while.
      await expect.poll(() => favourites(page), { timeout: 20_000 }).toContain(id);
      await expect
        .poll(() => productCard(page, id).getByTestId('favourite-toggle').getAttribute('aria-pressed'), {
          timeout: 20_000,
        })
        .toBe('true');
      expect(
        (await rows<{ kind: string; payload: { productId: number } }>(page, 'outbox'))
          .filter((e) => e.kind === 'favourite-toggle')
          .map((e) => e.payload.productId),
      ).toEqual([id]);
    } finally {
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 }).catch(() => undefined);
      await cdp.detach().catch(() => undefined);
      back();
      s.proxy.untap();
    }

    await drained(page, 45_000);
    const onServer = ((await serverMetafield(s.base, token, glo, 'favorites')) as number[] | null) ?? [];
    expect(onServer.filter((x) => x === id)).toHaveLength(1);
  }, 120_000);
});
