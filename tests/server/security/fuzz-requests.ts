import fc from 'fast-check';
import * as z from 'zod';
import type { CallDef } from '../../../src/contract/define';

/**
 * Requests to one call of the contract, generated from its own request schema: mostly
 * well-formed bodies with hostile values mixed in (wrong types, huge strings, negative and
 * fractional numbers, U+0000, unknown and prototype-polluting fields, missing required ones),
 * and some that are not JSON at all; sent with the right or a wrong key and token.
 */
export interface FuzzRequest {
  auth: 'member' | 'other' | 'noKey' | 'badKey' | 'noToken' | 'badToken' | 'basicAuth';
  /** JSON text, a form (multipart calls), or a query string (GET). */
  body:
    | { kind: 'json'; text: string; type: string | null }
    | { kind: 'form'; fields: Array<[string, string | Uint8Array]> }
    | { kind: 'query'; text: string };
  idempotencyKey: string | null;
}

/** Values the generators draw from, so that some requests name real rows and tokens. */
export interface Pool {
  ints: number[];
  strings: string[];
}

type Schema = Record<string, unknown> & {
  type?: string;
  anyOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  maxLength?: number;
  maxItems?: number;
  pattern?: string;
};

const HUGE = fc
  .constantFrom(5_000, 30_000, 70_000)
  .chain((n) => fc.constantFrom('я'.repeat(n), 'a'.repeat(n), '9'.repeat(n)));

/** Values no well-meaning client sends. */
export const hostile: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    null,
    true,
    false,
    0,
    -0,
    -1,
    -0.5,
    0.5,
    1.5,
    2 ** 31,
    2 ** 31 - 1,
    2 ** 53,
    -(2 ** 53),
    1e21,
    1e308,
    -1e308,
    4.9e-324,
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '\ud800',
    '\u202e',
    '%ff',
    '%E0%A4%A',
    '<script>alert(1)</script>',
    "' OR 1=1 --",
    '../../etc/passwd',
    '0x10',
    '1e3',
    'NaN',
    'Infinity',
    '-1',
    '1.5',
    '١٢٣',
    '🙂'.repeat(50),
    [],
    {},
    [[[[]]]],
    [null],
    { $gt: '' },
    JSON.parse('{"__proto__":{"admin":true}}') as unknown,
  ),
  HUGE,
  fc.string({ maxLength: 40 }),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.jsonValue({ maxDepth: 2 }),
);

function fromPool(schema: Schema, pool: Pool): fc.Arbitrary<unknown> | null {
  if (schema.type === 'integer' || schema.type === 'number') return fc.constantFrom(...pool.ints);
  if (schema.type === 'string') {
    const re = schema.pattern ? new RegExp(schema.pattern) : null;
    const fitting = pool.strings.filter((s) => (!re || re.test(s)) && s.length <= (schema.maxLength ?? Infinity));
    return fitting.length ? fc.constantFrom(...fitting) : null;
  }
  return null;
}

/** A value the schema allows (or nearly: patterns are met only by values from the pool). */
function plausible(schema: Schema, pool: Pool, depth: number): fc.Arbitrary<unknown> {
  if (schema.anyOf?.length) return fc.oneof(...schema.anyOf.map((s) => plausible(s, pool, depth)));
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  if ('const' in schema) return fc.constant(schema.const);
  const pooled = fromPool(schema, pool);
  switch (schema.type) {
    case 'string': {
      const free = fc.string({ maxLength: Math.min(schema.maxLength ?? 30, 30) });
      return pooled ? fc.oneof({ weight: 3, arbitrary: pooled }, { weight: 1, arbitrary: free }) : free;
    }
    case 'integer':
      return fc.oneof(
        { weight: 3, arbitrary: pooled ?? fc.nat(10) },
        { weight: 1, arbitrary: fc.integer({ min: -5, max: 100_000 }) },
      );
    case 'number':
      return fc.oneof(pooled ?? fc.nat(10), fc.double({ min: -10, max: 1e6, noNaN: true }));
    case 'boolean':
      return fc.boolean();
    case 'array':
      return depth > 3
        ? fc.constant([])
        : fc.array(field(schema.items ?? {}, pool, depth + 1), { maxLength: Math.min(schema.maxItems ?? 4, 4) });
    case 'object':
      return depth > 3 ? fc.constant({}) : objectOf(schema, pool, depth + 1);
    default:
      return fc.jsonValue({ maxDepth: 1 });
  }
}

/** A field's value: usually plausible, sometimes hostile. */
function field(schema: Schema, pool: Pool, depth: number): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 4, arbitrary: plausible(schema, pool, depth) }, { weight: 1, arbitrary: hostile });
}

const UNKNOWN_KEYS = fc.constantFrom(
  '__proto__',
  'constructor',
  'prototype',
  'id',
  'member_id',
  'xp_balance',
  'admin',
  'role',
  'price',
  'x'.repeat(300),
  '',
);

