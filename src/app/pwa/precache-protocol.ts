/**
 * The precache's two groups (scripts/build/precache-groups.ts, sw/precache-later.ts): the screens
 * whose code the worker fetches when it installs (with the shell); every other screen's code, the
 * camera decoder and the prerendered pages come later, when the connection allows.
 */
export const INSTALL_ROUTES: readonly string[] = [
  '/',
  '/is18',
  '/auth',
  '/registration',
  '/shop',
  '/shop/sticks',
  '/shop/sticks/:id',
  '/shop/cart',
  '/shop/favorite',
  // The purchase, from the cart to the placed order: a member on a flapping network carries on.
  '/shop/delivery',
  '/shop/payment',
  '/shop/checkout',
  '/shop/success',
  '/history-order',
  '/scanning',
];

/** The page asks the worker to fetch (part of) the later group. */
export const PRECACHE_LATER_MESSAGE = 'PRECACHE_LATER';

/**
 * `all`: the connection is good (Network Information says so): every batch, one after another.
 * `batch`: the connection is unknown and the page is idle: one small batch.
 */
export interface PrecacheLaterMessage {
  type: typeof PRECACHE_LATER_MESSAGE;
  mode: 'all' | 'batch';
}

/** The worker's answer: files of the later group still missing. */
export interface PrecacheLaterReply {
  left: number;
}

export interface ConnectionLike {
  saveData?: boolean;
  effectiveType?: string;
}

/**
 * What Network Information says of the connection: poor (Save-Data asked, or a 3G-class link or
 * slower: Lighthouse's "Slow 4G" is one), good, or unknown (no Network Information: Safari, Firefox).
 */
export function connectionVerdict(c: ConnectionLike | undefined | null): 'good' | 'poor' | 'unknown' {
  if (!c || typeof c.effectiveType !== 'string') return c?.saveData ? 'poor' : 'unknown';
  if (c.saveData) return 'poor';
  return ['slow-2g', '2g', '3g'].includes(c.effectiveType) ? 'poor' : 'good';
}
