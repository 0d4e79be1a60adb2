import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MULTISCAN_HISTORY_PAGE } from '../../../src/contract/scan';
import { createMember, type TestMember } from '../../support/members';
import { makeTestServer, type TestServer } from '../../support/server';
import { compose, guid, pngBase64, printCodes, qrImage } from './support';

/** mapi/multiscan/get-history: the sent photos come from the server, for any device. */

let s: TestServer;
let a: TestMember;
let b: TestMember;
const codes = [guid('hist-1'), guid('hist-2'), guid('hist-3')];
const ogoCode = guid('hist-ogo');
beforeAll(async () => {
  s = await makeTestServer();
  a = await createMember(s);
  b = await createMember(s);
  await printCodes(s, [
    { code: codes[0]!, xp: 10 },
    { code: codes[1]!, xp: 12 },
    { code: codes[2]!, xp: 14 },
    { code: ogoCode, variant: 'ogo', xp: 9 },
  ]);
});
afterAll(() => s.close());

const load = (m: TestMember, image: string, ogo = false) =>
  s.post(
    '/mapi/multiscan/load',
    { image, phone: m.phone, user_id: ogo ? m.ogo.id : m.glo.id, image_type: 'base64' },
    m.token,
  );
const history = (m: TestMember, body: Record<string, unknown> = {}) =>
  s.post('/mapi/multiscan/get-history', body, m.token);

describe('mapi/multiscan/get-history', () => {
  it('lists every photo the server read for the variant, newest first, as load answered it', async () => {
    expect((await history(a)).body).toEqual({ photos: [], total: 0, nextOffset: null });
    const first = await load(a, pngBase64(compose([await qrImage(codes[0]!), await qrImage(codes[1]!)])));
    expect(first.status).toBe(200);
    s.clock.advance(60_000);
    const second = await load(a, pngBase64(compose([await qrImage(codes[0]!), await qrImage(codes[2]!)])));
    expect(second.status).toBe(200);
    expect(second.body.id).not.toBe(first.body.id);

    const r = await history(a);
    expect(r.status).toBe(200);
    expect(r.body.total).toBe(2);
    expect(r.body.nextOffset).toBeNull();
    expect(r.body.photos.map((p: { id: number }) => p.id)).toEqual([second.body.id, first.body.id]);
    const [newest, older] = r.body.photos;
    expect(newest).toEqual({
      id: second.body.id,
      created_at: second.body.created_at,
      found: 2,
      awarded: 1,
      xp_total: 14,
      codes: second.body.codes,
    });
    expect(older).toMatchObject({ id: first.body.id, found: 2, awarded: 2, xp_total: 22 });
    expect(newest.codes.map((c: { outcome: string }) => c.outcome).sort()).toEqual(['awarded', 'used']);
  });

  it('keeps variants and members apart, and stores nothing for a refused photo', async () => {
    const ogo = await load(a, pngBase64(compose([await qrImage(ogoCode)])), true);
    expect(ogo.status).toBe(200);
    expect((await history(a, { ogo: true })).body.photos.map((p: { id: number }) => p.id)).toEqual([ogo.body.id]);
    expect((await history(a)).body.total).toBe(2);
    expect((await history(b)).body).toEqual({ photos: [], total: 0, nextOffset: null });
    const blank = new PNG({ width: 320, height: 240 });
    blank.data.fill(250);
    expect((await load(b, pngBase64(blank))).status).toBe(422);
    expect((await history(b)).body.total).toBe(0);
  });

  it('pages by 20 and refuses bad input with 400', async () => {
    const m = await createMember(s);
    const image = pngBase64(compose([await qrImage(codes[1]!)]));
    for (let i = 0; i < MULTISCAN_HISTORY_PAGE + 1; i += 1) expect((await load(m, image)).status).toBe(200);
    const page1 = (await history(m)).body;
    expect(page1.photos).toHaveLength(MULTISCAN_HISTORY_PAGE);
    expect(page1.nextOffset).toBe(MULTISCAN_HISTORY_PAGE);
    const page2 = (await history(m, { offset: page1.nextOffset })).body;
    expect(page2.photos).toHaveLength(1);
    expect(page2.nextOffset).toBeNull();
    for (const body of [{ offset: -1 }, { offset: 1.5 }, { offset: '0' }, { ogo: 'yes' }]) {
      const r = await history(m, body);
      expect(r.status).toBe(400);
      expect(r.body.error.message).toBeTruthy();
    }
    expect((await s.post('/mapi/multiscan/get-history', {})).status).toBe(401);
  });
});
