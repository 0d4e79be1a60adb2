// Profiling aid for the outbox contest's Node half (not a benchmark: run.ts picks only *.bench.ts).
//   node --import tsx bench/outbox-profile.ts [ours|workbox|key] [rounds] [profile-dir]
// With a profile dir, writes a CPU profile of each measured replay only (not the enqueueing).
import 'fake-indexeddb/auto';
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import type { Around, Contestant } from './outbox-contest';
import { outboxServer } from './outbox-server';

process.env.NODE_ENV = 'production';
Object.assign(globalThis, { self: globalThis, registration: {} });
const { runOurs, runWorkbox } = await import('./outbox-contest');
const who = process.argv[2] ?? 'ours';
const rounds = Number(process.argv[3] ?? 3);
const profDir = process.argv[4];
const N = Number(process.env.BENCH_MUTATIONS ?? 1000);
const server = await outboxServer('k');
const app = server.app;
let made = 0;
const contestant = (n: number): Promise<Contestant> => server.contestant(`p-${++made}`, n, 'http://local');
/** Answers the server gave during the measured replays, by path and status (set OUTBOX_COUNT_HTTP=1). */
const answers = new Map<string, number>();
/** OUTBOX_STUB=1: a stub server (a Map of keys, no SQL), so the figures are the client's own costs. */
const stubKeys = new Map<string, string>();
let stubIds = 0;
const stub = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
  const req = input instanceof Request ? input : new Request(new URL(String(input), 'http://local'), init);
  const path = new URL(req.url).pathname;
  if (path.endsWith('get-bat-token')) return Response.json({ token: 'bat', expired_at: '2099-01-01T00:00:00.000Z' });
  const body = await req.text();
  JSON.parse(body);
  const key = req.headers.get('idempotency-key');
  const stored = key ? stubKeys.get(key) : undefined;
  if (stored) return new Response(stored, { headers: { 'content-type': 'application/json' } });
  const answer = JSON.stringify({ ok: true, id: ++stubIds });
  if (key) stubKeys.set(key, answer);
  return new Response(answer, { headers: { 'content-type': 'application/json' } });
};
const f = async (input: RequestInfo | URL, init?: RequestInit) => {
  const res = process.env.OUTBOX_STUB === '1' ? await stub(input, init) : await app.request(input, init);
  if (process.env.OUTBOX_COUNT_HTTP === '1') {
    const body = res.status >= 400 ? ` ${JSON.stringify(await res.clone().json())}` : '';
    const k = `${new URL(String(input), 'http://x').pathname} ${res.status}${body}`;
    answers.set(k, (answers.get(k) ?? 0) + 1);
  }
  return res;
};
/** IndexedDB calls made during the measured replays, by method (set OUTBOX_COUNT_IDB=1). */
const counts = new Map<string, number>();
let counting = false;
if (process.env.OUTBOX_COUNT_IDB === '1') {
  const protos: Array<[string, object]> = [
    ['db', IDBDatabase.prototype],
    ['store', IDBObjectStore.prototype],
    ['index', IDBIndex.prototype],
    ['cursor', IDBCursor.prototype],
  ];
  for (const [tag, proto] of protos) {
    for (const name of Object.getOwnPropertyNames(proto)) {
      const d = Object.getOwnPropertyDescriptor(proto, name);
      if (!d || typeof d.value !== 'function' || name === 'constructor') continue;
      const orig = d.value as (...a: unknown[]) => unknown;
      Object.defineProperty(proto, name, {
        ...d,
        value: function (this: unknown, ...a: unknown[]) {
          const k = `${tag}.${name}`;
          if (counting) counts.set(k, (counts.get(k) ?? 0) + 1);
          return orig.apply(this, a);
        },
      });
    }
  }
}
const session = new Session();
session.connect();
let profiles = 0;
const counted: Around = async (fn) => {
  counting = true;
  const cpu0 = process.cpuUsage();
  try {
    return await fn();
  } finally {
    counting = false;
    const cpu = process.cpuUsage(cpu0);
    console.log(
      'replay cpu ms',
      Math.round((cpu.user + cpu.system) / 1000),
      counts.size ? Object.fromEntries([...counts].sort()) : '',
    );
  }
};
const profiled: Around = async (fn) => {
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
  await session.post('Profiler.start');
  try {
    return await counted(fn);
  } finally {
    const { profile } = await session.post('Profiler.stop');
    writeFileSync(`${profDir}/${who}-${++profiles}.cpuprofile`, JSON.stringify(profile));
  }
};
const playAs = (w: string, c: Contestant, around?: Around) =>
  w === 'ours' ? runOurs(c, f, around) : runWorkbox(c, f, w === 'key', around);
const play = (c: Contestant, around?: Around) => playAs(who, c, around);
if (who === 'mix') {
  // ours, Workbox and Workbox + key in turn, rotating who goes first: wall ms per round.
  const order = ['ours', 'workbox', 'key'];
  for (const w of order) await playAs(w, await contestant(50));
  const walls: Record<string, number[]> = { ours: [], workbox: [], key: [] };
  const nets: Record<string, number[]> = {};
  for (let i = 0; i < rounds; i += 1) {
    for (let k = 0; k < 3; k += 1) {
      const w = order[(i + k) % 3]!;
      const r = await playAs(w, await contestant(N));
      walls[w]!.push(Math.round(r.ms));
      (nets[w] ??= []).push(Math.round(r.netMs));
    }
  }
  const med = (a: number[]) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)];
  for (const [w, a] of Object.entries(walls))
    console.log(
      w.padEnd(8),
      'median',
      med(a),
      'min',
      Math.min(...a),
      '| network median',
      med(nets[w]!),
      '|',
      a.join(' '),
    );
  await server.close();
  process.exit(0);
}
await play(await contestant(50));
for (let i = 0; i < rounds; i += 1) {
  const c = await contestant(N);
  counts.clear();
  const r = await play(c, profDir ? profiled : counted);
  if (answers.size) {
    console.log(Object.fromEntries(answers));
    answers.clear();
  }
  console.log(who, Math.round(r.ms), 'ms', r.requests, 'requests', r.restarts, 'restarts');
}
await server.close();
