import { describe, expect, it } from 'vitest';
import { cookieAttributes } from '../../../src/domain/auth/cookie-attributes';
import { documentCookies } from '../../../src/sync/auth/cookies';

// The session cookie carries the member's token: over https it is Secure, so it never travels
// over plain http (a link to http://, a downgraded connection).

/** A document whose cookie writes are kept as written. */
function recordingDoc() {
  const written: string[] = [];
  return {
    written,
    get cookie() {
      return '';
    },
    set cookie(v: string) {
      written.push(v);
    },
  };
}

describe('the cookies the app writes', () => {
  it('are Secure when the app runs over https, and not over http (development)', () => {
    const https = recordingDoc();
    documentCookies(https, 'https:').set('usertoken', 'tok', 60);
    expect(https.written).toEqual(['usertoken=tok; Max-Age=60; path=/; SameSite=Lax; Secure']);
    const http = recordingDoc();
    documentCookies(http, 'http:').set('usertoken', 'tok', 60);
    expect(http.written).toEqual(['usertoken=tok; Max-Age=60; path=/; SameSite=Lax']);
    expect(cookieAttributes(5, 'https:')).toContain('; Secure');
  });
});
