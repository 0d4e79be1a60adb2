import type { ClubDb as ClubDbType } from '../../../../src/db/database';
import { ClubDb } from '../../../../src/db/database';
import { kvSet } from '../../../../src/db/kv';
import type { Account } from '../../../../src/db/rows-sync';
import { createSyncCore, type SyncCore } from '../../../../src/sync/core';
import { leaseLock, webLock } from '../../../../src/sync/engine/lock';
import { memoryLocks } from '../../../unit/sync/support/memory-locks';
import type { TestMember } from '../../../support/members';
import { API_KEY, type TestServer } from '../../../support/server';

/** What the network does to one request. */
export type Fault =
  | 'ok'
  /** Network loss: the request never reaches the server. */
  | 'drop'
  /** A 503 from in front of the server; nothing applied. */
  | '503'
  /** Rate limited with Retry-After; nothing applied. */
  | '429'
  /** A permanent refusal (422) of a mutation, from in front of the server; nothing applied. */
  | 'reject'
  /** The server applied it; the answer is lost on the way back. */
  | 'lose'
  /** The page dies while the request is on its way: before, or after, the server got it. */
  | 'kill-before'
  | 'kill-after';

export type LockMode = 'web-locks' | 'lease';
export type DeviceId = 'A' | 'B';

export interface Tab {
  core: SyncCore;
  db: ClubDbType;
  /** The page dies: its Web Lock is freed (as the browser does), its connection closed. */
  kill(): void;
}

const never = () => new Promise<never>(() => undefined);
const LEASE_TTL_MS = 15_000;

/** One phone: a member signed in, one IndexedDB database, its tabs, and a network with faults. */
export class Device {
  tabs: Tab[] = [];
  faults: Fault[] = [];
  down = false;
  inFlight = 0;
  maxInFlight = 0;
  /** Keys of mutations refused for good by the 'reject' fault: they must end failed, never applied. */
  readonly rejected = new Set<string>();
  /** Keys that reached the server. */
  private readonly reached = new Set<string>();
  /** Set while a replay runs: the test learns that the page was killed, and on which key. */
  onKill: ((key: string | null) => void) | null = null;
  private tabCount = 0;

  constructor(
    readonly id: DeviceId,
    readonly member: TestMember,
    /** Someone else: an event about their record is refused with 403. */
    readonly other: TestMember,
    private readonly world: World,
  ) {}

  get dbName(): string {
    return `model-${this.world.run}-${this.id}`;
  }

  account(variant: 'glo' | 'ogo'): Account {
    return { variant, customerId: this.member[variant].id };
  }

  async init(): Promise<void> {
    const db = new ClubDb(this.dbName);
    await kvSet(db, 'pwaToken', this.member.token);
    await kvSet(db, 'customerIds', { glo: this.member.glo.id, ogo: this.member.ogo.id });
    db.close();
    this.tabs.push(this.openTab());
  }

  openTab(): Tab {
    this.tabCount += 1;
    const db = new ClubDb(this.dbName);
    const owner = `${this.id}-tab-${this.tabCount}`;
    const client = this.world.locks.client(owner);
    const lock = this.world.lockMode === 'web-locks' ? webLock(client) : leaseLock(db, { owner, ttlMs: LEASE_TTL_MS, now: () => this.world.clock.t });
    const core = createSyncCore({ db, apiKey: API_KEY, baseUrl: '', fetch: (url, init) => this.fetch(url, init), lock, now: () => this.world.clock.t });
    return {
      core,
      db,
      kill: () => {
        client.kill();
        db.close();
      },
    };
  }

  private forward(url: string, init: RequestInit, key: string | null): Promise<Response> {
    if (key) this.reached.add(key);
    return Promise.resolve(this.world.server.app.request(url, init));
  }

  /** The app's fetch for this device: the real server in process, through the fault injector. */
  private async fetch(url: string, init: RequestInit): Promise<Response> {
    if (this.down) throw new TypeError('Failed to fetch (offline)');
    const fault = this.faults.shift() ?? 'ok';
    const key = new Headers(init.headers).get('idempotency-key');
    this.inFlight += 1;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    try {
      switch (fault) {
        case 'drop':
          throw new TypeError('Failed to fetch (network lost)');
        case '503':
          return Response.json({ error: { code: 'unavailable', message: 'Сервіс недоступний' } }, { status: 503 });
        case 'reject':
          // Refused before the server: only a key it never saw (it would replay its stored answer).
          if (!key || this.reached.has(key)) return await this.forward(url, init, key);
          this.rejected.add(key);
          return Response.json({ error: { code: 'rejected', message: 'Відхилено' } }, { status: 422 });
        case '429':
          return Response.json({ error: { code: 'rate_limited', message: 'Забагато' } }, { status: 429, headers: { 'retry-after': '1' } });
        case 'lose':
          await (await this.forward(url, init, key)).text();
          throw new TypeError('Failed to fetch (connection reset)');
        case 'kill-before':
        case 'kill-after':
          if (fault === 'kill-after') await (await this.forward(url, init, key)).text();
          this.inFlight -= 1;
          this.onKill?.(key);
          return await never();
        case 'ok':
        default:
          return await this.forward(url, init, key);
      }
    } finally {
      if (fault !== 'kill-before' && fault !== 'kill-after') this.inFlight -= 1;
    }
  }
}

/** Expected outcomes, recorded as the commands queue mutations. */
export interface QueuedEvent {
  seq: number;
  device: DeviceId;
  entryId: string;
  memberId: number;
  customerId: number;
  /** About another member's record: must be refused (403) and reported. */
  foreign: boolean;
}

export class World {
  readonly clock = { t: Date.parse('2030-01-01T00:00:00Z') };
  readonly locks = memoryLocks();
  devices: Record<DeviceId, Device>;
  events: QueuedEvent[] = [];
  /** Favourite toggles in the order made: `on` is the state the member chose. */
  toggles: Array<{ device: DeviceId; variant: 'glo' | 'ogo'; productId: number; on: boolean; entryId: string }> = [];
  nextSeq = 1;

  constructor(
    readonly server: TestServer,
    readonly run: number,
    readonly lockMode: LockMode,
    a: TestMember,
    b: TestMember,
  ) {
    this.devices = { A: new Device('A', a, b, this), B: new Device('B', b, a, this) };
  }
}
