import type { OutboxEntry } from '../../src/db/rows-sync';
import { refusalNotice } from '../../src/sync/engine/refusals';
import { syncLabel, syncState } from '../../src/sync/engine/status';
import type { Phone } from './phone';

/** A refused change as the panel lists it: what was not saved, why, and where to put it right. */
export interface Refusal {
  kind: string;
  what: string;
  why: string;
  fixAt?: { path: string; label: string };
}

/**
 * The sync indicator under the header and the panel it opens (src/features/sync-status): the
 * member's own changes only; the app's reports (analytics) go quietly and are not shown.
 */
export class Panel {
  constructor(private readonly p: Phone) {}

  /** The member's changes in the outbox, oldest first. */
  private async entries(): Promise<OutboxEntry[]> {
    const all = await this.p.read((db) => db.outbox.orderBy('seq').toArray());
    return all.filter((e) => !this.p.registry.get(e.kind)?.quiet);
  }

  /** The indicator's line: «Офлайн · 3 зміни чекають на зв’язок», «1 зміну не збережено»…; null when all is sent. */
  async line(): Promise<string | null> {
    const now = this.p.clock.now();
    const replaying = this.p.tabs.some((t) => t.rt.activity.isActive());
    return syncLabel(
      syncState({ online: this.p.network.online.isOnline(), replaying, entries: await this.entries(), now }),
      now,
    );
  }

  /** The changes still to send (each by its title: «Скан», «Зміна кошика»…), in order. */
  async waiting(): Promise<Array<{ kind: string; what: string }>> {
    return (await this.entries())
      .filter((e) => e.state !== 'failed')
      .map((e) => ({ kind: e.kind, what: this.p.registry.get(e.kind)?.title ?? e.kind }));
  }

  /** The changes the server refused, oldest first, as the panel words them. */
  async refused(): Promise<Refusal[]> {
    return (await this.entries())
      .filter((e) => e.state === 'failed')
      .map((e) => ({ kind: e.kind, ...refusalNotice(this.p.registry, e) }));
  }

  /** «Надіслати зараз»: what waits is tried at once (backoff aside); resolves when the phone is quiet. */
  async sendNow(): Promise<void> {
    await this.p.tab.rt.outbox.sendNow();
    await this.p.settle();
  }

  /** «Повторити» on the `index`-th refused change: it goes again, at the end of the queue. */
  async retry(index = 0): Promise<void> {
    const e = (await this.entries()).filter((x) => x.state === 'failed')[index];
    if (!e) throw new Error(`${this.p.name}: no refused change #${index}`);
    await this.p.tab.rt.outbox.retryFailed(e.id);
    await this.p.settle();
  }

  /** «Прибрати» on the `index`-th refused change. */
  async dismiss(index = 0): Promise<void> {
    const e = (await this.entries()).filter((x) => x.state === 'failed')[index];
    if (!e) throw new Error(`${this.p.name}: no refused change #${index}`);
    await this.p.tab.rt.outbox.cancelFailed(e.id);
  }
}