function objectOf(schema: Schema, pool: Pool, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const props = schema.properties ?? {};
  const model = Object.fromEntries(Object.entries(props).map(([k, s]) => [k, field(s, pool, depth)]));
  const required = (schema.required ?? []).filter((k) => k in props);
  return fc
    .tuple(
      // Mostly every required field; sometimes any of them missing.
      fc.oneof(
        { weight: 4, arbitrary: fc.record(model, { requiredKeys: required }) },
        { weight: 1, arbitrary: fc.record(model, { requiredKeys: [] }) },
      ),
      fc.oneof(
        { weight: 4, arbitrary: fc.constant<Array<[string, unknown]>>([]) },
        { weight: 1, arbitrary: fc.array(fc.tuple(UNKNOWN_KEYS, hostile), { maxLength: 3 }) },
      ),
    )
    .map(([known, extra]) => {
      const out: Record<string, unknown> = { ...known };
      // defineProperty: `__proto__` as an own key, as JSON.parse makes it.
      for (const [k, v] of extra)
        Object.defineProperty(out, k, { value: v, enumerable: true, configurable: true, writable: true });
      return out;
    });
}

const MALFORMED = fc.oneof(
  fc.constantFrom(
    '{',
    '{"a":',
    '{"a":1}}',
    '[1,2',
    'null',
    '[]',
    '"x"',
    '1',
    'true',
    '{"a":1e999}',
    '{"a":-}',
    "{'a':1}",
    '{"a":"\\ud800"}',
    '\u0000',
    '\ufeff{}',
    '{"a":1,"a":2}',
    '{}{}',
    '['.repeat(5000) + ']'.repeat(5000),
  ),
  fc.string({ maxLength: 60 }),
);

const queryText = (value: unknown) => (typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));

/** Every request this property test sends to `call`. */
export function fuzzRequest(call: CallDef, pool: Pool): fc.Arbitrary<FuzzRequest> {
  const schema = z.toJSONSchema(call.request, { io: 'input', unrepresentable: 'any' }) as Schema;
  const value = objectOf(schema, pool, 0);
  let body: fc.Arbitrary<FuzzRequest['body']>;
  if (call.method === 'GET') {
    body = fc.oneof(
      {
        weight: 5,
        arbitrary: value.map((v) => ({
          kind: 'query' as const,
          text: new URLSearchParams(Object.entries(v).map(([k, x]) => [k, queryText(x)])).toString(),
        })),
      },
      {
        weight: 1,
        arbitrary: fc
          .constantFrom('%ff', 'a=%E0%A4%A', '&&&=', 'a[b]=1&a[c]=2', 'ogo=1&ogo=0', '=', 'id=%00')
          .map((text) => ({ kind: 'query' as const, text })),
      },
    );
  } else if (call.multipart) {
    const photo = fc.oneof(
      fc.uint8Array({ maxLength: 64 }),
      fc.constant(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])),
    );
    body = fc.tuple(value, fc.array(photo, { maxLength: 6 })).map(([v, photos]) => ({
      kind: 'form' as const,
      fields: [
        ...Object.entries(v).map(([k, x]): [string, string] => [k, queryText(x)]),
        ...photos.map((p): [string, Uint8Array] => ['photos', p]),
      ],
    }));
  } else {
    const type = fc.oneof(
      { weight: 6, arbitrary: fc.constant('application/json') },
      {
        weight: 1,
        arbitrary: fc.constantFrom(
          null,
          'text/plain',
          'application/x-www-form-urlencoded',
          'multipart/form-data; boundary=x',
        ),
      },
    );
    body = fc.oneof(
      {
        weight: 6,
        arbitrary: fc.tuple(value, type).map(([v, t]) => ({ kind: 'json' as const, text: JSON.stringify(v), type: t })),
      },
      {
        weight: 1,
        arbitrary: fc
          .tuple(hostile, type)
          .map(([v, t]) => ({ kind: 'json' as const, text: JSON.stringify(v) ?? '', type: t })),
      },
      {
        weight: 1,
        arbitrary: fc.tuple(MALFORMED, type).map(([text, t]) => ({ kind: 'json' as const, text, type: t })),
      },
    );
  }
  const auth = fc.oneof(
    { weight: 6, arbitrary: fc.constant('member' as const) },
    {
      weight: 3,
      arbitrary: fc.constantFrom(
        'other' as const,
        'noKey' as const,
        'badKey' as const,
        'noToken' as const,
        'badToken' as const,
        'basicAuth' as const,
      ),
    },
  );
  const key = call.mutation
    ? fc.oneof(
        { weight: 3, arbitrary: fc.constant(null) },
        { weight: 1, arbitrary: fc.oneof(fc.uuid(), fc.string({ maxLength: 300 })) },
      )
    : fc.constant(null);
  return fc.record({ auth, body, idempotencyKey: key });
}
