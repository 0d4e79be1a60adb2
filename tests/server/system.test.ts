import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestServer, type TestServer } from '../support/server';

let s: TestServer;
beforeAll(async () => {
  s = await makeTestServer();
});
afterAll(() => s.close());

describe('conventions', () => {
  it('refuses calls without the API key', async () => {
    const res = await s.app.request('/api/get-version', { method: 'POST', body: '{}' });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: { code: 'invalid_api_key', message: expect.any(String) } });
  });

  it('refuses a wrong API key', async () => {
    const res = await s.call('POST', '/api/get-version', { headers: { 'x-api-key': 'nope' } });
    expect(res.status).toBe(401);
  });

  it('answers unknown calls with a JSON 404', async () => {
    const res = await s.post('/api/no-such-call', {});
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('not_found');
  });

  it('answers malformed JSON with 400, not 500', async () => {
    const res = await s.post('/api/get-version', '{"current":');
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('bad_json');
  });

  it('answers a body of the wrong shape with 400 naming the field', async () => {
    const res = await s.post('/api/get-version', { current: 42 });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain('current');
  });
});

describe('POST /api/get-version (docs/rules.md#states)', () => {
  it('returns the configured version', async () => {
    const res = await s.post('/api/get-version', {});
    expect(res.status).toBe(200);
    // Outside production every service runs (its sandbox when no keys are set): all on.
    expect(res.body).toEqual({
      version: s.config.APP_VERSION,
      providers: { card: true, sms: true, testLogin: true, ageCheck: true },
    });
  });
});

describe('OpenAPI', () => {
  it('documents every call of the contract, without the API key', async () => {
    const res = await s.app.request('/api/openapi.json');
    expect(res.status).toBe(200);
    const doc = (await res.json()) as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.paths['/api/get-version']).toBeDefined();
  });

  it('serves a reference page', async () => {
    const res = await s.app.request('/api/docs');
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('Club API');
  });
});
