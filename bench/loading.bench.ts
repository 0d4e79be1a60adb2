// Loading as a member's phone meets it: the system Chromium at 390x844 (mobile, 3x), Lighthouse's
// Slow 4G (562.5 ms a request, 1.47 Mbps down) on the page AND on its service worker (a phone has
// one link: bench/loading/worker-link.ts), 4x CPU, a fresh profile per run, the production-mode
// server, reached as a deployment serves it: through HAProxy (deploy/haproxy.cfg) over TLS and
// HTTP/2 (`LOADING_VIA=h2`, the default), or directly over HTTP/1.1 (`LOADING_VIA=direct`, or both:
// `LOADING_VIA=h2,direct`).
//
// Cases (`LOADING_CASES=first,list-first`; all by default):
//   first         a new visitor at / (the age question): LCP, usable, JavaScript before usable
//   auth          /auth on a first visit: usable (submit works, then the demo phone signs in)
//   list-first    a list's TRUE first view: signed in through /auth, home seen, then the service
//                 worker, Cache Storage and the HTTP cache cleared (IndexedDB, localStorage and
//                 cookies kept), the list never opened on the device (checked), then /shop/sticks
//   list-repeat   the list again online, seen and kept before, the service worker in control
//   home-cleared  home with caches cleared (its kept copy stays in localStorage)
//   home-repeat   home again online
//   offline       home and the list offline from their kept screens, against the floor: a tiny
//                 static page (one heading, no styles) precached the same way
//   interactions  the side menu and add to cart (Event Timing)
//   lighthouse    Lighthouse 12 mobile on / and /auth (`LOADING_LH=/auth` for some)
// Each load is watched 10 s; the figures are medians of `LOADING_RUNS` runs (default 3), with
// their ranges. `LOADING_DISTS=<dir>,<dir>` measures two builds, their runs alternating (A, B, A,
// B…) so that the machine's load falls on both alike; by default the build in dist/ (built when
// stale). `LOADING_DEBUG=1` prints each run's long tasks, LCP steps and what was asked for before
// the LCP picture; `LOADING_TRACE=<dir>` writes a Chromium trace of each measured load (offline: of
// each kept screen's load).
import { cpus, loadavg } from 'node:os';
import { basename, dirname, resolve } from 'node:path';
import { buildIfStale, DIST } from '../scripts/build-if-stale';
import {
  firstVisitAuth,
  firstVisitRoot,
  homeCleared,
  interactionRun,
  LIST,
  listFirstView,
  offlineRun,
  repeatVisit,
} from './loading/cases';
import { lighthouseRun } from './loading/lighthouse';
import type { Loaded } from './loading/measure';
import { printLoads, printOffline, printOthers, printTargets, type Results } from './loading/report';
import { startSite, type Site, type Via } from './loading/site';

const RUNS = Math.max(1, Number(process.env.LOADING_RUNS ?? 3));
const WANTED = (process.env.LOADING_CASES ?? '').split(',').filter(Boolean);
const want = (name: string) => WANTED.length === 0 || WANTED.includes(name);
const VIAS = (process.env.LOADING_VIA ?? 'h2').split(',').filter(Boolean) as Via[];
const DISTS = process.env.LOADING_DISTS ? process.env.LOADING_DISTS.split(',').filter(Boolean) : [DIST];
const DEBUG = Boolean(process.env.LOADING_DEBUG);

if (!process.env.LOADING_DISTS) buildIfStale();
const sites: Array<{ site: Site; results: Results }> = [];
const errors: string[] = [];
const load: number[] = [];
const noteLoad = () => load.push(loadavg()[0]!);

/** Runs `once` on every site in turn, `RUNS` times over. */
async function alternate<T>(
  name: string,
  once: (site: Site) => Promise<T>,
  keep: (r: Results, value: T) => void,
  say: (value: T) => string,
): Promise<void> {
  for (let i = 0; i < RUNS; i += 1) {
    for (const { site, results } of sites) {
      noteLoad();
      try {
        const value = await once(site);
        keep(results, value);
        console.log(`  ${results.label} ${name} #${i + 1}: ${say(value)}`);
      } catch (e) {
        errors.push(
          `${results.label} ${name} run ${i + 1}: ${e instanceof Error ? e.message.split('\n')[0] : String(e)}`,
        );
      }
    }
  }
}

