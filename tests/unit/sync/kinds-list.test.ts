import { describe, expect, it } from 'vitest';
import { sendBatEvent } from '../../../src/contract/analytics';
import { defineMutation, isMutationKind } from '../../../src/sync/engine/registry';
import { ANALYTICS_REPORT } from '../../../src/sync/mutations/analytics/report';
import * as content from '../../../src/sync/mutations/content/kinds';
import { kindsIn, MUTATION_KINDS } from '../../../src/sync/mutations/index';
import * as shop from '../../../src/sync/mutations/shop/kinds';

/*
 * An area's kinds.ts re-exports its kind files whole (src/sync/README.md, "Add an action"): the
 * outbox replays the kinds among those exports, never the helpers beside them.
 */
const probe = defineMutation<{ n: number }, typeof sendBatEvent>({
  kind: 'probe',
  call: sendBatEvent,
  title: 'Проба',
  noun: ['пробу', 'проби', 'проб'],
  tables: [],
  views: [],
  quiet: true,
  buildRequest: async () => ({ event: 'probe', token: 't', data: { customer_id: 1, page_url: '/' } }),
});

describe('the kinds the outbox replays, taken from the areas’ exports', () => {
  it('lists a kind its area’s kinds.ts exports, and none of the helpers its file exports beside it', () => {
    expect(MUTATION_KINDS).toContain(content.memberTags);
    expect(MUTATION_KINDS).toContain(shop.cartChange);
    const helpers = [content.setMemberTag, content.setNewsConsent, content.NEWS_CONSENT_TAG, shop.CART_MESSAGES];
    for (const helper of helpers) expect(MUTATION_KINDS).not.toContain(helper);
    for (const k of MUTATION_KINDS) expect(isMutationKind(k), String(k.kind)).toBe(true);
  });

  it('takes only what defineMutation made, however alike the rest looks', () => {
    const area = { probe, again: probe, trackProbe: () => probe, ANALYTICS_REPORT, copy: { ...probe } };
    expect(kindsIn(area)).toEqual([probe, probe]);
  });

  it('replays every kind a file of src/sync/mutations defines: none left out of its area’s kinds.ts', () => {
    const files = import.meta.glob<Record<string, unknown>>('../../../src/sync/mutations/*/*.ts', { eager: true });
    const defined = Object.entries(files).flatMap(([file, exports]) =>
      Object.values(exports)
        .filter(isMutationKind)
        .map((k) => `${file.replace(/.*mutations\//, '')}: ${k.kind}`),
    );
    expect(defined.length).toBeGreaterThan(20);
    const listed = new Set(MUTATION_KINDS.map((k) => k.kind));
    expect(defined.filter((d) => !listed.has(d.split(': ')[1]!))).toEqual([]);
    expect(listed.size).toBe(MUTATION_KINDS.length);
  });
});
