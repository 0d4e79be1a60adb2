// Medians with their ranges, per build, and the loading targets.
import type { Interactions, OfflineLoad } from './cases';
import type { LhFigures } from './lighthouse';
import type { Loaded } from './measure';

export const median = (xs: Array<number | null | undefined>): number | null => {
  const s = xs.filter((x): x is number => typeof x === 'number' && Number.isFinite(x)).sort((a, b) => a - b);
  if (!s.length) return null;
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};
const range = (xs: Array<number | null | undefined>) => {
  const s = xs.filter((x): x is number => typeof x === 'number' && Number.isFinite(x));
  return s.length ? [Math.min(...s), Math.max(...s)] : null;
};
const sec = (x: number) => (x / 1000).toFixed(2);
/** "1.93 s (1.80–2.10)" from the runs' values in ms. */
export function secs(xs: Array<number | null | undefined>): string {
  const m = median(xs);
  const r = range(xs);
  if (m === null || !r) return '—';
  return r[0] === r[1] ? `${sec(m)} s` : `${sec(m)} s (${sec(r[0]!)}–${sec(r[1]!)})`;
}
export function msr(xs: Array<number | null | undefined>): string {
  const m = median(xs);
  const r = range(xs);
  if (m === null || !r) return '—';
  return r[0] === r[1] ? `${Math.round(m)} ms` : `${Math.round(m)} ms (${Math.round(r[0]!)}–${Math.round(r[1]!)})`;
}

/** Everything one build gave, by case. */
export interface Results {
  label: string;
  loads: Map<string, Loaded[]>;
  offline: OfflineLoad[][];
  interactions: Interactions[];
  lighthouse: Map<string, LhFigures[]>;
}

export function printLoads(all: Results[]): void {
  const cases = [...new Set(all.flatMap((r) => [...r.loads.keys()]))];
  const rows = cases.flatMap((c) =>
    all
      .filter((r) => r.loads.get(c)?.length)
      .map((r) => {
        const l = r.loads.get(c)!;
        const f = (k: (x: Loaded) => number | null) => l.map(k);
        return {
          case: c,
          build: r.label,
          runs: l.length,
          LCP: secs(f((x) => x.lcp)),
          'LCP element': l[Math.floor(l.length / 2)]!.lcpWhat.slice(0, 34),
          usable: secs(f((x) => x.usable)),
          'JS before usable: files, KB gz': `${median(f((x) => x.jsCount))}, ${median(f((x) => x.jsGzipKb))?.toFixed(1)}`,
          'longest task': msr(f((x) => x.longest)),
          'LCP picture sent→done': l.some((x) => x.lcpPicture)
            ? `${median(l.map((x) => x.lcpPicture?.sent))}→${median(l.map((x) => x.lcpPicture?.done))} ${l.find((x) => x.lcpPicture)?.lcpPicture?.priority ?? ''}`
            : '—',
          'unasked before it': median(l.map((x) => x.unasked.length)),
          'SW req (KB)': `${median(f((x) => x.swCount))} (${median(f((x) => x.swKb))?.toFixed(0)})`,
          checked: l.every((x) => x.verified !== false) ? 'yes' : 'NO',
        };
      }),
  );
  if (rows.length) console.table(rows);
}

export function printOffline(all: Results[]): void {
  const rows = all.flatMap((r) =>
    ['/', '/shop/sticks'].map((path) => {
      const p = r.offline.map((o) => o.find((x) => x.path === path)).filter((x): x is OfflineLoad => Boolean(x));
      if (!p.length) return null;
      const ratios = p.map((x) => (x.app !== null && x.floor ? x.app / x.floor : null));
      return {
        route: path,
        build: r.label,
        'kept screen LCP': msr(p.map((x) => x.app)),
        'floor LCP': msr(p.map((x) => x.floor)),
        ratio:
          median(ratios) === null
            ? '—'
            : `${median(ratios)!.toFixed(2)}x (${Math.min(...ratios.filter((x): x is number => x !== null)).toFixed(2)}–${Math.max(...ratios.filter((x): x is number => x !== null)).toFixed(2)})`,
        usable: msr(p.map((x) => x.usable)),
        'longest task': msr(p.map((x) => x.appLongest)),
        'LCP element': p[0]!.appWhat.slice(0, 34),
      };
    }),
  );
  const shown = rows.filter((x) => x !== null);
  if (shown.length) {
    console.log(
      'Offline, 4x CPU, each answered by the service worker: a kept screen against the floor (a tiny static page, one heading, no styles, precached the same way):',
    );
    console.table(shown);
  }
}

