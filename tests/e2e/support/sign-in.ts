import type { Page } from 'playwright-core';

/** The first allow-listed test phone of the server (TEST_PHONES, docs/rules.md#roles): Олена, age-verified. */
export const DEMO_PHONE = '380500000001';

/**
 * Signs in through the real /auth screen with one of the server's allow-listed test phones
 * (docs/rules.md#roles: they sign in without SMS, through test-login). The age question is answered the way
 * the guards read it (cookie `showIs18`), then the phone is submitted; resolves once '/' has
 * rendered signed in (the menu button shows only then). Already signed in: resolves at once.
 */
export async function signInAsDemo(page: Page, baseUrl: string, phone = DEMO_PHONE): Promise<void> {
  await page.context().addCookies([{ name: 'showIs18', value: '1', url: baseUrl }]);
  await page.goto(`${baseUrl}/auth`);
  const phoneInput = page.getByTestId('auth-phone');
  const menu = page.getByTestId('menu-button');
  await phoneInput.or(menu).first().waitFor({ timeout: 20_000 });
  if (await menu.isVisible()) return;
  await phoneInput.fill(phone);
  await page.getByTestId('auth-submit').click();
  await page.waitForURL(`${baseUrl}/`, { timeout: 20_000 });
  await menu.waitFor({ timeout: 20_000 });
}

/**
 * Makes the device a signed-out visitor's, as clearing the site's data in the browser does: the
 * cookies and the local database go. (Cookies alone are not enough: a device that holds the
 * session gives them back on start, as after a browser killed soon after sign-in.)
 */
export async function forgetSignIn(page: Page): Promise<void> {
  await page.context().clearCookies();
  // From a page of the site that runs no app (an API answer: the service worker leaves /api/ to the
  // network): a screen just loaded may still be starting its sync engine, whose reads of the
  // database would fail (DatabaseClosedError) as it is deleted under them, an error no member meets.
  await page.goto(`${new URL(page.url()).origin}/api/forget-sign-in`);
  await page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const req = indexedDB.deleteDatabase('club');
        req.onsuccess = () => resolve();
        req.onerror = () => reject(req.error);
      }),
  );
}

/** «Вийти» through the side menu (and «Вийти все одно» when changes still wait), to the sign-in. */
export async function logOutThroughMenu(page: Page): Promise<void> {
  await page.getByTestId('menu-button').click();
  await page.getByTestId('side-menu').getByRole('button', { name: 'Вийти' }).click();
  const anyway = page.getByRole('button', { name: 'Вийти все одно' });
  await Promise.race([page.waitForURL(/\/(auth|is18)/), anyway.waitFor().then(() => anyway.click())]);
  await page.waitForURL(/\/(auth|is18)/);
}
