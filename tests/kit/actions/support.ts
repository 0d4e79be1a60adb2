import { kvGet } from '../../../src/db/kv';
import { SUPPORT_COPY } from '../../../src/features/support/copy';
import { accountOf } from '../../../src/sync/auth/session';
import { requestCallBack, setNewsConsent } from '../../../src/sync/content/actions';
import { trackPageView } from '../../../src/sync/mutations/analytics/event';
import type { Phone } from '../phone';
import type { Told } from '../told';

/** /support, /news and the page views every route counts. */
export class SupportActions {
  constructor(private readonly p: Phone) {}

  /** /support «Замовити дзвінок»: a window of today or tomorrow ('Сьогодні', 'Завтра'); a window already over is refused at once. */
  callBack(w: { day?: string; from?: string; to?: string } = {}): Promise<Told<{ id: string }>> {
    return this.p.act(async (tab) => {
      // The form offers the member's own number (the server calls back no other).
      const phone = (await kvGet(tab.db, 'phone')) ?? '';
      const r = await requestCallBack(tab.env, {
        day: w.day ?? 'Завтра',
        from: w.from ?? '10:00',
        to: w.to ?? '12:00',
        phone,
      });
      if (!r.ok) return { at: 'refused', says: r.reason };
      return { says: tab.rt.online.isOnline() ? SUPPORT_COPY.queued : SUPPORT_COPY.queuedOffline, value: { id: r.id } };
    });
  }

  /** /news: the consent to news messages switched on or off (a tag of the member's record, queued). */
  newsConsent(on: boolean): Promise<Told> {
    return this.p.act(async (tab) => (await setNewsConsent(tab.env, on), {}));
  }

  /** The member opens a route: its page view is counted (queued; sent quietly, never shown in the panel). */
  visit(path: string): Promise<Told> {
    return this.p.act(async (tab) => {
      const account = await accountOf(tab.db);
      if (account) await trackPageView(tab.db, account, path, this.p.clock.now());
      return {};
    });
  }
}