export function printOthers(all: Results[]): void {
  for (const r of all) {
    if (r.interactions.length)
      console.log(
        `${r.label}: interactions (Event Timing, 4x CPU): side menu ${msr(r.interactions.map((i) => i.menu))}, add to cart ${msr(r.interactions.map((i) => i.addToCart))}`,
      );
  }
  const lh = all.flatMap((r) =>
    [...r.lighthouse].map(([path, runs]) => ({
      path,
      build: r.label,
      runs: runs.length,
      score: `${median(runs.map((x) => x.score))} (${Math.min(...runs.map((x) => x.score))}–${Math.max(...runs.map((x) => x.score))})`,
      FCP: secs(runs.map((x) => x.fcp)),
      LCP: secs(runs.map((x) => x.lcp)),
      TBT: msr(runs.map((x) => x.tbt)),
    })),
  );
  if (lh.length) {
    console.log('Lighthouse 12, mobile, devtools throttling (Slow 4G, 4x CPU):');
    console.table(lh);
  }
}

type Check = { build: string; figure: string; value: string; target: string; met: string };

/** The loading targets, by build. */
export function printTargets(all: Results[]): void {
  const checks: Check[] = [];
  for (const r of all) {
    const add = (
      figure: string,
      x: number | null,
      target: string,
      ok: (x: number) => boolean,
      fmt: (x: number) => string = (v) => `${sec(v)} s`,
    ) => {
      if (x === null) return;
      checks.push({ build: r.label, figure, value: fmt(x), target, met: ok(x) ? 'yes' : 'MISSED' });
    };
    const m = (c: string, k: (x: Loaded) => number | null) => median((r.loads.get(c) ?? []).map(k));
    add(
      'first visit /: LCP',
      m('first', (x) => x.lcp),
      '<= 1.4 s',
      (x) => x <= 1400,
    );
    add(
      '/auth first visit: usable',
      m('auth', (x) => x.usable),
      '< 2.5 s',
      (x) => x < 2500,
    );
    add(
      'list first view: LCP',
      m('list-first', (x) => x.lcp),
      '< 2.0 s',
      (x) => x < 2000,
    );
    add(
      'list first view: JS before usable, KB gz',
      m('list-first', (x) => x.jsGzipKb),
      '<= 120 KB',
      (x) => x <= 120,
      (x) => `${x.toFixed(1)} KB`,
    );
    add(
      'list first view: JS before usable, files',
      m('list-first', (x) => x.jsCount),
      '<= 10',
      (x) => x <= 10,
      String,
    );
    add(
      'list first view: requests not asked for before the LCP picture',
      m('list-first', (x) => x.unasked.length),
      '0',
      (x) => x === 0,
      String,
    );
    for (const c of ['home-cleared', 'home-repeat', 'list-first', 'list-repeat'])
      add(
        `longest task, ${c}`,
        m(c, (x) => x.longest),
        '< 100 ms',
        (x) => x < 100,
        (x) => `${Math.round(x)} ms`,
      );
    for (const path of ['/', '/shop/sticks']) {
      const p = r.offline.map((o) => o.find((x) => x.path === path)).filter((x): x is OfflineLoad => Boolean(x));
      add(
        `offline ${path}: LCP against the floor`,
        median(p.map((x) => (x.app !== null && x.floor ? x.app / x.floor : null))),
        '<= 1.3x',
        (x) => x <= 1.3,
        (x) => `${x.toFixed(2)}x`,
      );
      add(`offline ${path}: usable`, median(p.map((x) => x.usable)), '<= 1 s', (x) => x <= 1000);
    }
    for (const [path, runs] of r.lighthouse)
      add(`Lighthouse performance ${path}`, median(runs.map((x) => x.score)), '100', (x) => x >= 100, String);
  }
  if (!checks.length) return;
  console.log('Targets:');
  console.table(checks);
}
