import fc from 'fast-check';
import { expect } from 'vitest';
import { trackEvent } from '../../../../src/sync/mutations/analytics/event';
import { toggleFavourite } from '../../../../src/sync/mutations/shop/favourite-toggle';
import type { DeviceId, Fault, World } from './world';

type Variant = 'glo' | 'ogo';

/** What the test expects, beside the real system: open tabs and the favourites of each account. */
export interface Model {
  tabs: Record<DeviceId, number>;
}

export const initialModel = (): Model => ({ tabs: { A: 1, B: 1 } });

type Cmd = fc.AsyncCommand<Model, World>;

export class Toggle implements Cmd {
  constructor(
    readonly d: DeviceId,
    readonly tab: number,
    readonly v: Variant,
    readonly product: number,
  ) {}
  check = (m: Readonly<Model>) => this.tab < m.tabs[this.d];
  async run(_m: Model, w: World) {
    const dev = w.devices[this.d];
    const { on, entry } = await toggleFavourite(dev.tabs[this.tab]!.db, dev.account(this.v), this.product, w.clock.t);
    w.toggles.push({ device: this.d, variant: this.v, productId: this.product, on, entryId: entry.id });
  }
  toString = () => `toggle(${this.d}#${this.tab} ${this.v} ${this.product})`;
}

export class Event implements Cmd {
  constructor(
    readonly d: DeviceId,
    readonly tab: number,
    readonly v: Variant,
    readonly foreign: boolean,
  ) {}
  check = (m: Readonly<Model>) => this.tab < m.tabs[this.d];
  async run(_m: Model, w: World) {
    const dev = w.devices[this.d];
    const seq = w.nextSeq++;
    const customerId = this.foreign ? dev.other.glo.id : dev.member[this.v].id;
    const entry = await trackEvent(
      dev.tabs[this.tab]!.db,
      dev.account(this.v),
      { event: `ev-${seq}`, pageUrl: `/run/${w.run}/${seq}`, customerId },
      w.clock.t,
    );
    w.events.push({
      seq,
      device: this.d,
      entryId: entry.id,
      memberId: dev.member.id,
      customerId,
      foreign: this.foreign,
    });
  }
  toString = () => `event(${this.d}#${this.tab} ${this.v}${this.foreign ? ' foreign' : ''})`;
}

/** One tab replays under the given faults; a kill fault ends the page, and a fresh one takes its place. */
export class Replay implements Cmd {
  constructor(
    readonly d: DeviceId,
    readonly tab: number,
    readonly faults: Fault[],
  ) {}
  check = (m: Readonly<Model>) => this.tab < m.tabs[this.d];
  async run(_m: Model, w: World) {
    const dev = w.devices[this.d];
    const tab = dev.tabs[this.tab]!;
    w.clock.t += 10 * 60_000;
    // Every request meets the faults in turn, the token fetches of a send too.
    dev.network.failOn('/', ...this.faults);
    let onKill!: (key: string | null) => void;
    const killed = new Promise<{ key: string | null }>((resolve) => (onKill = (key) => resolve({ key })));
    dev.onKill = onKill;
    const outcome = await Promise.race([tab.core.outbox.replay().then(() => null), killed]);
    dev.onKill = null;
    dev.network.clearFaults();
    if (outcome) {
      tab.kill();
      dev.tabs[this.tab] = dev.openTab();
      // A send cut off by the page's death stays 'sending', to be retried under the same key.
      if (outcome.key) expect((await dev.tabs[this.tab]!.db.outbox.get(outcome.key))?.state).toBe('sending');
    }
    expect(dev.network.maxSendsInFlight).toBeLessThanOrEqual(1);
  }
  toString = () => `replay(${this.d}#${this.tab} [${this.faults.join(',')}])`;
}

/** Both tabs of a device replay at the same time: the lock must keep their sends apart. */
export class BothTabsReplay implements Cmd {
  constructor(
    readonly d: DeviceId,
    readonly faults: Fault[],
  ) {}
  check = (m: Readonly<Model>) => m.tabs[this.d] === 2;
  async run(_m: Model, w: World) {
    const dev = w.devices[this.d];
    w.clock.t += 10 * 60_000;
    dev.network.failOn('/', ...this.faults);
    await Promise.all(dev.tabs.map((t) => t.core.outbox.replay()));
    dev.network.clearFaults();
    expect(dev.network.maxSendsInFlight).toBeLessThanOrEqual(1);
  }
  toString = () => `both-tabs-replay(${this.d} [${this.faults.join(',')}])`;
}

export class OpenSecondTab implements Cmd {
  constructor(readonly d: DeviceId) {}
  check = (m: Readonly<Model>) => m.tabs[this.d] === 1;
  async run(m: Model, w: World) {
    w.devices[this.d].tabs.push(w.devices[this.d].openTab());
    m.tabs[this.d] = 2;
  }
  toString = () => `open-tab(${this.d})`;
}

/** The whole app restarts while idle: every tab closes, one fresh tab opens over the same database. */
export class Restart implements Cmd {
  constructor(readonly d: DeviceId) {}
  check = () => true;
  async run(m: Model, w: World) {
    const dev = w.devices[this.d];
    for (const t of dev.tabs) t.kill();
    dev.tabs = [dev.openTab()];
    m.tabs[this.d] = 1;
  }
  toString = () => `restart(${this.d})`;
}

export class Network implements Cmd {
  constructor(
    readonly d: DeviceId,
    readonly up: boolean,
  ) {}
  check = () => true;
  async run(_m: Model, w: World) {
    const net = w.devices[this.d].network;
    if (this.up) net.restore();
    else net.cut();
  }
  toString = () => `network(${this.d} ${this.up ? 'up' : 'down'})`;
}

const device = fc.constantFrom<DeviceId>('A', 'B');
const tabIx = fc.constantFrom(0, 0, 1);
const variant = fc.constantFrom<Variant>('glo', 'ogo');
const fault = fc.constantFrom<Fault>('ok', 'drop', '503', '429', 'reject', 'lose', 'lose', 'kill-before', 'kill-after');
const calmFault = fc.constantFrom<Fault>('ok', 'drop', '503', 'lose');

const toggle = fc
  .tuple(device, tabIx, variant, fc.integer({ min: 1, max: 4 }))
  .map(([d, t, v, p]) => new Toggle(d, t, v, p));
const event = fc.tuple(device, tabIx, variant, fc.boolean()).map(([d, t, v, f]) => new Event(d, t, v, f));
const replay = fc
  .tuple(device, tabIx, fc.array(fault, { minLength: 1, maxLength: 5 }))
  .map(([d, t, f]) => new Replay(d, t, f));

// fast-check picks among these evenly: the repeats weight mutations and faulty replays.
export const commandArbs: Array<fc.Arbitrary<Cmd>> = [
  toggle,
  toggle,
  event,
  event,
  replay,
  replay,
  fc.tuple(device, tabIx).map(([d, t]) => new Replay(d, t, [])),
  fc.tuple(device, fc.array(calmFault, { minLength: 1, maxLength: 4 })).map(([d, f]) => new BothTabsReplay(d, f)),
  device.map((d) => new OpenSecondTab(d)),
  device.map((d) => new Restart(d)),
  fc.tuple(device, fc.boolean()).map(([d, up]) => new Network(d, up)),
];
