/// <reference lib="webworker" />
import { matchPrecache } from 'workbox-precaching';
import { carryQuery, prerenderedFile, resolveVisit, type VisitorState } from '../src/app/routes/plan';

interface CookieStoreLike {
  get(name: string): Promise<{ value: string } | null>;
}

/** The cookies the app's guards read, where the worker can read cookies (Cookie Store API); else null. */
export async function visitorState(scope: { cookieStore?: CookieStoreLike }): Promise<VisitorState | null> {
  const store = scope.cookieStore;
  if (!store || typeof store.get !== 'function') return null;
  try {
    const [token, is18] = await Promise.all([store.get('usertoken'), store.get('showIs18')]);
    return { signedIn: Boolean(token?.value), is18Confirmed: is18?.value === '1' };
  } catch {
    return null;
  }
}

/**
 * The answer to a navigation, offline or not, from the precache. Where the worker can read the
 * visitor's cookies, it decides as the server does (the app's own guards): a redirect where they
 * send the visitor elsewhere, the prerendered screen a signed-out visitor lands on. Otherwise,
 * or for a member, the app's shell (index.html), which paints a kept screen and starts the app.
 */
export async function answerNavigation(url: URL, state: VisitorState | null): Promise<Response | undefined> {
  if (state) {
    const visit = resolveVisit(url.pathname, state);
    if (visit.kind === 'redirect') return Response.redirect(new URL(carryQuery(visit.to, url.search), url.origin).href, 302);
    if (visit.kind === 'page' && !state.signedIn && !visit.spec.path.includes(':')) {
      const page = await matchPrecache(`/${prerenderedFile(visit.spec.path)}`);
      if (page) return page;
    }
  }
  return matchPrecache('/index.html');
}
