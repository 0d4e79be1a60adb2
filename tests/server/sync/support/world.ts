import type { ClubDb as ClubDbType } from '../../../../src/db/database';
import { ClubDb } from '../../../../src/db/database';
import { kvSet } from '../../../../src/db/kv';
import type { Account } from '../../../../src/db/rows-sync';
import { createSyncCore, type SyncCore } from '../../../../src/sync/core';
import { leaseLock, webLock } from '../../../../src/sync/engine/lock';
import { Network } from '../../../kit/network';
import { memoryLocks } from '../../../unit/sync/support/memory-locks';
import type { TestMember } from '../../../support/members';
import { API_KEY, type TestServer } from '../../../support/server';

export type { Fault } from '../../../kit/network';

export type LockMode = 'web-locks' | 'lease';
export type DeviceId = 'A' | 'B';

export interface Tab {
  core: SyncCore;
  db: ClubDbType;
  /** The page dies: its Web Lock is freed (as the browser does), its connection closed. */
  kill(): void;
}

const LEASE_TTL_MS = 15_000;

/**
 * One phone: a member signed in, one IndexedDB database, its tabs (each a bare sync core: no
 * triggers, no pullers, so a command decides when a replay runs), and the QA kit's network
 * with its faults (tests/kit/network.ts).
 */
export class Device {
  tabs: Tab[] = [];
  readonly network: Network;
  /** Set while a replay runs: the test learns that the page was killed, and on which key. */
  onKill: ((key: string | null) => void) | null = null;
  private tabCount = 0;

  constructor(
    readonly id: DeviceId,
    readonly member: TestMember,
    /** Someone else: an event about their record is refused with 403. */
    readonly other: TestMember,
    private readonly world: World,
  ) {
    this.network = new Network({ request: async (url, init) => world.server.app.request(url, init) });
  }

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
    const lock =
      this.world.lockMode === 'web-locks'
        ? webLock(client)
        : leaseLock(db, { owner, ttlMs: LEASE_TTL_MS, now: () => this.world.clock.t });
    // What the network sees of the page: it dies on a kill fault, and the running command learns on which key.
    const page = {
      name: owner,
      dead: false,
      kill: (cause?: { key: string | null }) => ((page.dead = true), this.onKill?.(cause?.key ?? null)),
    };
    const core = createSyncCore({
      db,
      apiKey: API_KEY,
      baseUrl: '',
      fetch: this.network.fetchFor(page),
      lock,
      now: () => this.world.clock.t,
    });
    return {
      core,
      db,
      kill: () => {
        page.dead = true;
        client.kill();
        db.close();
      },
    };
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
