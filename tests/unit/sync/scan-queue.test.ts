import { describe, expect, it } from 'vitest';
import { kvGet, kvSet } from '../../../src/db/kv';
import { GUID_ERRORS } from '../../../src/domain/scan/guid';
import { managerBadge } from '../../../src/domain/scan/read';
import { queueDeviceRegistration } from '../../../src/sync/mutations/scan/device-register';
import { queueMultiscan } from '../../../src/sync/mutations/scan/multiscan';
import { saveScanCode } from '../../../src/sync/mutations/scan/code';
import { handleScanText } from '../../../src/sync/scan/actions';
import { api, GLO, harness } from './support/harness';
import { awarded } from './support/scan-replies';

const A = '0f8fad5b-d9cb-469f-a165-70867728950e';
const B = '7c9e6679-7425-40de-944b-e07fc1f90ae7';

describe('scanned codes: kept once, sent once, credited or refused', () => {
  it('keeps a code with its outbox entry; the same code again is not queued and the member is told it waits', async () => {
    const h = await harness();
    const first = await saveScanCode(h.db, GLO, A, 'camera');
    expect(first.saved).toBe(true);
    const again = await saveScanCode(h.db, GLO, A, 'manual');
    expect(again).toMatchObject({ saved: false, known: { state: 'waiting' } });
    expect(again.saved ? '' : again.notice).toContain('чекає надсилання');
    expect(await h.db.scans.count()).toBe(1);
    const entries = await h.db.outbox.toArray();
    expect(entries.map((e) => [e.kind, (e.payload as { code: string }).code])).toEqual([['scan-code', A]]);
    expect((await h.db.scans.get(A))?.entryId).toBe(entries[0]!.id);
  });

  it('replayed: credited with the XP, the balance and the history line of the answer; a later scan says it was credited', async () => {
    const h = await harness({ reply: api({ '/api/scan/scan-code': (_r, b) => awarded(String(b.code), 12, 832) }) });
    await saveScanCode(h.db, GLO, A, 'camera');
    await h.outbox.replay();
    expect(h.sends()).toEqual([{ path: '/api/scan/scan-code', key: expect.any(String), body: { code: A } }]);
    expect(await h.db.scans.get(A)).toMatchObject({
      state: 'credited',
      xp: 12,
      product: 'Стіки neo™ Ruby Boost',
      message: null,
    });
    expect((await h.db.xpBalance.get('glo'))?.balance).toBe(832);
    expect(await h.db.scanHistory.toArray()).toEqual([expect.objectContaining({ code: A, coins: 12, variant: 'glo' })]);
    const again = await saveScanCode(h.db, GLO, A, 'camera');
    expect(again.saved ? '' : again.notice).toContain('+12 XP');
    expect(await h.db.outbox.count()).toBe(0);
  });

  it('refused: the row keeps the server’s reason, the rest of the queue goes on, and scanning it again says why', async () => {
    const h = await harness({
      reply: api({
        '/api/scan/scan-code': (_r, b) =>
          b.code === A
            ? {
                status: 409,
                body: { error: { code: 'code_used', message: 'Цей код уже використав інший учасник клубу' } },
              }
            : awarded(String(b.code), 10, 110),
      }),
    });
    await saveScanCode(h.db, GLO, A, 'camera');
    await saveScanCode(h.db, GLO, B, 'camera');
    await h.outbox.replay();
    expect(await h.db.scans.get(A)).toMatchObject({
      state: 'refused',
      message: 'Цей код уже використав інший учасник клубу',
    });
    expect((await h.db.scans.get(B))?.state).toBe('credited');
    const again = await saveScanCode(h.db, GLO, A, 'camera');
    expect(again.saved ? '' : again.notice).toContain('інший учасник');
  });

  it('a code the pulled history already lists is a duplicate too, and nothing is queued', async () => {
    const h = await harness();
    await h.db.scanHistory.put({
      variant: 'glo',
      id: '5',
      code: B,
      createdAt: '2026-11-01T10:00:00.000Z',
      coins: 10,
      product: 'Стіки',
      source: 'single',
    });
    const r = await saveScanCode(h.db, GLO, B, 'camera');
    expect(r).toMatchObject({ saved: false, known: { state: 'credited', xp: 10 } });
    expect(await h.db.outbox.count()).toBe(0);
  });
});

describe('what a read is (handleScanText)', () => {
  it('refuses a malformed, empty or non-text read on the spot with the messages (docs/rules.md#error-reactions), storing nothing', async () => {
    const h = await harness();
    expect(await handleScanText(h.db, 'glo', 'PACK#1234', 'camera')).toEqual({
      kind: 'invalid',
      error: GUID_ERRORS.invalid,
    });
    expect(await handleScanText(h.db, 'glo', '   ', 'manual')).toEqual({
      kind: 'invalid',
      error: GUID_ERRORS.required,
    });
    expect(await handleScanText(h.db, 'glo', 42, 'manual')).toEqual({
      kind: 'invalid',
      error: GUID_ERRORS.unsupported,
    });
    expect(await h.db.scans.count()).toBe(0);
    expect(await h.db.outbox.count()).toBe(0);
  });

  it('keeps an upper-case code in the server’s lower-case form, so the same code is one row', async () => {
    const h = await harness();
    await kvSet(h.db, 'variant', 'glo');
    expect(await handleScanText(h.db, 'glo', A.toUpperCase(), 'camera')).toEqual({ kind: 'saved', code: A });
    expect((await handleScanText(h.db, 'glo', ` ${A} `, 'manual')).kind).toBe('duplicate');
  });

  it('sends a consultant’s badge once (save-manager), with the member’s record and brand', async () => {
    const h = await harness({
      reply: api({
        '/api/scan/save-manager': (_r, b) => ({
          status: 200,
          body: {
            managerAdded: true,
            managerId: b.manager,
            managerFrom: b.manager_from,
            brand: b.brand,
            saved_at: '2026-11-26T10:00:00.000Z',
          },
        }),
      }),
    });
    const badge = managerBadge('KV-0417', 'glo studio, Київ');
    expect(await handleScanText(h.db, 'glo', badge, 'camera')).toMatchObject({
      kind: 'manager',
      saved: true,
      manager: 'KV-0417',
    });
    expect(await handleScanText(h.db, 'glo', badge, 'camera')).toMatchObject({ kind: 'manager', saved: false });
    await h.outbox.replay();
    expect(h.sends().map((s) => s.body)).toEqual([
      { shopify_id: 101, manager: 'KV-0417', manager_from: 'glo studio, Київ', brand: 'glo' },
    ]);
    expect((await kvGet(h.db, 'scanManager'))?.glo?.state).toBe('saved');
  });
});

