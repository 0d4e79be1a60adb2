import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GUID_ERRORS } from '../../../src/domain/scan/guid';
import { createMember, type TestMember } from '../../support/members';
import { makeTestServer, type TestServer } from '../../support/server';
import {
  balanceOf,
  compose,
  dataMatrixImage,
  guid,
  jpegBase64,
  ledgerCount,
  pngBase64,
  printCodes,
  qrImage,
} from './support';

let s: TestServer;
let a: TestMember;
let b: TestMember;
const fresh = [guid('multi-1'), guid('multi-2'), guid('multi-3')];
const dm = guid('multi-dm');
const usedByB = guid('multi-used');
const unknown = guid('multi-unknown');
const ogoCode = guid('multi-ogo');
beforeAll(async () => {
  s = await makeTestServer();
  a = await createMember(s, { xp: 5 });
  b = await createMember(s);
  await printCodes(s, [
    { code: fresh[0]!, xp: 10 },
    { code: fresh[1]!, xp: 12 },
    { code: fresh[2]!, xp: 100 },
    { code: dm, xp: 20 },
    { code: usedByB, xp: 10 },
    { code: ogoCode, variant: 'ogo', xp: 12 },
  ]);
  expect((await s.post('/api/scan/scan-code', { code: usedByB }, b.token)).status).toBe(200);
});
afterAll(() => s.close());

const load = (m: TestMember, body: Record<string, unknown>, idem?: string) =>
  s.call('POST', '/mapi/multiscan/load', {
    body: { phone: m.phone, user_id: m.glo.id, image_type: 'base64', ...body },
    token: m.token,
    idem,
  });

type Code = { uuid: string; outcome: string; xp: number; byYou?: boolean; format: string; message: string };
const byUuid = (codes: Code[]) => new Map(codes.map((c) => [c.uuid, c]));

