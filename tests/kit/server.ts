import { makeTestServer, testDatabase, type TestDatabase, type TestServer } from '../support/server';
import type { ScenarioClock } from './clock';

/** When the server dies: at the `nth` request whose path contains `path`, before handling it or after (its answer lost). */
export interface DeathPlan {
  path?: string;
  nth?: number;
  when: 'before' | 'after';
}

const down = (why: string) => new TypeError(`Failed to fetch (${why})`);

/** A copy of an answer read whole, so a server that dies after answering cannot leave a body half sent. */
async function buffered(res: Response): Promise<Response> {
  const empty = [204, 205, 304].includes(res.status);
  const body = empty ? null : await res.arrayBuffer();
  return new Response(body, { status: res.status, statusText: res.statusText, headers: res.headers });
}

/**
 * The reference server, in process (`app.request`), on a database that outlives it: SQLite in a
 * temporary file, or a schema of its own on PostgreSQL. It can be killed and started again with
 * its data, or deployed with a new app version; the phones reach it through their networks.
 */
export class KitServer {
  private test: TestServer | null = null;
  private generation = 0;
  private readonly inFlight = new Set<Promise<unknown>>();
  private death: (DeathPlan & { seen: number }) | null = null;

  private constructor(
    readonly clock: ScenarioClock,
    private readonly database: TestDatabase,
    private env: Record<string, string>,
  ) {}

  /** Starts a seeded server (the demo catalogue, codes, partners…) at the scenario's time. */
  static async start(
    clock: ScenarioClock,
    opts: { databaseUrl?: string; env?: Record<string, string> } = {},
  ): Promise<KitServer> {
    const s = new KitServer(clock, testDatabase({ url: opts.databaseUrl, reopenable: true }), opts.env ?? {});
    await s.start();
    return s;
  }

  get running(): boolean {
    return this.test !== null;
  }

  /** The running server: its database (`deps.db`), config and test helpers. Throws while it is down. */
  get current(): TestServer {
    if (!this.test) throw new Error('the server is down: start it again first (s.server.start())');
    return this.test;
  }

  /** Starts the server again on the same database; `env` adds settings (e.g. APP_VERSION). */
  async start(env: Record<string, string> = {}): Promise<void> {
    if (this.test) return;
    this.env = { ...this.env, ...env };
    this.test = await makeTestServer({ seed: true, clock: this.clock.server, env: this.env, database: this.database });
  }

  /** The process dies: requests on their way lose their answers (what they wrote stays), later ones find no server. */
  async kill(): Promise<void> {
    const t = this.test;
    if (!t) return;
    this.test = null;
    this.generation += 1;
    await Promise.allSettled([...this.inFlight]);
    await t.close();
  }

  async restart(env: Record<string, string> = {}): Promise<void> {
    await this.kill();
    await this.start(env);
  }

  /** A new app version is deployed: the server restarts with APP_VERSION `version` (what the app's version check sees). */
  deploy(version: string): Promise<void> {
    return this.restart({ APP_VERSION: version });
  }

  /** The server will die at a request (the first, or the `nth`, whose path contains `path`): before handling it, or after, its answer lost. */
  dieOn(plan: DeathPlan): void {
    this.death = { nth: 1, ...plan, seen: 0 };
  }

  /** A request from a phone's network: the server's answer, or a network error when it is down or dies meanwhile. */
  async request(url: string, init: RequestInit): Promise<Response> {
    const t = this.test;
    if (!t) throw down('server down');
    const gen = this.generation;
    const plan = this.death;
    if (plan && (!plan.path || url.includes(plan.path)) && ++plan.seen === plan.nth) {
      this.death = null;
      if (plan.when === 'after') await this.handle(t, url, init);
      await this.kill();
      throw down('server died');
    }
    const res = await this.handle(t, url, init);
    if (gen !== this.generation) throw down('connection reset');
    return res;
  }

  private async handle(t: TestServer, url: string, init: RequestInit): Promise<Response> {
    const p = Promise.resolve(t.app.request(url, init)).then(buffered);
    this.inFlight.add(p);
    try {
      return await p;
    } finally {
      this.inFlight.delete(p);
    }
  }

  /** Stops it and drops its database. */
  async close(): Promise<void> {
    await this.kill();
    await this.database.drop();
  }
}
