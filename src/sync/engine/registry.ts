import type { CallDef, CallRequest, CallResponse } from '../../contract/define';
import type { ApiCallError } from '../../api/errors';
import type { Transport } from '../../api/transport';
import type { ClubDb, ClubTableName } from '../../db/database';
import type { OutboxEntry, OutboxError } from '../../db/rows-sync';
import type { XpMove } from '../../domain/xp/ledger';
import type { ViewsOf } from './views';

/** What a mutation kind may use while building its request. */
export interface MutationContext {
  db: ClubDb;
  transport: Transport;
  /** Epoch ms. */
  now: () => number;
  /** Lives for one replay pass: values read once and shared by its entries (e.g. a cached token). */
  memo: Map<string, unknown>;
}

/**
 * A request with the headers it must go with (a conditional write's If-Match), as `buildRequest`
 * may return it: both are fixed with the entry, so every retry sends the same.
 */
export class PreparedRequest<R = unknown> {
  constructor(
    readonly body: R,
    readonly headers: Readonly<Record<string, string>>,
  ) {}
}

/** What a member is told of a refused entry: what was not saved, why, and where to put it right. */
export interface RefusalNotice {
  /** What was not saved, e.g. «Адреса доставки: Київ, відділення 12». */
  what: string;
  /** Why, in the member's words. */
  why: string;
  /** A screen where it can be put right, when there is one. */
  fixAt?: { path: string; label: string };
  /** What it is about, as the screen's own toast names it («cart-add:<title>»): the refusal replaces that toast. */
  subject?: string;
}

/**
 * One kind of queued mutation: the contract call it sends, and how its optimistic local change
 * is confirmed, undone or redone. See `src/sync/README.md` for how to add one.
 */
export interface MutationKind<P, C extends CallDef> {
  readonly kind: string;
  readonly call: C;
  /** What one entry is, for the failed-entries list: «Зміна обраного», «Скан». */
  readonly title: string;
  /**
   * The noun counted in «N … не надіслано», accusative (one, few, many):
   * ['скан', 'скани', 'сканів'], ['зміну обраного', 'зміни обраного', 'змін обраного'].
   */
  readonly noun: readonly [string, string, string];
  /** Tables the local change, `apply`, `undo` and `redo` touch; `outbox` and `kv` are always included. */
  readonly tables: readonly ClubTableName[];
  /**
   * Required: the local views its answer or its refusal changes (src/sync/engine/views.ts), for the
   * entry's variant. When it settles they stop counting as fresh and are pulled again at once, so
   * no screen shows a figure older than the member's own action. `[]` only for reports that
   * change nothing the member sees (analytics).
   */
  readonly views: ViewsOf<P>;
  /**
   * Kinds that move XP (whose `views` name `xp`) must say what the movement is, so the XP ledger
   * lists it from the outbox while it waits, is checked or was refused (tests/unit/sync/views.test.ts).
   */
  xpMove?(entry: OutboxEntry<P>): XpMove;
  /**
   * The app's own report (analytics), not a change the member made: sent like any other, but the
   * sync indicator neither counts it nor announces its refusal.
   */
  readonly quiet?: boolean;
  /** Sent only while online, never left for later by choice (create-order); see `sendOnline`. */
  readonly onlineOnly?: boolean;
  /**
   * The request to send. Runs once, before the first attempt, outside any transaction (it may
   * fetch a token), when every entry before it is settled, so it may rest on their answers
   * (favourites: the list the server holds after the previous toggle); the result is stored with
   * the entry so every retry sends the same body.
   */
  buildRequest(entry: OutboxEntry<P>, ctx: MutationContext): Promise<CallRequest<C> | PreparedRequest<CallRequest<C>>>;
  /** Multipart kinds: the files sent with the request (kept in the entry's payload, e.g. feedback photos). */
  files?(entry: OutboxEntry<P>): Record<string, Blob | readonly Blob[]>;
  /** Applies the server's answer; runs in the transaction that deletes the entry (Dexie calls only). */
  apply?(answer: CallResponse<C>, entry: OutboxEntry<P>, db: ClubDb): Promise<void>;
  /** Undoes the optimistic change after a permanent refusal; runs in the transaction that marks it failed. */
  undo?(entry: OutboxEntry<P>, db: ClubDb): Promise<void>;
  /** Redoes the optimistic change when the member retries a failed entry. */
  redo?(entry: OutboxEntry<P>, db: ClubDb): Promise<void>;
  /**
   * The server refused without applying because a token the request carries died (docs/rules.md#error-reactions):
   * the entry gets a new key and a fresh request, once.
   */
  refreshOn?(error: ApiCallError): boolean;
  /**
   * How many times `refreshOn` may re-key one entry (default 1). A conditional write refused
   * because another device wrote first is rebuilt on the new value as often as that happens.
   */
  readonly maxRefreshes?: number;
  /** Runs in the transaction that re-keys the entry (e.g. forgets the value a refused write was built on). */
  onRefresh?(entry: OutboxEntry<P>, db: ClubDb): Promise<void>;
  /** What the member is told when the server refuses an entry for good; default: the title and the server's reason. */
  describeRefusal?(entry: OutboxEntry<P>, error: OutboxError): RefusalNotice;
  /**
   * Screens (paths) that show this kind's refusals in place, on the line of what was refused, with
   * why: there a refusal is not announced again in a toast. Kinds that move XP list
   * '/history-bonuses', whose ledger shows their refused lines (tests/unit/sync/views.test.ts).
   */
  readonly answeredOn?: readonly string[];
}

/** A kind whose payload and call are not known statically (the registry's view). */
export type AnyMutationKind = MutationKind<never, CallDef>;

/**
 * The mark `defineMutation` leaves on what it returns, so an area's list (mutations/index.ts) takes
 * the kinds among a kind file's exports and leaves its helpers (a domain action, a message table).
 * Not enumerable: spreads, JSON and `Object.keys` never see it.
 */
const KIND_MARK = Symbol.for('club.mutationKind');

/** The kind, marked as one, with type inference: `export const scanCode = defineMutation({ ... })`. */
export function defineMutation<P, C extends CallDef>(def: MutationKind<P, C>): MutationKind<P, C> {
  return Object.defineProperty(def, KIND_MARK, { value: true });
}

/** Whether `value` is a kind that `defineMutation` made. */
export function isMutationKind(value: unknown): value is AnyMutationKind {
  return typeof value === 'object' && value !== null && KIND_MARK in value;
}

/** The mutation kinds an outbox knows; an entry of an unknown kind fails with a reason. */
export interface MutationRegistry {
  get(kind: string): AnyMutationKind | undefined;
  readonly kinds: readonly AnyMutationKind[];
}

export function createRegistry(kinds: readonly AnyMutationKind[]): MutationRegistry {
  const byName = new Map<string, AnyMutationKind>();
  for (const k of kinds) {
    if (byName.has(k.kind)) throw new Error(`Mutation kind "${k.kind}" registered twice`);
    byName.set(k.kind, k);
  }
  return { get: (kind) => byName.get(kind), kinds: [...kinds] };
}
