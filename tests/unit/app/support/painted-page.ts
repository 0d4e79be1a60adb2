// What the tests of screens painted before the app starts share: the member's cookie, and a page
// left clean after each test (no kept screens, no cookie, no painted body, no build stamp).
import { afterEach } from 'vitest';

/** Sets the member's `usertoken` cookie, or removes it with `null`. */
export function setCookie(v: string | null) {
  document.cookie = v === null ? 'usertoken=; Max-Age=0; path=/' : `usertoken=${v}; path=/`;
}

/** Registers, for the calling file, the clean-up after each test. */
export function cleanPaintedPageAfterEach() {
  afterEach(() => {
    localStorage.clear();
    setCookie(null);
    document.body.innerHTML = '';
    document.head.querySelectorAll('meta[name="club-build"]').forEach((m) => m.remove());
  });
}
