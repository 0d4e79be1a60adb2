/**
 * The QA kit: offline scenarios in a few lines, in Node, against the real server.
 *
 * A scenario (`s`) is the reference server (SQLite, or PostgreSQL by TEST_DATABASE_URL or
 * DATABASE_URL), one clock, members and phones. A phone is a browser profile with its own
 * IndexedDB (fake-indexeddb), cookies, localStorage and Web Locks; the app open in one or more
 * tabs, each running the real sync engine of src/sync; a network it can cut, slow down or fault;
 * and the actions the screens call, each answering what the member was told.
 *
 * ```ts
 * import { expect } from 'vitest';
 * import { test } from '../kit';
 *
 * test('a code scanned offline is credited once the network is back', async ({ s }) => {
 *   const olena = await s.member();
 *   const phone = await s.phone(olena);
 *   const [code] = await s.codes(1, { xp: 15 });
 *   phone.offline();
 *   const scan = await phone.scan.code(code!);
 *   expect(await scan.state()).toEqual({ state: 'pending' });
 *   phone.online();
 *   await s.settle();
 *   expect(await scan.state()).toEqual({ state: 'applied' });
 *   expect(await phone.screens.balance()).toBe(15);
 *   expect((await s.state(olena)).xp.glo).toBe(15);
 * });
 * ```
 *
 * How to run one, and ten worked scenarios: docs/testing.md.
 */
import 'fake-indexeddb/auto';
import { test as base, vi } from 'vitest';
import { Scenario } from './scenario';

// A scenario starts a server and signs phones in through /auth: seconds each, several times that
// on PostgreSQL or a busy machine. Every file that imports the kit gets this test timeout.
vi.setConfig({ testTimeout: 60_000 });

export { Scenario, type ScenarioOptions } from './scenario';
export type { Phone } from './phone';
export type { Tab, LockMode } from './tab';
export type { Fault } from './network';
export type { Told, ActionState, EntryRecord } from './told';
export type { KitMember, ServerState } from './server-state';
export type { Refusal } from './panel';
export type { OrderChoices, OrderPlaced } from './actions/checkout';
export type { Duration } from './clock';

/** vitest's `test` with a fresh scenario `s`, closed after the test. */
export const test = base.extend<{ s: Scenario }>({
  // eslint-disable-next-line no-empty-pattern -- vitest reads a fixture's dependencies from this pattern
  s: async ({}, provide) => {
    const s = await Scenario.start();
    await provide(s);
    await s.close();
  },
});
