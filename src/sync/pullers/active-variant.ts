import { readSession } from '../auth/session';
import type { Puller } from './puller';

/** A puller of one variant that asks only while that variant is the active one (nothing is pulled for the other shop). */
export function whileActive<T>(variant: 'glo' | 'ogo', p: Puller<T>): Puller<T> {
  return {
    ...p,
    async fetch(ctx) {
      const session = await readSession(ctx.db);
      if (!session || (session.variant === 'ogo' ? 'ogo' : 'glo') !== variant) return null;
      return p.fetch(ctx);
    },
  };
}
