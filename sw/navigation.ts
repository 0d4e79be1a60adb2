/// <reference lib="webworker" />
import { matchPrecache } from 'workbox-precaching';
import { carryQuery, prerenderedFile, resolveVisit, type VisitorState } from '../src/app/routes/plan';
import { escapeAttr, withPreloads } from '../src/app/routes/preload-links';
import { ownerOfToken, SCREENS_CACHE, screenUrl, type ScreenSnapshot } from '../src/app/snapshot/store';

interface CookieStoreLike {
  get(name: string): Promise<{ value: string } | null>;
}

/** The visitor as the guards see them, and the session cookie's value (whose kept screens these are). */
export type WorkerVisitor = VisitorState & { token: string | null };

/** The cookies the app's guards read, where the worker can read cookies (Cookie Store API); else null. */
export async function visitorState(scope: { cookieStore?: CookieStoreLike }): Promise<WorkerVisitor | null> {
  const store = scope.cookieStore;
  if (!store || typeof store.get !== 'function') return null;
  try {
    const [token, is18] = await Promise.all([store.get('usertoken'), store.get('showIs18')]);
    return { signedIn: Boolean(token?.value), is18Confirmed: is18?.value === '1', token: token?.value || null };
  } catch {
    return null;
  }
}

const html = (body: string) => new Response(body, { headers: { 'content-type': 'text/html; charset=utf-8' } });

interface PlannedPreloads {
  re: RegExp;
  preload: { in: string[]; out: string[] };
}
let plan: Promise<PlannedPreloads[]> | null = null;

/**
 * A member's route's first-screen chunks, from the build's route plan (precached beside the
 * shell): the shell names them as the server's answer does, so that they load side by side while
 * the screen paints, not one after another as the app's imports find them.
 */
async function memberPreloads(path: string): Promise<string[]> {
  plan ??= matchPrecache('/club-routes.json')
    .then(
      async (r) =>
        (
          (r ? await r.json() : { routes: [] }) as {
            routes: Array<{ pattern: string; preload: PlannedPreloads['preload'] }>;
          }
        ).routes,
    )
    .then((routes) => routes.map((r) => ({ re: new RegExp(r.pattern, 'i'), preload: r.preload })));
  try {
    return (await plan).find((r) => r.re.test(path))?.preload.in ?? [];
  } catch {
    plan = null;
    return [];
  }
}

/**
 * The shell with the member's kept look of this screen in it, so that the first paint is the
 * screen itself (the app replaces it once it is up): only for the member it was kept for and
 * the build that made it. Null when there is none.
 */
async function shellWithScreen(shell: string, path: string, token: string): Promise<Response | null> {
  try {
    const hit = await (await caches.open(SCREENS_CACHE)).match(screenUrl(path));
    if (!hit) return null;
    const snap = (await hit.json()) as ScreenSnapshot;
    const build = /<meta name="club-build" content="([^"]+)"/.exec(shell)?.[1];
    if (!build || snap.build !== build || snap.owner !== ownerOfToken(token) || typeof snap.html !== 'string')
      return null;
    return html(
      shell
        .replace('<html lang="uk">', `<html lang="uk" data-theme="${escapeAttr(snap.theme)}">`)
        .replace(/<title>[^<]*<\/title>/, `<title>${escapeAttr(snap.title)}</title>`)
        .replace(
          '<div id="root"></div>',
          `<div id="root"><div class="screen-snapshot" inert aria-hidden="true">${snap.html}</div></div>`,
        ),
    );
  } catch {
    return null;
  }
}

/**
 * The answer to a navigation, offline or not, from the precache. Where the worker can read the
 * visitor's cookies, it decides as the server does (the app's own guards): a redirect where they
 * send the visitor elsewhere, the prerendered screen a signed-out visitor lands on, a member's
 * kept screen inside the shell. Otherwise (and where the prerendered screen is not kept yet) the
 * app's shell (index.html), which starts the app.
 */
export async function answerNavigation(
  url: URL,
  state: WorkerVisitor | null,
  matchLater: (url: string) => Promise<Response | undefined> = async () => undefined,
): Promise<Response | undefined> {
  if (state) {
    const visit = resolveVisit(url.pathname, state);
    if (visit.kind === 'redirect')
      return Response.redirect(new URL(carryQuery(visit.to, url.search), url.origin).href, 302);
    if (visit.kind === 'page' && !state.signedIn && !visit.spec.path.includes(':')) {
      // The prerendered pages are in the precache's later group (sw/precache-later.ts).
      const file = `/${prerenderedFile(visit.spec.path)}`;
      const page = (await matchPrecache(file)) ?? (await matchLater(file));
      if (page) return page;
    }
    if (visit.kind === 'page' && state.token) {
      const shell = await matchPrecache('/index.html');
      if (!shell) return undefined;
      const text = withPreloads(await shell.text(), await memberPreloads(url.pathname));
      return (await shellWithScreen(text, url.pathname + url.search, state.token)) ?? html(text);
    }
  }
  return matchPrecache('/index.html');
}
