import { ClubDb } from '../../src/db/database';
import { memoryCookies } from '../../src/sync/auth/cookies';
import { appRegistry } from '../../src/sync/mutations/index';
import { memoryLocks } from '../unit/sync/support/memory-locks';
import { CheckoutActions } from './actions/checkout';
import { ClubActions } from './actions/club';
import { ProfileActions } from './actions/profile';
import { ScanActions } from './actions/scan';
import { ShopActions } from './actions/shop';
import { SupportActions } from './actions/support';
import { memoryStorage, PhoneLog } from './browser';
import type { ScenarioClock } from './clock';
import { Network } from './network';
import { Panel } from './panel';
import { Screens } from './screens';
import type { KitServer } from './server';
import { Session } from './session';
import { Tab, type LockMode } from './tab';
import type { Told } from './told';
import { act, settle, type ActResult } from './act';

/** What every phone of a scenario shares. */
export interface World {
  clock: ScenarioClock;
  server: KitServer;
}

/**
 * One phone: a browser profile with its own IndexedDB (fake-indexeddb), cookies, localStorage,
 * Web Locks and network; the app open in one or more tabs, each running the real sync engine;
 * and the screens' actions, grouped as the app groups its screens.
 */
export class Phone {
  readonly network: Network;
  readonly log = new PhoneLog();
  readonly cookies = memoryCookies();
  readonly storage = memoryStorage();
  readonly registry = appRegistry();
  /** Alive tabs, the one the member looks at first. */
  tabs: Tab[] = [];
  /** Set when a page logged the member out: what it said could not be sent (null: nothing). */
  loggedOut: { lost: string | null } | null = null;
  readonly shop = new ShopActions(this);
  readonly checkout = new CheckoutActions(this);
  readonly scan = new ScanActions(this);
  readonly club = new ClubActions(this);
  readonly support = new SupportActions(this);
  readonly profile = new ProfileActions(this);
  /** Sign-in, registration, logout, the variant switch. */
  readonly session = new Session(this);
  /** The sync indicator and its panel: what waits, what was refused and why. */
  readonly panel = new Panel(this);
  /** What the screens show, read as they read it from the local database. */
  readonly screens = new Screens(this);
  private readonly dead: Tab[] = [];
  private readonly locks = memoryLocks();
  private opened = 0;

  constructor(
    readonly world: World,
    readonly name: string,
    readonly opts: { lockMode?: LockMode; dbName?: string } = {},
  ) {
    this.network = new Network(world.server);
  }

  get clock(): ScenarioClock {
    return this.world.clock;
  }

  /** The IndexedDB database of this phone's browser profile. */
  get dbName(): string {
    return this.opts.dbName ?? `kit-${this.name}`;
  }

  /** The tab the member looks at. Throws when the app is closed (`open()` it). */
  get tab(): Tab {
    const t = this.tabs[0];
    if (!t) throw new Error(`${this.name}: the app is closed; phone.open() opens it`);
    return t;
  }

  /** The member opens the app (again, or in one more tab); resolves once its first pulls are done. */
  async open(): Promise<Tab> {
    const tab = this.start();
    await this.settle();
    return tab;
  }

  /** A new page over the phone's database: the sync runtime starts at once (its first pulls, a replay). */
  private start(): Tab {
    this.opened += 1;
    const tab = new Tab(
      {
        dbName: this.dbName,
        clock: this.clock,
        network: this.network,
        cookies: this.cookies,
        storage: this.storage,
        locks: this.locks,
        lockMode: this.opts.lockMode ?? 'web-locks',
        onLoggedOut: (lost) => void (this.loggedOut = { lost: lost?.message ?? null }),
        onReload: (t) => this.reload(t),
      },
      `${this.name}#${this.opened}`,
      this.log,
    );
    this.tabs.push(tab);
    // However it dies (closed here, killed by a network fault, reloaded), it leaves the open tabs.
    tab.onDeath(() => {
      this.tabs = this.tabs.filter((t) => t !== tab);
      this.dead.push(tab);
    });
    return tab;
  }

  /** The member turns to `tab`: the actions act in it from now on. */
  focus(tab: Tab): void {
    if (!this.tabs.includes(tab)) throw new Error(`${this.name}: ${tab.name} is not open`);
    this.tabs = [tab, ...this.tabs.filter((t) => t !== tab)];
  }

  /** A tab dies at once (closed, or killed by the system): what it was sending stays where it was. */
  kill(tab: Tab = this.tab): void {
    tab.kill();
  }

  /** The app is closed: every tab. */
  close(): void {
    for (const t of [...this.tabs]) this.kill(t);
  }

  /** The app is closed and opened again (one tab). */
  async restart(): Promise<Tab> {
    this.close();
    return this.open();
  }

  /** The page reloads itself (the version check saw a new version): it dies, a new one starts in its place. */
  private reload(tab: Tab): void {
    this.kill(tab);
    this.start();
  }

  /** The phone's network goes (the app is told, unless `silently`: bars shown, nothing gets through). */
  offline(opts: { silently?: boolean } = {}): void {
    this.network.cut(opts);
  }

  /** The network is back: the app sends what waits. */
  online(): void {
    this.network.restore();
  }

  /** Waits until the phone is quiet (see ./act.ts): what the app does on its own is done; time does not move. */
  settle(): Promise<void> {
    return settle(this);
  }

  /** Reads this phone's database: through an open tab, or, the app closed, a connection of its own. */
  async read<R>(fn: (db: ClubDb) => Promise<R>): Promise<R> {
    const open = this.tabs[0];
    if (open) return fn(open.db);
    const db = new ClubDb(this.dbName);
    try {
      return await fn(db);
    } finally {
      db.close();
    }
  }

  /**
   * Runs an action of a screen on the front tab and says what the member was told (see ./act.ts);
   * returns once the phone is quiet again. For an action the kit lacks: `phone.act(async (tab) => …)`.
   */
  act<T>(run: (tab: Tab) => Promise<ActResult<T>>): Promise<Told<T>> {
    return act(this, run);
  }

  /** Ends the phone: every tab, and their connections. */
  async dispose(): Promise<void> {
    this.close();
    await this.settle();
    for (const t of this.dead) t.close();
  }
}
