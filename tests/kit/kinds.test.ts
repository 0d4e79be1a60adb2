import { expect } from 'vitest';
import { MUTATION_KINDS } from '../../src/sync/mutations/index';
import { test } from './index';
import { everyAction } from './model/every-action';

// Every outbox kind of src/sync/mutations is reachable through the kit's actions: a kind added
// to the app without an action here fails this test.
test('every mutation kind is reachable through the kit, each applied', async ({ s }) => {
  const { phones, told } = await everyAction(s);
  const kinds = new Set(phones.flatMap((p) => p.log.created.map((e) => e.kind)));
  expect([...kinds].sort()).toEqual(MUTATION_KINDS.map((k) => k.kind).sort());
  for (const [name, t] of Object.entries(told))
    expect({ name, ...(await t.state()) }).toEqual({ name, state: 'applied' });
}, 60_000);
