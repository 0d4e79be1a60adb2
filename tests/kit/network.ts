import type { FetchLike } from '../../src/api/transport';
import { manualOnline } from '../../src/sync/engine/online';

/** What the network does to one request. */
export type Fault =
  /** It goes through (a placeholder: `fail('ok', 'lose')` loses the second send's answer). */
  | 'ok'
  /** The request never reaches the server (no signal for a moment). */
  | 'drop'
  /** A 503 from in front of the server; nothing applied. */
  | '503'
  /** Rate limited (429, Retry-After: 1 s); nothing applied. */
  | '429'
  /** Refused for good (422) in front of the server, which never sees it; nothing applied. */
  | 'reject'
  /** The server applies it; the answer is lost on the way back. */
  | 'lose'
  /** The page dies while the request is on its way: before the server got it, or after it applied it. */
  | 'kill-before'
  | 'kill-after';

/** The part of a tab the network needs: whether it is dead, and how to kill it (`key`: the send it died on). */
export interface NetworkTab {
  readonly name: string;
  readonly dead: boolean;
  kill(cause?: { key: string | null }): void;
}

/** Where requests go: the kit's server, or a test's own `app.request`. */
export interface ServerLink {
  request(url: string, init: RequestInit): Promise<Response>;
}

/** KIT_TRACE=1 prints every request a phone makes: tab, path, status or fault, time. */
const TRACE = Boolean(process.env.KIT_TRACE);
const never = () => new Promise<never>(() => undefined);
const lost = (why: string) => new TypeError(`Failed to fetch (${why})`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A phone's network: what `navigator.onLine` says (the app's online source), whether requests get
 * through, how slow they are, and faults for the next sends. A fault meets the next request that
 * carries an Idempotency-Key (the outbox's sends, an order, an SMS code) unless it names a path.
 */
export class Network {
  /** What the app believes (navigator.onLine): `cut()` flips it, `cut({ silently })` does not. */
  readonly online = manualOnline(true);
  private up = true;
  private faults: Array<{ fault: Fault; path?: string }> = [];
  private delayMs = 0;
  private gate: Promise<void> | null = null;
  private openGate: (() => void) | null = null;
  private running = 0;
  private sends = 0;
  /** The most sends (requests with an Idempotency-Key) ever on their way at once: one replayer at a time keeps it at 1. */
  maxSendsInFlight = 0;
  /** Keys the server got (the fault injector's view), and keys refused in front of it by 'reject'. */
  readonly reached = new Set<string>();
  readonly rejected = new Set<string>();

  constructor(private readonly server: ServerLink) {}

  /** No network: requests fail, and the app knows it (offline) unless `silently` (bars shown, nothing gets through). */
  cut(opts: { silently?: boolean } = {}): void {
    this.up = false;
    if (!opts.silently) this.online.set(false);
  }

  /** The network is back (the app's triggers send what waits). */
  restore(): void {
    this.up = true;
    if (!this.online.isOnline()) this.online.set(true);
  }

  get isUp(): boolean {
    return this.up;
  }

  /** The next sends meet these faults, one each, in order (see {@link Fault}). */
  fail(...faults: Fault[]): this {
    this.faults.push(...faults.map((fault) => ({ fault })));
    return this;
  }

  /** The next requests whose path contains `path` (sends or reads) meet these faults. */
  failOn(path: string, ...faults: Fault[]): this {
    this.faults.push(...faults.map((fault) => ({ fault, path })));
    return this;
  }

  /** Faults not met yet are forgotten. */
  clearFaults(): void {
    this.faults = [];
  }

  /** Each answer takes `ms` longer (real time; 0 ends it). */
  slow(ms: number): void {
    this.delayMs = ms;
  }

  /** Requests wait, unanswered, until `release()`: a request held on its way while the member goes on. */
  hold(): { release(): void } {
    this.gate ??= new Promise<void>((r) => (this.openGate = r));
    return { release: () => this.release() };
  }

  private release(): void {
    this.openGate?.();
    this.gate = null;
    this.openGate = null;
  }

  /** Requests on their way now (those of dead pages excluded: they never end). */
  get inFlight(): number {
    return this.running;
  }

  /** The fetch of one tab: through this network to the server. */
  fetchFor(tab: NetworkTab): FetchLike {
    return async (url, init) => {
      if (tab.dead) return never();
      const key = new Headers(init.headers).get('idempotency-key');
      // Held at the gate, a request is on its way but not running: `settle` does not wait for it.
      if (this.gate) await this.gate;
      if (tab.dead) return never();
      this.running += 1;
      if (key) this.sends += 1;
      this.maxSendsInFlight = Math.max(this.maxSendsInFlight, this.sends);
      let killed = false;
      try {
        if (this.delayMs) await sleep(this.delayMs);
        if (!this.up) throw lost('offline');
        const i = this.faults.findIndex((f) => (f.path ? url.includes(f.path) : key !== null));
        const fault = i < 0 ? null : this.faults.splice(i, 1)[0]!.fault;
        const started = performance.now();
        const res = await this.meet(fault, url, init, key, tab).catch((e: unknown) => {
          if (TRACE) console.log(`[kit] ${tab.name} ${url.split('?')[0]} ${fault ?? 'no answer'}`);
          throw e;
        });
        if (TRACE && res !== 'killed')
          console.log(
            `[kit] ${tab.name} ${url.split('?')[0]} ${fault ?? res.status} ${Math.round(performance.now() - started)} ms`,
          );
        if (res === 'killed') killed = true;
        if (res === 'killed' || tab.dead) return never();
        return res;
      } finally {
        if (!killed) {
          this.running -= 1;
          if (key) this.sends -= 1;
        }
      }
    };
  }

  private async forward(url: string, init: RequestInit, key: string | null): Promise<Response> {
    if (key) this.reached.add(key);
    return this.server.request(url, init);
  }

  private async meet(
    fault: Fault | null,
    url: string,
    init: RequestInit,
    key: string | null,
    tab: NetworkTab,
  ): Promise<Response | 'killed'> {
    switch (fault) {
      case null:
      case 'ok':
        return this.forward(url, init, key);
      case 'drop':
        throw lost('network lost');
      case '503':
        return Response.json({ error: { code: 'unavailable', message: 'Сервіс недоступний' } }, { status: 503 });
      case '429':
        return Response.json(
          { error: { code: 'rate_limited', message: 'Забагато запитів' } },
          { status: 429, headers: { 'retry-after': '1' } },
        );
      case 'reject':
        // Only a send whose key the server never saw: for one it saw, it would answer its stored answer.
        if (!key || this.reached.has(key)) return this.forward(url, init, key);
        this.rejected.add(key);
        return Response.json({ error: { code: 'rejected', message: 'Відхилено' } }, { status: 422 });
      case 'lose':
        await (await this.forward(url, init, key)).arrayBuffer();
        throw lost('connection reset');
      case 'kill-before':
      case 'kill-after':
        if (fault === 'kill-after') await (await this.forward(url, init, key)).arrayBuffer();
        this.running -= 1;
        if (key) this.sends -= 1;
        tab.kill({ key });
        return 'killed';
    }
  }
}
