// Lighthouse 12's mobile performance audit (devtools throttling: Slow 4G, 4x CPU) on the bench's
// phone, its service worker throttled the same way.
import { CPU_SLOWDOWN, freshPhone, SLOW_4G } from './browser';
import { lighthousePrepare } from './cases';
import type { Site } from './site';

export interface LhFigures {
  score: number;
  lcp: number;
  tbt: number;
  fcp: number;
}

export async function lighthouseRun(site: Site, path: string): Promise<LhFigures> {
  const phone = await freshPhone(site.args);
  try {
    await lighthousePrepare(phone, site, path);
    await phone.link.throttle(SLOW_4G);
    const { default: lighthouse } = await import('lighthouse');
    const result = await lighthouse(site.url + path, {
      port: phone.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      formFactor: 'mobile',
      screenEmulation: { mobile: true, width: 390, height: 844, deviceScaleFactor: 3, disabled: false },
      throttlingMethod: 'devtools',
      throttling: {
        rttMs: 150,
        throughputKbps: 1638.4,
        requestLatencyMs: 562.5,
        downloadThroughputKbps: 1474.56,
        uploadThroughputKbps: 675,
        cpuSlowdownMultiplier: CPU_SLOWDOWN,
      },
      // A member's page needs the member's stored data (signed in, IndexedDB): Lighthouse must not wipe it.
      disableStorageReset: path !== '/' && path !== '/auth',
    });
    const lhr = result?.lhr;
    if (!lhr) throw new Error('Lighthouse gave no result');
    const n = (k: string) => Number(lhr.audits[k]?.numericValue ?? NaN);
    const tasks = (
      (
        lhr.audits['long-tasks']?.details as
          { items?: Array<{ url: string; duration: number; startTime: number }> } | undefined
      )?.items ?? []
    )
      .map(
        (t) =>
          `${Math.round(t.duration)} ms at ${Math.round(t.startTime)} (${t.url.replace(site.url, '').replace(/-[\w-]{8}\.js$/, '.js') || '—'})`,
      )
      .slice(0, 6);
    const score = Math.round((lhr.categories.performance?.score ?? NaN) * 100);
    console.log(
      `  lighthouse ${path}: score ${score}, LCP ${Math.round(n('largest-contentful-paint'))} ms, TBT ${Math.round(n('total-blocking-time'))} ms; long tasks: ${tasks.join(', ') || 'none'}`,
    );
    return {
      score,
      lcp: n('largest-contentful-paint'),
      tbt: n('total-blocking-time'),
      fcp: n('first-contentful-paint'),
    };
  } finally {
    await phone.close();
  }
}