describe('mapi/multiscan/load: every code in one photo, decoded on the server (docs/api.md#scan)', () => {
  it('reads QR and DataMatrix codes from one PNG and awards only the valid unused ones', async () => {
    const sheet = compose([
      await qrImage(fresh[0]!),
      await qrImage(fresh[1]!),
      await qrImage(usedByB),
      await qrImage(unknown),
      await qrImage('https://example.com/not-a-code'),
      dataMatrixImage(dm),
      await qrImage(ogoCode),
    ]);
    const r = await load(a, { image: pngBase64(sheet) });
    expect(r.status).toBe(200);
    const codes = byUuid(r.body.codes);
    expect(r.body.found).toBe(7);
    expect(codes.get(fresh[0]!)).toMatchObject({ outcome: 'awarded', xp: 10, format: 'qr' });
    expect(codes.get(fresh[1]!)).toMatchObject({ outcome: 'awarded', xp: 12 });
    expect(codes.get(dm)).toMatchObject({ outcome: 'awarded', xp: 20, format: 'datamatrix' });
    expect(codes.get(usedByB)).toMatchObject({ outcome: 'used', byYou: false, xp: 0 });
    expect(codes.get(unknown)).toMatchObject({ outcome: 'unknown', xp: 0 });
    expect(codes.get('https://example.com/not-a-code')).toMatchObject({
      outcome: 'invalid',
      message: GUID_ERRORS.invalid,
    });
    expect(codes.get(ogoCode)).toMatchObject({ outcome: 'other_brand', xp: 0 });
    expect(r.body).toMatchObject({ awarded: 3, xp_total: 42, balance: 47 });
    expect(await balanceOf(s, a.glo.id)).toBe(47);
    const history = await s.post('/api/scan/get-history', { offset: 0 }, a.token);
    expect(history.body.items.every((i: { source: string }) => i.source === 'multi')).toBe(true);
    expect(history.body.total).toBe(3);
  });

  it('reads a JPEG photo too; codes already scanned by the caller are reported as theirs', async () => {
    const sheet = compose([await qrImage(fresh[2]!, 5), await qrImage(fresh[0]!, 5), dataMatrixImage(dm, 7)], 2);
    const r = await load(a, { image: `data:image/jpeg;base64,${jpegBase64(sheet)}` });
    expect(r.status).toBe(200);
    const codes = byUuid(r.body.codes);
    expect(codes.get(fresh[2]!)).toMatchObject({ outcome: 'awarded', xp: 100 });
    expect(codes.get(fresh[0]!)).toMatchObject({ outcome: 'used', byYou: true });
    expect(codes.get(dm)).toMatchObject({ outcome: 'used', byYou: true });
    expect(r.body).toMatchObject({ found: 3, awarded: 1, xp_total: 100, balance: 147 });
  });

  it('a photo of used codes only pays nothing and answers the unchanged balance', async () => {
    const before = await ledgerCount(s, a.glo.id);
    const r = await load(a, { image: pngBase64(compose([await qrImage(fresh[1]!)])) });
    expect(r.body).toMatchObject({ awarded: 0, xp_total: 0, balance: 147 });
    expect(await ledgerCount(s, a.glo.id)).toBe(before);
  });

  it('answers 422 no_codes for a photo without any code', async () => {
    const blank = new PNG({ width: 320, height: 240 });
    blank.data.fill(250);
    const r = await load(a, { image: pngBase64(blank) });
    expect(r.status).toBe(422);
    expect(r.body.error.code).toBe('no_codes');
  });

  it('refuses what is not a PNG or JPEG, broken data and bad base64 with 400', async () => {
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'binary').toString('base64');
    const brokenPng = PNG.sync
      .write(compose([await qrImage(fresh[0]!)]))
      .subarray(0, 200)
      .toString('base64');
    const cases: Array<[string, string]> = [
      [gif, 'image_unsupported'],
      [brokenPng, 'image_corrupt'],
      ['не base64!', 'invalid_image'],
    ];
    for (const [image, code] of cases) {
      const r = await load(a, { image });
      expect(r.status).toBe(400);
      expect(r.body.error.code).toBe(code);
    }
    for (const body of [
      { image: '' },
      { image: 'AAAA', image_type: 'url' },
      { image: 'AAAA', user_id: 'x' },
      { image: 'AAAA', phone: '1' },
    ]) {
      expect((await load(a, body)).status, JSON.stringify(body)).toBe(400);
    }
  });

  it('refuses a photo over the size limit with 413 before reading it', async () => {
    // 8.4 MB once decoded: within the body limit, over the photo limit.
    const huge = 'A'.repeat(11_200_000);
    const r = await load(a, { image: huge });
    expect(r.status).toBe(413);
    expect(r.body.error.code).toBe('image_too_large');
    // A body over the limit is cut off while it is read.
    const body = await load(a, { image: 'A'.repeat(13_000_000) });
    expect(body.status).toBe(413);
  });

  it('refuses a PNG of too many pixels (a decompression bomb) with 413', async () => {
    const header = PNG.sync.write(new PNG({ width: 1, height: 1 }));
    header.writeUInt32BE(20_000, 16);
    header.writeUInt32BE(20_000, 20);
    const r = await load(a, { image: header.toString('base64') });
    expect(r.status).toBe(413);
  });

  it('phone and user_id must be the caller’s own: 403, and 404 for an unknown record', async () => {
    const image = pngBase64(compose([await qrImage(guid('multi-access'))]));
    const phone = await load(a, { image, phone: b.phone });
    expect(phone.status).toBe(403);
    expect(phone.body.error.code).toBe('phone_mismatch');
    const other = await load(a, { image, user_id: b.glo.id });
    expect(other.status).toBe(403);
    expect(other.body.error.code).toBe('not_owner');
    expect((await load(a, { image, user_id: 999_999 })).status).toBe(404);
    // The phone may be written the way people type it.
    const typed = `+38 (0${a.phone.slice(3, 5)}) ${a.phone.slice(5, 8)}-${a.phone.slice(8, 10)}-${a.phone.slice(10)}`;
    expect((await load(a, { image, phone: typed })).status).toBe(200);
  });

  it('replays the first answer for a repeated Idempotency-Key', async () => {
    const code = guid('multi-idem');
    await printCodes(s, [{ code, xp: 30 }]);
    const image = pngBase64(compose([await qrImage(code)]));
    const first = await load(b, { image }, 'multiscan-key-1');
    const again = await load(b, { image }, 'multiscan-key-1');
    expect(first.body).toMatchObject({ awarded: 1, xp_total: 30 });
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
  });

  it('needs a signed-in member (401)', async () => {
    const r = await s.post('/mapi/multiscan/load', {
      image: 'AAAA',
      phone: a.phone,
      user_id: a.glo.id,
      image_type: 'base64',
    });
    expect(r.status).toBe(401);
  });
});