const sayLoad = (l: Loaded) =>
  `LCP ${l.lcp?.toFixed(0)} ms (${l.lcpWhat.slice(0, 30)}), usable ${l.usable?.toFixed(0) ?? '—'} ms, JS ${l.jsCount} files ${l.jsGzipKb.toFixed(1)} KB gz, longest task ${l.longest.toFixed(0)} ms` +
  (l.lcpPicture
    ? `, LCP picture ${l.lcpPicture.sent}→${l.lcpPicture.done} ms (${l.lcpPicture.priority}), ${l.unasked.length} unasked before it`
    : '') +
  (DEBUG
    ? `\n    tasks ${JSON.stringify(l.tasks)}\n    LCP steps ${JSON.stringify(l.lcpSteps)}\n    unasked ${l.unasked.join(', ')}`
    : '');

const addLoad = (name: string) => (r: Results, l: Loaded) => void r.loads.set(name, [...(r.loads.get(name) ?? []), l]);

try {
  for (const via of VIAS) {
    for (const dist of DISTS) {
      const site = await startSite(dist, via);
      // A checkout's dist/ is named by its checkout.
      const name = basename(dist) === 'dist' ? basename(dirname(resolve(dist))) : basename(dist);
      const label = `${DISTS.length > 1 ? name : 'app'}${VIAS.length > 1 ? ` ${via}` : ''}`;
      sites.push({ site, results: { label, loads: new Map(), offline: [], interactions: [], lighthouse: new Map() } });
    }
  }
  console.log(`Sites: ${sites.map((s) => `${s.results.label} = ${s.site.url} (${s.site.dist})`).join('; ')}`);
  if (want('first')) await alternate('first visit /', firstVisitRoot, addLoad('first'), sayLoad);
  if (want('auth')) await alternate('first visit /auth', firstVisitAuth, addLoad('auth'), sayLoad);
  if (want('list-first')) await alternate(`${LIST} first view`, listFirstView, addLoad('list-first'), sayLoad);
  if (want('list-repeat'))
    await alternate(`${LIST} repeat visit`, (s) => repeatVisit(s, LIST), addLoad('list-repeat'), sayLoad);
  if (want('home-cleared')) await alternate('home, caches cleared', homeCleared, addLoad('home-cleared'), sayLoad);
  if (want('home-repeat'))
    await alternate('home, repeat visit', (s) => repeatVisit(s, '/'), addLoad('home-repeat'), sayLoad);
  if (want('offline'))
    await alternate(
      'offline',
      offlineRun,
      (r, o) => void r.offline.push(o),
      (o) =>
        o
          .map(
            (x) =>
              `${x.path} kept screen ${x.app?.toFixed(0)} ms (${x.appWhat.slice(0, 24)}), floor ${x.floor?.toFixed(0)} ms, usable ${x.usable?.toFixed(0) ?? '—'} ms`,
          )
          .join('; '),
    );
  if (want('interactions'))
    await alternate(
      'interactions',
      interactionRun,
      (r, i) => void r.interactions.push(i),
      (i) => `menu ${i.menu?.toFixed(0)} ms, add to cart ${i.addToCart?.toFixed(0)} ms`,
    );
  if (want('lighthouse')) {
    const paths = (process.env.LOADING_LH ?? '/,/auth').split(',').filter(Boolean);
    for (const path of paths)
      await alternate(
        `lighthouse ${path}`,
        (s) => lighthouseRun(s, path),
        (r, f) => void r.lighthouse.set(path, [...(r.lighthouse.get(path) ?? []), f]),
        (f) => `score ${f.score}`,
      );
  }
} finally {
  for (const { site } of sites) await site.dispose().catch(() => undefined);
}

const all = sites.map((s) => s.results);
console.log(
  `\nChromium, 390x844 mobile at 3x, Slow 4G (562.5 ms, 1.47/0.675 Mbps) on the page and its service worker, CPU 4x; production server ${VIAS.join(' and ')}; ${RUNS} run(s) each, median (range); load average ${Math.min(...load).toFixed(1)}–${Math.max(...load).toFixed(1)} on ${cpus().length} cores.`,
);
printLoads(all);
printOffline(all);
printOthers(all);
printTargets(all);
if (errors.length) console.log(`Runs that failed (left out of the medians):\n  ${errors.join('\n  ')}`);
console.log('The machine is shared: its load moves these figures; compare builds of one run.');
