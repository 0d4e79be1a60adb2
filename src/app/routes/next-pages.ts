/**
 * Screens a screen sends the member to by itself once its form is done (or its one main action):
 * their code is fetched as soon as the screen is shown, so that the step works offline even before
 * the precache's later group is in (the service worker keeps what it fetches: sw/precache-later.ts).
 * Plain data; every path is a route of the table (tests/unit/app/route-pages.test.ts).
 */
export const NEXT_PAGES: Readonly<Record<string, readonly string[]>> = {
  // A registration queued offline goes to the device list; the list's main action is to add one.
  '/device-reg': ['/my-devices'],
  '/my-devices': ['/device-reg'],
  '/certificates': ['/certificates/my-list'],
  '/verification/other': ['/verification'],
};
