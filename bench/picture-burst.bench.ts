// A burst of product-picture requests against a freshly started production server (the bundled
// `dist-server/main.mjs`, as the container runs it, on a freshly seeded SQLite file): every
// product's 360 px and 720 px WebP (`/media/products/<id>.webp`, `?w=720`) asked for at once, each
// on its own connection, none of them made yet. Meanwhile /livez is asked again and again, one
// after the other (100 ms apart), as a balancer's or an orchestrator's check would. Prints the server's memory
// (RSS) before, at its peak and BENCH_PICTURE_AFTER_S after the burst, the slowest /livez answer
// during it, the burst's total time, the answers by status and the errors; then the same burst
// again, every picture made by then. Never fails on them.
//   BENCH_PICTURE_PRODUCTS (145: ids 1…N), BENCH_PICTURE_AFTER_S (30),
//   BENCH_PICTURE_ENV (extra server environment, e.g. `MALLOC_ARENA_MAX=2 UV_THREADPOOL_SIZE=2`).
import http from 'node:http';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildServer, Instance } from '../scripts/ops/cluster';
import { freePort } from '../scripts/free-port';

const PRODUCTS = Number(process.env.BENCH_PICTURE_PRODUCTS ?? 145);
const AFTER_S = Number(process.env.BENCH_PICTURE_AFTER_S ?? 30);
const EXTRA_ENV = Object.fromEntries(
  (process.env.BENCH_PICTURE_ENV ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .map((kv) => kv.split('=', 2) as [string, string]),
);
/** /livez is asked this long after its last answer: often enough to see a stall, not a load of its own. */
const LIVEZ_EVERY_MS = 100;
/** No request may hang the bench: past this a request counts as an error. */
const REQUEST_TIMEOUT_MS = 120_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function rssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
}

interface Answer {
  status: number;
  retryAfter: string | undefined;
  ms: number;
}

/** One GET; `agent: false` opens a connection of its own, as 290 separate clients would. */
function get(url: string, agent: http.Agent | false): Promise<Answer> {
  const t0 = performance.now();
  return new Promise((resolve) => {
    const req = http.get(url, { agent, timeout: REQUEST_TIMEOUT_MS }, (res) => {
      res.resume();
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, retryAfter: res.headers['retry-after'], ms: performance.now() - t0 }),
      );
      res.on('error', () => resolve({ status: 0, retryAfter: undefined, ms: performance.now() - t0 }));
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', () => resolve({ status: 0, retryAfter: undefined, ms: performance.now() - t0 }));
  });
}

interface Burst {
  ms: number;
  answers: Answer[];
  livez: number[];
  peakMb: number;
}

/** Every picture asked for at once; /livez asked in a loop and RSS sampled every 50 ms until all answered. */
async function burst(base: string, pid: number): Promise<Burst> {
  const paths = Array.from({ length: PRODUCTS }, (_, i) => [
    `/media/products/${i + 1}.webp`,
    `/media/products/${i + 1}.webp?w=720`,
  ]).flat();
  let done = false;
  let peakMb = rssMb(pid);
  const sampler = setInterval(() => (peakMb = Math.max(peakMb, rssMb(pid))), 50);
  const probeAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const livez: number[] = [];
  const probe = (async () => {
    while (!done) {
      livez.push((await get(`${base}/livez`, probeAgent)).ms);
      await sleep(LIVEZ_EVERY_MS);
    }
  })();
  const t0 = performance.now();
  const answers = await Promise.all(paths.map((p) => get(base + p, false)));
  const ms = performance.now() - t0;
  done = true;
  await probe;
  clearInterval(sampler);
  probeAgent.destroy();
  return { ms, answers, livez, peakMb: Math.max(peakMb, rssMb(pid)) };
}

function report(name: string, b: Burst): void {
  const byStatus = new Map<number, number>();
  for (const a of b.answers) byStatus.set(a.status, (byStatus.get(a.status) ?? 0) + 1);
  const statuses = [...byStatus]
    .sort((x, y) => x[0] - y[0])
    .map(([s, n]) => `${s === 0 ? 'no answer' : s} ×${n}`)
    .join(', ');
  const unavailable = b.answers.filter((a) => a.status === 503);
  const errors = b.answers.filter((a) => a.status !== 200 && !(a.status === 503 && a.retryAfter)).length;
  const slowest = Math.max(...b.answers.map((a) => a.ms));
  console.log(
    `${name}: ${b.answers.length} requests in ${(b.ms / 1000).toFixed(2)} s (slowest answer ${(slowest / 1000).toFixed(2)} s): ${statuses}`,
  );
  if (unavailable.length)
    console.log(
      `  503 with Retry-After: ${unavailable.filter((a) => a.retryAfter).length} (Retry-After ${[...new Set(unavailable.map((a) => a.retryAfter))].join(', ')} s)`,
    );
  console.log(`  errors (neither 200 nor 503 with Retry-After): ${errors}`);
  console.log(`  /livez during it: ${b.livez.length} answers, slowest ${Math.max(0, ...b.livez).toFixed(0)} ms`);
  console.log(`  RSS peak ${b.peakMb.toFixed(0)} MB`);
}

buildServer();
const dir = mkdtempSync(join(tmpdir(), 'picture-burst-'));
const server = new Instance('picture-burst', await freePort(), {
  NODE_ENV: 'production',
  PUBLIC_URL: 'http://127.0.0.1',
  METRICS_TOKEN: 'bench',
  SQLITE_PATH: join(dir, 'club.db'),
  STATIC_DIR: join(dir, 'no-app'),
  LOG_LEVEL: 'warn',
  ...EXTRA_ENV,
});
try {
  await server.start();
  const pid = server.child!.pid!;
  // Start-up settles (the seed's garbage collected) before "before" is read.
  await sleep(2000);
  const beforeMb = rssMb(pid);
  console.log(
    `server ${process.env.BENCH_PICTURE_ENV ? `(${process.env.BENCH_PICTURE_ENV}) ` : ''}freshly started: RSS ${beforeMb.toFixed(0)} MB`,
  );
  const first = await burst(server.url, pid);
  report('first burst (no picture made yet)', first);
  await sleep(AFTER_S * 1000);
  const afterMb = rssMb(pid);
  console.log(
    `RSS before ${beforeMb.toFixed(0)} MB, peak ${first.peakMb.toFixed(0)} MB, ${AFTER_S} s after ${afterMb.toFixed(0)} MB (+${(afterMb - beforeMb).toFixed(0)} MB)`,
  );
  report('second burst (the same pictures)', await burst(server.url, pid));
} finally {
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
}