describe('a multi-scan photo queued with no network', () => {
  it('is sent later with the member’s phone and record, and lists each code with what became of it', async () => {
    const h = await harness({
      reply: api({
        '/mapi/multiscan/load': () => ({
          status: 200,
          body: {
            id: 7,
            created_at: '2026-11-20T10:00:00.000Z',
            codes: [
              { uuid: A, format: 'qr', outcome: 'awarded', xp: 12, message: '+12 XP: Стіки neo™ Ruby Boost' },
              {
                uuid: B,
                format: 'datamatrix',
                outcome: 'used',
                xp: 0,
                byYou: false,
                message: 'Цей код уже використав інший учасник клубу',
              },
            ],
            found: 2,
            awarded: 1,
            xp_total: 12,
            balance: 512,
          },
        }),
      }),
    });
    await kvSet(h.db, 'phone', '380500000001');
    const entry = await queueMultiscan(h.db, GLO, 'aGVsbG8=', 'data:image/jpeg;base64,x');
    expect((await h.db.multiscans.get(entry.payload.rowId))?.state).toBe('waiting');
    await h.outbox.replay();
    expect(h.sends()[0]).toMatchObject({
      path: '/mapi/multiscan/load',
      key: entry.id,
      body: { image: 'aGVsbG8=', phone: '380500000001', user_id: 101, image_type: 'base64' },
    });
    const row = await h.db.multiscans.get(entry.payload.rowId);
    // The server's id of the photo: «Надіслані фото» list it once, merged with the server's list.
    expect(row).toMatchObject({ state: 'sent', xpTotal: 12, serverId: 7 });
    expect(row?.codes.map((c) => [c.code, c.state, c.coins])).toEqual([
      [A, 'awarded', 12],
      [B, 'used', null],
    ]);
    expect(await h.db.scans.get(A)).toMatchObject({
      state: 'credited',
      via: 'photo',
      xp: 12,
      product: 'Стіки neo™ Ruby Boost',
    });
    expect((await h.db.xpBalance.get('glo'))?.balance).toBe(512);
  });

  it('a photo refused by the server keeps the reason on its row', async () => {
    const h = await harness({
      reply: api({
        '/mapi/multiscan/load': () => ({
          status: 422,
          body: { error: { code: 'no_codes', message: 'На фото не знайдено жодного коду' } },
        }),
      }),
    });
    await kvSet(h.db, 'phone', '380500000001');
    const entry = await queueMultiscan(h.db, GLO, 'aGVsbG8=', null);
    await h.outbox.replay();
    expect(await h.db.multiscans.get(entry.payload.rowId)).toMatchObject({
      state: 'refused',
      message: 'На фото не знайдено жодного коду',
    });
  });
});

describe('a device registered by its serial', () => {
  it('waits in the list, then is registered with its XP, or refused with the server’s reason', async () => {
    const h = await harness({
      reply: api({
        '/api/register-device': (_r, b) =>
          b.serial === 'FAKE00000001'
            ? {
                status: 404,
                body: {
                  error: { code: 'device_unknown', message: 'Такого серійного номера немає в реєстрі виробника' },
                },
              }
            : {
                status: 200,
                body: {
                  device: {
                    id: 7,
                    serial: b.serial,
                    model: 'Пристрій Плюс',
                    title: 'glo Пристрій Плюс',
                    variant: 'glo',
                    registered_at: '2026-11-26T10:00:00.000Z',
                  },
                  awarded: 100,
                  balance: 920,
                },
              },
      }),
    });
    const bad = await queueDeviceRegistration(h.db, GLO, 'fake-0000 0001');
    const good = await queueDeviceRegistration(h.db, GLO, 'genp2nj9g7a');
    expect(bad.queued && good.queued).toBe(true);
    expect(await queueDeviceRegistration(h.db, GLO, 'GENP2NJ9G7A')).toMatchObject({ queued: false });
    expect((await h.db.devices.toArray()).map((d) => d.state)).toEqual(['waiting', 'waiting']);
    await h.outbox.replay();
    const rows = await h.db.devices.toArray();
    expect(rows.find((d) => d.serial === 'FAKE00000001')).toMatchObject({
      state: 'refused',
      message: 'Такого серійного номера немає в реєстрі виробника',
    });
    expect(rows.find((d) => d.serial === 'GENP2NJ9G7A')).toMatchObject({
      id: '7',
      state: 'registered',
      title: 'glo Пристрій Плюс',
      awarded: 100,
    });
    expect((await h.db.xpBalance.get('glo'))?.balance).toBe(920);
  });
});
