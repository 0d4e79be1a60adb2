import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importDeviceSerials, importScanCodes } from '../../../server/ops/import-codes';
import { createMember, type TestMember } from '../../support/members';
import { makeTestServer, PRODUCTION_ENV, type TestServer } from '../../support/server';

// Production seeds no scan codes or device serials (the demo's are public): the operator loads
// the real ones from the printer's and the manufacturer's CSV files (scripts/import-codes.ts).

let s: TestServer;
let m: TestMember;
beforeAll(async () => {
  s = await makeTestServer({ env: { ...PRODUCTION_ENV } });
  m = await createMember(s, { xp: 0 });
});
afterAll(() => s.close());

const CODE = '3F2504E0-4F89-11D3-9A0C-0305E82C3301';

describe('loading real scan codes and device serials', () => {
  it('loads a printer file of codes, which members then scan for their XP; loading it again adds nothing', async () => {
    const csv = `code;variant;xp;product\n${CODE};glo;15;Стіки neo™ Demi Gold Tobacco\n7c9e6679-7425-40de-944b-e07fc1f90ae7;ogo;12;Стіки ogo Classic\n`;
    expect(await importScanCodes(s.deps.db, csv, { batch: 'print-2026-12', now: s.clock.now() })).toEqual({
      added: 2,
      known: 0,
      rejected: [],
    });
    expect(await importScanCodes(s.deps.db, csv, { batch: 'print-2026-12', now: s.clock.now() })).toEqual({
      added: 0,
      known: 2,
      rejected: [],
    });
    const scan = await s.call('POST', '/api/scan/scan-code', {
      body: { code: CODE },
      token: m.token,
      idem: 'scan-imported',
    });
    expect(scan.status).toBe(200);
    expect(scan.body).toMatchObject({ status: 'awarded', xp: 15, balance: 15 });
  });

  it('loads nothing from a file with a bad line, and names every bad line', async () => {
    const csv = `a1b2c3d4-0000-1111-2222-333344445555,glo,10,Стіки\nnot-a-code,glo,10,Стіки\nb1b2c3d4-0000-1111-2222-333344445555,velo,10,Стіки\n`;
    const r = await importScanCodes(s.deps.db, csv, { batch: 'bad', now: s.clock.now() });
    expect(r.added).toBe(0);
    expect(r.rejected.map((x) => x.line)).toEqual([2, 3]);
    expect(await s.deps.db.selectFrom('scan_codes').select('id').where('batch', '=', 'bad').execute()).toEqual([]);
  });

  it('loads the manufacturer’s serials, normalised, which then register as genuine devices', async () => {
    const csv = 'serial,model,variant\ngx12-ab34 cd56,Пристрій Плюс,glo\n';
    expect(await importDeviceSerials(s.deps.db, csv, { source: 'factory-feed', now: s.clock.now() })).toEqual({
      added: 1,
      known: 0,
      rejected: [],
    });
    const reg = await s.call('POST', '/api/register-device', {
      body: { serial: 'GX12AB34CD56' },
      token: m.token,
      idem: 'device-imported',
    });
    expect(reg.status).toBe(200);
    expect(reg.body.awarded).toBeGreaterThan(0);
  });
});
