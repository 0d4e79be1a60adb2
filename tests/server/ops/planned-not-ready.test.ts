import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../server/app';
import { createLogger } from '../../../server/ops/log';
import { startingAnswers } from '../../../server/ops/starting';
import { makeTestServer, PRODUCTION_ENV, type TestServer } from '../../support/server';

// Every deploy drains an instance and starts one: readiness says 503 meanwhile, as planned. Logged
// at `error` («request failed») that would page someone on every deploy; it is `info`. A
// database that stops answering still fails readiness at `error`.

/** A logger writing its lines into `lines`, parsed. */
function sink() {
  const lines: Array<Record<string, unknown>> = [];
  const out = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const l of chunk.toString().split('\n').filter(Boolean))
        lines.push(JSON.parse(l) as Record<string, unknown>);
      done();
    },
  });
  return { lines, log: createLogger({ level: 'info', name: 'slot-a', destination: out }) };
}

let s: TestServer;
beforeAll(async () => {
  s = await makeTestServer({ env: { ...PRODUCTION_ENV } });
});
afterAll(() => s.close());

describe('readiness refused as planned', () => {
  it('while draining (SIGTERM): /readyz 503 logged at info', async () => {
    const { lines, log } = sink();
    const app = createApp({ ...s.deps, log, lifecycle: { draining: true } });
    expect((await app.request('/readyz')).status).toBe(503);
    expect(lines).toEqual([
      expect.objectContaining({ level: 'info', route: '/readyz', status: 503, instance: 'slot-a' }),
    ]);
  });

  it('while starting (migrations): /readyz 503 and other paths logged at info', () => {
    const { lines, log } = sink();
    const answer = startingAnswers(log);
    expect(answer(new Request('http://x/readyz')).status).toBe(503);
    expect(answer(new Request('http://x/api/get-version', { method: 'POST' })).status).toBe(503);
    expect(answer(new Request('http://x/livez')).status).toBe(200);
    expect(lines.map((l) => [l.level, l.path, l.status])).toEqual([
      ['info', '/readyz', 503],
      ['info', '/api/get-version', 503],
      ['info', '/livez', 200],
    ]);
  });

  it('but not a database gone: that /readyz 503 stays at error', async () => {
    const other = await makeTestServer({ env: { ...PRODUCTION_ENV } });
    const { lines, log } = sink();
    const app = createApp({ ...other.deps, log });
    await other.deps.db.destroy();
    expect((await app.request('/readyz')).status).toBe(503);
    expect(lines).toEqual([expect.objectContaining({ level: 'error', route: '/readyz', status: 503 })]);
    await other.close().catch(() => undefined);
  });
});
