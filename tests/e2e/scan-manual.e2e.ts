import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { managerBadge } from '../../src/domain/scan/read';
import { openBrowser, waitForServiceWorker, type Browser } from './support/browser';
import { freshCodes } from './support/camera';
import { kv, rows } from './support/local-db';
import { serverCall } from './support/server-api';
import { startServer, type RunningServer } from './support/server';
import { signInAsDemo } from './support/sign-in';

// with no camera at all (this browser has none), the scanner says so and offers the
// manual entry, which refuses bad input beside the field and keeps a typed code once.

// The GUID messages (docs/rules.md#error-reactions) in the member's words (the API answers them in English, verbatim).
const GUID_INVALID = 'Код клубу — 32 латинські літери й цифри';

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

const balanceOf = async (token: string) =>
  (await serverCall<{ balance: number }>(server.url, token, '/api/get-balance?v=glo')).balance;

describe('no camera: the manual entry', () => {
  it('says the camera is absent and offers the manual entry; an empty or malformed code is refused beside the field, a typed code and a consultant’s badge are sent once', async () => {
    const { page } = browser;
    await signInAsDemo(page, server.url, '380500000002');
    // The service worker's first activation reloads the page: settle it before typing.
    await waitForServiceWorker(page);
    const token = await kv<string>(page, 'pwaToken');
    const before = await balanceOf(token);
    const [code] = await freshCodes(server.url, 'glo', 1);
    await page.goto(`${server.url}/scanning`);
    const problem = page.getByTestId('scanner-problem');
    await problem.waitFor({ timeout: 20_000 });
    expect(await problem.textContent()).toContain('Камеру не знайдено');
    await problem.getByRole('button', { name: 'Ввести код вручну' }).click();

    const field = page.getByTestId('manual-code');
    // The form is always there: its text is read without waiting for a part of it.
    const entry = () => page.getByTestId('manual-entry').textContent();
    // Submitted from the keyboard, as a person typing a code would (and out of reach of any banner).
    await field.press('Enter');
    await expect.poll(entry, { timeout: 15_000 }).toContain('Введи код з упаковки');
    expect(await entry()).not.toContain('The parameter value required!');
    await field.fill('1234-abcd');
    await field.press('Enter');
    await expect.poll(entry, { timeout: 15_000 }).toContain(GUID_INVALID);
    expect(await entry()).not.toContain('Invalid Guid value');
    expect(await rows(page, 'scans')).toHaveLength(0);

    await field.fill(code!.code);
    await field.press('Enter');
    // Kept, then (online) the server's answer in the same place.
    await expect.poll(entry, { timeout: 15_000 }).toContain('Код зараховано');
    await field.fill(managerBadge('KV-0999', 'glo studio Хрещатик, Київ'));
    await field.press('Enter');
    await expect.poll(entry, { timeout: 15_000 }).toContain('Консультанта збережено');
    await field.fill(code!.code.toUpperCase());
    await field.press('Enter');
    await expect.poll(entry, { timeout: 15_000 }).toContain('Цей код уже є');

    await expect.poll(async () => (await rows(page, 'outbox')).length, { timeout: 15_000 }).toBe(0);
    expect(await balanceOf(token)).toBe(before + code!.xp);
    const percent = await serverCall<{ managerAdded: boolean }>(server.url, token, '/api/scan/get-scan-percent');
    expect(percent.managerAdded).toBe(true);
  });
});
