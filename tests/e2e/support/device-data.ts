import { createHash } from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';

/** Where a trace of a person was found: the store, the entry, the needle and some text around it. */
export interface Trace {
  where: string;
  entry: string;
  needle: string;
  around: string;
  /** Of a Cache Storage entry: the SHA-256 of its body, hex. */
  sha256?: string;
}

/** What to look for: words (case-insensitive) and phone numbers (digits, in any of the ways they are written). */
export interface Person {
  words: string[];
  /** The national part of a phone, e.g. '500000001' for 380500000001: found in «+380 50 000 00 01», «0500000001», «(050) 000-00-01». */
  phoneDigits: string[];
}

/**
 * Every place of the page's origin that keeps something on the device, searched for `person`:
 * every IndexedDB database and object store (every row, with its key; Blobs read as text),
 * localStorage, sessionStorage, `document.cookie` and every Cache Storage cache (every entry's URL
 * and body). Runs in the page; returns the traces found.
 */
export function tracesInPage(page: Page, person: Person): Promise<Trace[]> {
  return page.evaluate(async (p) => {
    const found: Array<{ where: string; entry: string; needle: string; around: string; sha256?: string }> = [];
    const words = p.words.map((w) => w.toLowerCase());
    const encoded = words.map((w) => encodeURIComponent(w).toLowerCase()).filter((e, i) => e !== words[i]);
    const search = (where: string, entry: string, text: string): number => {
      const before = found.length;
      const lower = text.toLowerCase();
      for (const w of [...words, ...encoded]) {
        const at = lower.indexOf(w);
        if (at >= 0) found.push({ where, entry, needle: w, around: text.slice(Math.max(0, at - 60), at + 60) });
      }
      // A phone is written with spaces, dashes, brackets or a plus between its digits.
      const digits = text.replace(/[\s\u00a0\u202f()+.-]/g, '');
      for (const d of p.phoneDigits) {
        const at = digits.indexOf(d);
        if (at >= 0) found.push({ where, entry, needle: d, around: digits.slice(Math.max(0, at - 60), at + 60) });
      }
      return found.length - before;
    };
    const textOf = async (v: unknown, out: string[], depth = 0): Promise<void> => {
      if (depth > 12 || v === null || v === undefined) return;
      if (typeof v === 'string') out.push(v);
      else if (typeof v === 'number' || typeof v === 'bigint') out.push(String(v));
      else if (v instanceof Blob) out.push(await v.text());
      else if (v instanceof ArrayBuffer || ArrayBuffer.isView(v)) out.push(new TextDecoder().decode(v as ArrayBuffer));
      else if (v instanceof Date) out.push(v.toISOString());
      else if (Array.isArray(v)) for (const x of v) await textOf(x, out, depth + 1);
      else if (typeof v === 'object')
        for (const [k, x] of Object.entries(v as object)) {
          out.push(k);
          await textOf(x, out, depth + 1);
        }
    };
    const request = <T>(r: IDBRequest<T>) =>
      new Promise<T>((resolve, reject) => {
        r.onsuccess = () => resolve(r.result);
        r.onerror = () => reject(r.error);
      });

    for (const info of await indexedDB.databases()) {
      if (!info.name) continue;
      const open = indexedDB.open(info.name);
      // Looking must not create or upgrade anything.
      open.onupgradeneeded = () => open.transaction?.abort();
      const db = await request(open);
      try {
        for (const store of Array.from(db.objectStoreNames)) {
          const s = db.transaction(store, 'readonly').objectStore(store);
          const [keys, values] = await Promise.all([request(s.getAllKeys()), request(s.getAll())]);
          const out: string[] = [];
          await textOf([keys, values], out);
          search(`IndexedDB ${info.name}`, store, out.join('\n'));
        }
      } finally {
        db.close();
      }
    }
    for (const [name, storage] of [
      ['localStorage', localStorage],
      ['sessionStorage', sessionStorage],
    ] as const) {
      for (let i = 0; i < storage.length; i += 1) {
        const key = storage.key(i)!;
        search(name, key, `${key}\n${storage.getItem(key) ?? ''}`);
      }
    }
    search('document.cookie', '', document.cookie);
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const req of await cache.keys()) {
        const res = await cache.match(req);
        const bytes = res && res.type !== 'opaque' ? await res.arrayBuffer() : new ArrayBuffer(0);
        const hits = search(`Cache Storage ${name}`, req.url, `${req.url}\n${new TextDecoder().decode(bytes)}`);
        if (hits === 0) continue;
        const sha256 = Array.from(new Uint8Array(await crypto.subtle.digest('SHA-256', bytes)), (b) =>
          b.toString(16).padStart(2, '0'),
        ).join('');
        for (const t of found.slice(-hits)) t.sha256 = sha256;
      }
    }
    return found;
  }, person);
}

/** The browser context's cookies for `url` (HttpOnly ones too), searched for `person`. */
export async function tracesInCookies(context: BrowserContext, url: string, person: Person): Promise<Trace[]> {
  const found: Trace[] = [];
  for (const c of await context.cookies(url)) {
    const text = decodeURIComponent(`${c.name}=${c.value}`);
    for (const w of person.words)
      if (text.toLowerCase().includes(w.toLowerCase()))
        found.push({ where: 'cookies', entry: c.name, needle: w, around: text });
    const digits = text.replace(/\D/g, '');
    for (const d of person.phoneDigits)
      if (digits.includes(d)) found.push({ where: 'cookies', entry: c.name, needle: d, around: text });
  }
  return found;
}

/**
 * The traces less those in the app's own files: a cached entry whose body is byte for byte what the
 * server gives anyone at that address, with no cookie, holds nothing of the member (the app's code
 * names the demo phones that sign in without SMS).
 */
export async function withoutPublicFiles(traces: Trace[], base: string): Promise<Trace[]> {
  const publicHash = new Map<string, Promise<string | null>>();
  const hashOf = (href: string) =>
    fetch(href, { credentials: 'omit' }).then(async (r) =>
      r.ok
        ? createHash('sha256')
            .update(Buffer.from(await r.arrayBuffer()))
            .digest('hex')
        : null,
    );
  const kept: Trace[] = [];
  for (const t of traces) {
    const url = t.sha256 ? new URL(t.entry) : null;
    if (url && url.origin === new URL(base).origin) {
      if (!publicHash.has(url.href)) publicHash.set(url.href, hashOf(url.href));
      if ((await publicHash.get(url.href)) === t.sha256) continue;
    }
    kept.push(t);
  }
  return kept;
}
