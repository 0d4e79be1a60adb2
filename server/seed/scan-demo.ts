import { randomUUID } from 'node:crypto';
import { kyivMonthRange, kyivMonthStart } from '../../src/domain/format/kyiv-time';
import type { AppDeps } from '../context';
import { ensureCustomer } from '../members';
import { changeXp } from '../xp';
import { SCAN_PRODUCTS } from './scan-products';

/** Prints the demo batch: every product's share of fresh codes, unused (shown at /dev/scan-codes). */
export async function seedScanCodes(deps: AppDeps): Promise<void> {
  const any = await deps.db
    .selectFrom('scan_codes')
    .select('id')
    .where('batch', 'like', 'demo-%')
    .limit(1)
    .executeTakeFirst();
  if (any) return;
  const now = deps.clock.now().toISOString();
  const batch = `demo-${now.slice(0, 7)}`;
  const rows = SCAN_PRODUCTS.flatMap(([variant, product, xp, count]) =>
    Array.from({ length: count }, () => ({
      code: randomUUID(),
      variant,
      xp,
      product,
      batch,
      created_at: now,
      used_at: null,
      used_by: null,
      used_via: null,
    })),
  );
  for (let i = 0; i < rows.length; i += 100)
    await deps.db
      .insertInto('scan_codes')
      .values(rows.slice(i, i + 100))
      .execute();
}

/** Олена's scans per month, newest month first: [glo, ogo]. The current month is left short of the goal. */
const OLENA_MONTHS: ReadonlyArray<readonly [number, number]> = [
  [6, 2],
  [11, 4],
  [9, 3],
  [12, 0],
  [7, 2],
];

function previousMonth(monthStart: string, back: number): string {
  const y = Number(monthStart.slice(0, 4));
  const m = Number(monthStart.slice(5, 7)) - 1 - back;
  const d = new Date(Date.UTC(y, m, 1));
  return d.toISOString().slice(0, 10);
}

/**
 * The demo member Олена (testPhones[0]): five months of scans of both variants (codes she
 * used, with their XP in her ledger) and the consultant who helped her. Skipped without her.
 */
export async function seedOlenaScans(deps: AppDeps): Promise<void> {
  const phone = deps.config.testPhones[0];
  const m = phone
    ? await deps.db.selectFrom('members').select(['id', 'phone']).where('phone', '=', phone).executeTakeFirst()
    : undefined;
  if (!m) return;
  const now = deps.clock.now();
  const current = kyivMonthStart(now);
  for (const variant of ['glo', 'ogo'] as const) {
    const customer = await ensureCustomer(deps.db, m, variant, now);
    const products = SCAN_PRODUCTS.filter((p) => p[0] === variant && p[2] < 100);
    for (const [back, counts] of OLENA_MONTHS.entries()) {
      const n = counts[variant === 'glo' ? 0 : 1];
      const month = previousMonth(current, back);
      const { from, to } = kyivMonthRange(month);
      const end = Math.min(to.getTime(), now.getTime() - 3_600_000);
      for (let i = 0; i < n; i += 1) {
        const at = new Date(from.getTime() + ((end - from.getTime()) * (i + 0.5)) / n);
        if (at.getTime() < from.getTime()) continue;
        const [, product, xp] = products[(i + back) % products.length] ?? products[0] ?? ['glo', 'Стіки', 10];
        const code = randomUUID();
        await deps.db.transaction().execute(async (trx) => {
          await trx
            .insertInto('scan_codes')
            .values({
              code,
              variant,
              xp,
              product,
              batch: `retail-${month.slice(0, 7)}`,
              created_at: from.toISOString(),
              used_at: at.toISOString(),
              used_by: customer.id,
              used_via: i % 4 === 3 ? 'multi' : 'single',
            })
            .execute();
          await changeXp(trx, {
            customerId: customer.id,
            amount: xp,
            reason: 'scan',
            title: `Сканування коду: ${product}`,
            ref: `scan:${code}`,
            now: at,
          });
        });
      }
    }
    if (variant === 'glo') {
      const at = previousMonth(current, 2);
      await deps.db
        .insertInto('scan_managers')
        .values({
          customer_id: customer.id,
          brand: 'glo',
          manager: 'KV-0417',
          manager_from: 'glo studio, ТРЦ Ocean Plaza, Київ',
          created_at: `${at}T12:00:00.000Z`,
          updated_at: `${at}T12:00:00.000Z`,
        })
        .onConflict((oc) => oc.columns(['customer_id', 'brand']).doNothing())
        .execute();
    }
  }
}
