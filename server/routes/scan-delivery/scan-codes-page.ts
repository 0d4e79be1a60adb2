import type { Context, Hono, Next } from 'hono';
import QRCode from 'qrcode';
import type { AppEnv } from '../../context';
import { badRequest } from '../../errors';
import { escapeMarkup } from '../../http/escape';
import { managerBadge } from '../../../src/domain/scan/read';

/** Demo consultants' badges (save-manager, docs/api.md#scan): the app's scanner reads them like codes. */
const DEMO_MANAGERS: ReadonlyArray<readonly [string, string]> = [
  ['KV-0417', 'glo studio, ТРЦ Ocean Plaza, Київ'],
  ['LV-0203', 'glo studio Сихів, Львів'],
];

/** Unused demo codes, optionally of one variant; `limit` 1..500, default 300. */
async function unusedCodes(c: Context<AppEnv>) {
  const variant = c.req.query('variant');
  if (variant !== undefined && variant !== 'glo' && variant !== 'ogo')
    throw badRequest('invalid_variant', 'variant: glo або ogo');
  const limitRaw = c.req.query('limit') ?? '300';
  if (!/^\d{1,3}$/.test(limitRaw) || Number(limitRaw) < 1) throw badRequest('invalid_limit', 'limit: від 1 до 500');
  let q = c.var.deps.db
    .selectFrom('scan_codes')
    .select(['code', 'variant', 'xp', 'product'])
    .where('used_at', 'is', null);
  if (variant) q = q.where('variant', '=', variant);
  return q
    .orderBy('variant')
    .orderBy('id')
    .limit(Math.min(500, Number(limitRaw)))
    .execute();
}

const STYLE = `body{font:13px/1.35 system-ui,sans-serif;margin:16px;color:#111}h1{font-size:20px;margin:0 0 4px}
p{margin:0 0 12px;color:#444}nav a{margin-right:12px}.grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(46mm,1fr));gap:4mm}
figure{margin:0;border:1px dashed #bbb;border-radius:6px;padding:3mm;text-align:center;break-inside:avoid}
figure svg{width:34mm;height:34mm}figcaption code{display:block;font-size:8.5px;word-break:break-all}
.xp{font-weight:700}.glo{color:#1f4fbf}.ogo{color:#b8336a}@media print{nav,p{display:none}body{margin:0}}`;

/**
 * Demo pages (outside production only): every unused scan code as a printable QR grid, and
 * the same list as JSON, so a person trying the app can scan real codes.
 */
export function registerScanCodesPage(app: Hono<AppEnv>): void {
  const devOnly = (c: Context<AppEnv>) => c.var.deps.config.isProduction;

  app.get('/dev/scan-codes.json', async (c: Context<AppEnv>, next: Next) => {
    if (devOnly(c)) return next();
    return c.json({ codes: await unusedCodes(c) });
  });

  app.get('/dev/scan-codes', async (c: Context<AppEnv>, next: Next) => {
    if (devOnly(c)) return next();
    const codes = await unusedCodes(c);
    const cells = await Promise.all(
      codes.map(async (row) => {
        const svg = await QRCode.toString(row.code, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
        return `<figure>${svg}<figcaption><span class="xp ${row.variant}">${row.variant} · +${row.xp} XP</span><br>${escapeMarkup(row.product)}<code>${row.code}</code></figcaption></figure>`;
      }),
    );
    const badges = await Promise.all(
      DEMO_MANAGERS.map(async ([id, from]) => {
        const svg = await QRCode.toString(managerBadge(id, from), {
          type: 'svg',
          margin: 2,
          errorCorrectionLevel: 'M',
        });
        return `<figure>${svg}<figcaption><span class="xp">Консультант ${escapeMarkup(id)}</span><br>${escapeMarkup(from)}</figcaption></figure>`;
      }),
    );
    return c.html(`<!doctype html><html lang="uk"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Демо-коди для сканування</title><style>${STYLE}</style></head><body>
<h1>Демо-коди для сканування (${codes.length})</h1>
<p>Невикористані коди. Відскануй будь-який у застосунку: кожен дає XP лише раз. Друк: Ctrl+P.</p>
<nav><a href="?">Усі</a><a href="?variant=glo">glo</a><a href="?variant=ogo">ogo</a><a href="/dev/scan-codes.json">JSON</a></nav>
<div class="grid">${cells.join('')}</div>
<h1>Бейджі консультантів</h1>
<p>QR з бейджа консультанта магазину: відскануй у застосунку, щоб зберегти, хто тобі допоміг (один раз).</p>
<div class="grid">${badges.join('')}</div></body></html>`);
  });
}
