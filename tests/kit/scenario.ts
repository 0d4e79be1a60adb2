import { createMember } from '../support/members';
import { ScenarioClock, type Duration } from './clock';
import { certificateOffer, deliver, freeSerials, friendCode, printedCodes, storePurchase } from './fixtures';
import { Phone } from './phone';
import { KitServer } from './server';
import { serverState, type KitMember, type ServerState } from './server-state';
import type { LockMode } from './tab';

export interface ScenarioOptions {
  /** A PostgreSQL server to run on (a schema of its own); default TEST_DATABASE_URL, then DATABASE_URL; else SQLite in a temporary file. */
  databaseUrl?: string;
  /** Server settings, as its environment (APP_VERSION, FREE_SHIPPING_GLO…). */
  env?: Record<string, string>;
  /** When the scenario starts (ISO); default Monday 2030-03-04 10:00 Kyiv. */
  start?: string;
}

let runs = 0;

/**
 * A scenario: the reference server (seeded with the demo catalogue, codes, partners, marathon…),
 * one clock for it and every phone, members, and phones. Close it at the end (the `test` of
 * ./index.ts does).
 */
export class Scenario {
  readonly phones: Phone[] = [];
  private readonly run = ++runs;

  private constructor(
    private readonly time: ScenarioClock,
    readonly server: KitServer,
  ) {}

  static async start(opts: ScenarioOptions = {}): Promise<Scenario> {
    const clock = new ScenarioClock(opts.start);
    const databaseUrl = opts.databaseUrl ?? process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
    return new Scenario(clock, await KitServer.start(clock, { databaseUrl, env: opts.env }));
  }

  /** The scenario's time: `now()` (epoch ms), and `advance('5m')`, which fires the phones' retry timers due meanwhile and waits until all is quiet. */
  readonly clock = {
    now: (): number => this.time.now(),
    advance: async (d: Duration): Promise<void> => {
      this.time.move(d);
      await this.settle();
    },
  };

  /** A member on the server (not signed in anywhere yet): age-verified unless told, with XP on each record. */
  async member(opts: { xp?: number; ogoXp?: number; verified?: boolean; firstName?: string } = {}): Promise<KitMember> {
    const tags = opts.verified === false ? ['pwa_user'] : ['pwa_user', 'age_verified'];
    const m = await createMember(this.server.current, {
      xp: opts.xp,
      ogoXp: opts.ogoXp,
      firstName: opts.firstName ?? 'Олена',
      tags,
    });
    return { id: m.id, phone: m.phone, firstName: m.glo.first_name, glo: m.glo.id, ogo: m.ogo.id };
  }

  /**
   * A phone with the app open in one tab, signed in as `member` through /auth (SMS code and all)
   * when one is given. `fromChatBot`: the visit came from the chat bot; `lockMode`: 'lease' plays
   * a browser without Web Locks.
   */
  async phone(
    member?: KitMember | null,
    opts: { name?: string; lockMode?: LockMode; fromChatBot?: boolean } = {},
  ): Promise<Phone> {
    const n = this.phones.length;
    const name = opts.name ?? (n < 26 ? String.fromCharCode(65 + n) : `P${n + 1}`);
    const p = new Phone({ clock: this.time, server: this.server }, name, {
      lockMode: opts.lockMode,
      dbName: `kit-${this.run}-${n}-${name}`,
    });
    this.phones.push(p);
    await p.open();
    if (member) {
      const told = await p.session.signIn(member, { fromChatBot: opts.fromChatBot });
      if (told.at !== 'sent') throw new Error(`${name} could not sign in: ${told.says ?? told.at}`);
    }
    return p;
  }

  /** Waits until every phone is quiet (see `Phone.settle`). */
  async settle(): Promise<void> {
    await Promise.all(this.phones.map((p) => p.settle()));
  }

  /** What the server holds for `m`: balances, favourites, cart, scans, orders, feedback… */
  state(m: KitMember): Promise<ServerState> {
    return serverState(this.server.current.deps, m);
  }

  /** `n` fresh codes printed on packs (glo unless told), `xp` each (default 10). */
  codes(n: number, opts: { variant?: 'glo' | 'ogo'; xp?: number } = {}): Promise<string[]> {
    return printedCodes(this.server, n, opts);
  }

  /** `n` genuine device serials nobody has registered. */
  serials(n: number, variant: 'glo' | 'ogo' = 'glo'): Promise<string[]> {
    return freeSerials(this.server, n, variant);
  }

  /** The carrier delivered an order (it can take feedback). */
  deliver(orderId: number): Promise<void> {
    return deliver(this.server, orderId);
  }

  /** A purchase of `m` in a brand store (it can take in-store feedback); its id. */
  storePurchase(m: KitMember): Promise<number> {
    return storePurchase(this.server, m);
  }

  /** A certificate /certificates offers: partner, nominal, XP price. */
  certificate(): Promise<{ partnerId: number; nominal: number; xpPrice: number }> {
    return certificateOffer(this.server);
  }

  /** `m`'s invite code (REW-…), to type as a friend's code. */
  friendCode(m: KitMember): Promise<string> {
    return friendCode(this.server, m);
  }

  /** Ends every phone, stops the server and drops its database. */
  async close(): Promise<void> {
    for (const p of this.phones) await p.dispose();
    await this.server.close();
  }
}
