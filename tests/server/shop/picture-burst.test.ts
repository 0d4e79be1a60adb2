import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { metricSample as sample } from '../../support/metrics';
import { makeTestServer, PRODUCTION_ENV, type TestServer } from '../../support/server';
import { withCatalogue } from './support';

// Every product picture in both sizes asked for at once on a fresh production server, none made
// yet (an attacker's burst took a server from 184 MB to 778 MB and /livez to 32 s): the renders
// run at most PICTURE_RENDERS at a time, the requests beyond the queue are answered 503 with
// Retry-After, the others wait and get their picture, and /livez answers while they wait.

const RENDERS = 2;
const QUEUE = 100;
let s: TestServer;
beforeAll(async () => {
  s = await makeTestServer({
    env: { ...PRODUCTION_ENV, PICTURE_RENDERS: String(RENDERS), PICTURE_QUEUE: String(QUEUE) },
  });
  await withCatalogue(s);
});
afterAll(() => s.close());

const scrape = async () =>
  (await s.app.request('/metrics', { headers: { authorization: `Bearer ${PRODUCTION_ENV.METRICS_TOKEN}` } })).text();

interface Answer {
  status: number;
  type: string | null;
  retryAfter: string | null;
  bytes: number;
}

async function burst(paths: string[], settled: { n: number }): Promise<Answer[]> {
  return Promise.all(
    paths.map(async (path) => {
      const r = await s.app.request(path);
      const bytes = (await r.arrayBuffer()).byteLength;
      settled.n += 1;
      return { status: r.status, type: r.headers.get('content-type'), retryAfter: r.headers.get('retry-after'), bytes };
    }),
  );
}

describe('a burst of picture requests on a fresh production server', () => {
  it('never makes more than PICTURE_RENDERS at once, answers each 200 or 503 with Retry-After, and /livez answers meanwhile', async () => {
    const ids = (await s.deps.db.selectFrom('products').select('id').orderBy('id').execute()).map((r) => r.id);
    expect(ids.length).toBeGreaterThan(100);
    const paths = ids.flatMap((id) => [`/media/products/${id}.webp`, `/media/products/${id}.webp?w=720`]);
    const settled = { n: 0 };
    const answers = burst(paths, settled);

    // Waits until the burst's requests queue for a render (a state, not a time), then asks /livez.
    // Each look lets the event loop turn (app.request alone never leaves the microtask queue).
    const look = async () => {
      await new Promise((r) => setImmediate(r));
      return scrape();
    };
    let during = await look();
    while (sample(during, 'club_picture_renders_waiting') === 0 && settled.n < paths.length) during = await look();
    const live = await s.app.request('/livez');
    const settledAtLivez = settled.n;
    expect(live.status).toBe(200);
    expect(sample(during, 'club_picture_renders_waiting')).toBeGreaterThan(0);
    expect(settledAtLivez, '/livez answered while picture requests were still waiting').toBeLessThan(paths.length);

    const first = await answers;
    const made = first.filter((a) => a.status === 200);
    const refused = first.filter((a) => a.status === 503);
    expect(made.length + refused.length).toBe(paths.length);
    for (const a of made) expect(a).toMatchObject({ type: 'image/webp', retryAfter: null });
    for (const a of made) expect(a.bytes).toBeGreaterThan(500);
    // Past the queue: refused, not held (nor its pixels), and told when to ask again. (How many
    // depends on how fast the requests arrive against the renders: on PostgreSQL over time.)
    expect(refused.length).toBeGreaterThan(0);
    for (const a of refused) expect(Number(a.retryAfter)).toBeGreaterThanOrEqual(1);

    const after = await scrape();
    expect(sample(after, 'club_picture_renders_peak')).toBe(RENDERS);
    expect(sample(after, 'club_picture_renders_in_flight')).toBe(0);
    expect(sample(after, 'club_picture_renders_waiting')).toBe(0);
    expect(sample(after, 'club_picture_renders_total{outcome="refused"}')).toBe(refused.length);
    expect(sample(after, 'club_picture_renders_total{outcome="made"}')).toBe(made.length);
    expect(sample(after, 'club_picture_cache_bytes')).toBeGreaterThan(made.reduce((n, a) => n + a.bytes, 0));

    // Asked again as a client told to would, refused ones and made ones alike: all there now.
    const retry = [
      ...paths.filter((_, i) => first[i]!.status === 503).slice(0, 20),
      ...paths.filter((_, i) => first[i]!.status === 200),
    ];
    const again = await burst(retry, { n: 0 });
    expect(again.map((a) => a.status)).toEqual(retry.map(() => 200));
    const end = await scrape();
    expect(sample(end, 'club_picture_renders_peak')).toBe(RENDERS);
    expect(sample(end, 'club_picture_renders_total{outcome="made"}')).toBe(made.length + 20);
  }, 60_000);
});
