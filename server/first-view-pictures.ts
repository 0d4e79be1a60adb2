import type { Context } from 'hono';
import { listCategoryOfPath } from '../src/domain/catalogue/shop-lists';
import { FIRST_VIEW_CARDS, listOrder } from '../src/features/shop/grid/first-view';
import { getCookie } from '../src/state/cookies';
import { USER_TOKEN_COOKIE } from '../src/sync/auth/cookies';
import type { AppEnv } from './context';
import { requestRevisions } from './http/route';
import { collectionList } from './routes/shop/catalogue';
import type { CollectionAnswer } from './routes/shop/catalogue-cache';
import { memberOfBearer } from './security/session-cache';

/**
 * The pictures of a list's first view (`/shop/sticks`: its first cards in the order the grid shows
 * them), for a signed-in member's request of that screen; [] on any other path, for a visitor whose
 * cookie names no live session, or when the list is empty. The shell names them in its first bytes
 * (server/static.ts), so a phone asks for them with the entry script rather than a round trip or
 * two later, once that script has read the catalogue stored on the device
 * (src/app/boot/first-pictures.ts asks for the same forms, which the browser then has).
 */
export async function firstViewPictures(c: Context<AppEnv>, path: string): Promise<string[]> {
  const cat = listCategoryOfPath(path);
  if (!cat) return [];
  // As the app wrote it (src/sync/auth/cookies.ts encodes the value); a malformed one rejects: no pictures.
  const token = getCookie(USER_TOKEN_COOKIE, c.req.header('cookie') ?? '');
  if (!token) return [];
  const { db, clock } = c.var.deps;
  const { sessions, catalogue } = await requestRevisions(c);
  if (!(await memberOfBearer(db, token, clock.now().getTime(), sessions))) return [];
  // The list's answer as the catalogue call serves it, kept serialized per catalogue revision.
  const list = JSON.parse((await collectionList(db, catalogue, cat, cat.bonus === true)).text) as CollectionAnswer;
  return listOrder(list.products)
    .slice(0, FIRST_VIEW_CARDS)
    .flatMap((p) => (p.image ? [p.image] : []));
}
