import { describe, expect, it } from 'vitest';
import {
  clubConfigContent,
  clubConfigTag,
  parseClubConfig,
  type ClubConfig,
} from '../../../src/domain/club/club-config';

/*
 * The settings a page's club-config tag carries (written by the server, read by the page and by
 * the service worker from the shell it precached), and the build's values wherever the tag has none.
 */
const BUILT: ClubConfig = {
  apiKey: 'dev-public-key',
  ogoHost: '',
  testPhones: ['380500000001'],
  freeShipping: { glo: 399, ogo: 120 },
  veloPromo: 'VELO-20%',
};
const DEPLOYED: ClubConfig = {
  apiKey: `k"<&>'`,
  ogoHost: 'ogo.example.ua',
  testPhones: [],
  freeShipping: { glo: 0, ogo: 150 },
  veloPromo: 'VELO-30%',
};

describe('club-config', () => {
  it('reads back what the server wrote, from the raw HTML as the worker sees it', () => {
    const html = `<head>${clubConfigTag(DEPLOYED)}<title>x</title></head>`;
    expect(parseClubConfig(clubConfigContent(html), BUILT)).toEqual(DEPLOYED);
  });

  it('keeps the build’s values where the tag is empty, missing or broken', () => {
    expect(parseClubConfig('', BUILT)).toEqual(BUILT);
    expect(parseClubConfig(null, BUILT)).toEqual(BUILT);
    expect(parseClubConfig('{"apiKey":', BUILT)).toEqual(BUILT);
    expect(clubConfigContent('<head><title>no tag</title></head>')).toBeNull();
  });

  it('takes each field on its own: a malformed one falls back, the others stay', () => {
    const got = parseClubConfig(
      JSON.stringify({
        apiKey: 'live',
        ogoHost: 7,
        testPhones: ['1', 2],
        freeShipping: { glo: -1, ogo: 90 },
        veloPromo: '',
      }),
      BUILT,
    );
    expect(got).toEqual({ ...BUILT, apiKey: 'live', freeShipping: { glo: 399, ogo: 90 } });
  });
});
