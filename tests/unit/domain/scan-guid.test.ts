import { describe, expect, it } from 'vitest';
import { checkGuid, GUID_ERRORS } from '../../../src/domain/scan/guid';
import { managerBadge, MANAGER_PLACE_UNKNOWN, readScan } from '../../../src/domain/scan/read';

describe('GUID rules (docs/rules.md#validation form 8-4-4-4-12, docs/rules.md#error-reactions messages)', () => {
  it('takes 8-4-4-4-12 alphanumerics, trimmed', () => {
    expect(checkGuid('0f8fad5b-d9cb-469f-a165-70867728950e')).toEqual({
      ok: true,
      value: '0f8fad5b-d9cb-469f-a165-70867728950e',
    });
    expect(checkGuid('  ABCDEFGH-1234-ZZZZ-0000-abcdefghijkl ')).toEqual({
      ok: true,
      value: 'ABCDEFGH-1234-ZZZZ-0000-abcdefghijkl',
    });
  });

  it('refuses other forms with the invalid message (docs/rules.md#error-reactions)', () => {
    for (const v of [
      '0f8fad5b-d9cb-469f-a165-70867728950',
      '0f8fad5bd9cb469fa16570867728950e',
      '0f8fad5b-d9cb-469f-a165-70867728950e-1',
      'ґ0f8fad5-d9cb-469f-a165-70867728950e',
      '0f8fad5b_d9cb_469f_a165_70867728950e',
      'PACK#1234/NOT-A-CODE',
    ]) {
      expect(checkGuid(v), v).toEqual({ ok: false, error: 'Invalid Guid value! Please specify a valid value!' });
    }
  });

  it('an empty value is the required message (docs/rules.md#error-reactions); a value that is not text, the unsupported-type one', () => {
    for (const v of [undefined, null, '', '   '])
      expect(checkGuid(v)).toEqual({ ok: false, error: 'The parameter value required!' });
    for (const v of [42, true, {}, ['a']]) expect(checkGuid(v)).toEqual({ ok: false, error: GUID_ERRORS.unsupported });
  });
});

describe('what a scanned text is', () => {
  it('a code, kept lower case (the server’s form)', () => {
    expect(readScan('0F8FAD5B-D9CB-469F-A165-70867728950E')).toEqual({
      kind: 'code',
      code: '0f8fad5b-d9cb-469f-a165-70867728950e',
    });
  });

  it('a consultant’s badge, its place decoded; a badge without a place gets a neutral one', () => {
    expect(readScan(managerBadge('KV-0417', 'glo studio, ТРЦ Ocean Plaza, Київ'))).toEqual({
      kind: 'manager',
      manager: 'KV-0417',
      from: 'glo studio, ТРЦ Ocean Plaza, Київ',
    });
    expect(readScan('club-manager:LV-12')).toEqual({ kind: 'manager', manager: 'LV-12', from: MANAGER_PLACE_UNKNOWN });
    expect(readScan('club-manager:LV-12?from=%E0%A4%A')).toEqual({
      kind: 'manager',
      manager: 'LV-12',
      from: MANAGER_PLACE_UNKNOWN,
    });
  });

  it('anything else is invalid with the message (docs/rules.md#error-reactions)', () => {
    expect(readScan('club-manager:')).toEqual({ kind: 'invalid', error: GUID_ERRORS.invalid });
    expect(readScan('https://example.com')).toEqual({ kind: 'invalid', error: GUID_ERRORS.invalid });
  });
});
