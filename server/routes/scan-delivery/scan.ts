import type { Hono } from 'hono';
import {
  getFullBalance,
  getScanCount,
  getScanHistory,
  getScanMessage,
  getScanPercent,
  SCAN_HISTORY_PAGE,
  saveManager,
  scanCode,
} from '../../../src/contract/scan';
import { checkGuid } from '../../../src/domain/scan/guid';
import { isCalendarDate, kyivMonthStart } from '../../../src/domain/format/kyiv-time';
import { SCAN_MONTHLY_GOAL, scanMessage, scanPercent } from '../../../src/domain/scan/goal';
import type { AppEnv } from '../../context';
import { badRequest, unprocessable } from '../../errors';
import { mount } from '../../http/route';
import { ensureCustomer, findCustomer, ownedCustomer, variantOf } from '../../members';
import { claimCode, monthStats } from './scan-claim';
import { claimError } from './scan-messages';

const flag = (v: string | undefined) => v === 'true' || v === '1';

/** scan/scan-code, get-scan-count, get-message, get-scan-percent, get-full-balance, save-manager, get-history. */
export function registerScan(app: Hono<AppEnv>): void {
  // One transaction: the claim, the XP, the month's count (this scan in it) and the answer stored
  // under the Idempotency-Key; on a database this process alone uses, the key needs no commit of
  // its own either (server/http/idempotency.ts).
  mount(
    app,
    scanCode,
    async ({ input, member, deps, idempotency }) => {
      const check = checkGuid(input.code);
      if (!check.ok) throw badRequest('invalid_guid', check.error);
      const now = deps.clock.now();
      const customer = await ensureCustomer(deps.db, member, variantOf(input.ogo), now);
      return deps.db.transaction().execute(async (trx) => {
        const result = await claimCode(trx, { member, customer, code: check.value.toLowerCase(), via: 'single', now });
        if (result.outcome !== 'awarded') throw claimError(result);
        const month = await monthStats(trx, customer.id, kyivMonthStart(now));
        const answer = {
          status: 'awarded' as const,
          xp: result.xp,
          balance: result.balance,
          item: result.item,
          monthCount: month.count,
        };
        if (idempotency) await idempotency.settleIn(trx, answer);
        return answer;
      });
    },
    { settlesInTransaction: true },
  );

  mount(app, getScanCount, async ({ input, member, deps }) => {
    if (!isCalendarDate(input.date_start)) throw badRequest('invalid_date', 'Невірна дата початку місяця');
    const customer = await findCustomer(deps.db, member.id, variantOf(input.ogo));
    const { count } = customer ? await monthStats(deps.db, customer.id, input.date_start) : { count: 0 };
    return { code: 200 as const, success: true as const, count, date_start: input.date_start };
  });

  mount(app, getScanMessage, async ({ input, member, deps }) => {
    const customer = await findCustomer(deps.db, member.id, variantOf(flag(input.ogo)));
    const { count } = customer
      ? await monthStats(deps.db, customer.id, kyivMonthStart(deps.clock.now()))
      : { count: 0 };
    return { message: scanMessage(count), count, goal: SCAN_MONTHLY_GOAL };
  });

  mount(app, getScanPercent, async ({ input, member, deps }) => {
    const month = kyivMonthStart(deps.clock.now());
    const customer = await findCustomer(deps.db, member.id, variantOf(flag(input.ogo)));
    if (!customer) return { percent: 0, count: 0, goal: SCAN_MONTHLY_GOAL, coinMonth: 0, month, managerAdded: false };
    const stats = await monthStats(deps.db, customer.id, month);
    const manager = await deps.db
      .selectFrom('scan_managers')
      .select('id')
      .where('customer_id', '=', customer.id)
      .executeTakeFirst();
    return {
      percent: scanPercent(stats.count),
      count: stats.count,
      goal: SCAN_MONTHLY_GOAL,
      coinMonth: stats.xp,
      month,
      managerAdded: manager !== undefined,
    };
  });

  mount(app, getFullBalance, async ({ member, deps }) => {
    const rows = await deps.db
      .selectFrom('customers')
      .select(['variant', 'xp_balance'])
      .where('member_id', '=', member.id)
      .where('variant', 'in', ['glo', 'ogo'])
      .execute();
    const glo = rows.find((r) => r.variant === 'glo')?.xp_balance ?? 0;
    const ogo = rows.find((r) => r.variant === 'ogo')?.xp_balance ?? 0;
    return { glo, ogo, total: glo + ogo };
  });

  mount(app, saveManager, async ({ input, member, deps }) => {
    const customer = await ownedCustomer(deps.db, member, input.shopify_id);
    // velo is sold in the ogo shop, so its consultant belongs to the ogo record.
    const fits =
      input.brand === 'glo' ? customer.variant === 'glo' : customer.variant === 'ogo' || customer.variant === 'velo';
    if (!fits) throw unprocessable('brand_mismatch', 'Цей обліковий запис належить іншому бренду');
    const at = deps.clock.now().toISOString();
    const row = await deps.db
      .insertInto('scan_managers')
      .values({
        customer_id: customer.id,
        brand: input.brand,
        manager: input.manager,
        manager_from: input.manager_from,
        created_at: at,
        updated_at: at,
      })
      .onConflict((oc) =>
        oc
          .columns(['customer_id', 'brand'])
          .doUpdateSet({ manager: input.manager, manager_from: input.manager_from, updated_at: at }),
      )
      .returning(['manager', 'manager_from', 'brand', 'updated_at'])
      .executeTakeFirstOrThrow();
    return {
      managerAdded: true as const,
      managerId: row.manager,
      managerFrom: row.manager_from,
      brand: row.brand,
      saved_at: row.updated_at,
    };
  });

  mount(app, getScanHistory, async ({ input, member, deps }) => {
    const offset = input.offset ?? 0;
    const customer = await findCustomer(deps.db, member.id, variantOf(input.ogo));
    const empty = { items: [], total: 0, coinCount: 0, offset, pageSize: SCAN_HISTORY_PAGE, nextOffset: null };
    if (!customer) return empty;
    const mine = deps.db.selectFrom('scan_codes').where('used_by', '=', customer.id);
    const totals = await mine
      .select((eb) => [eb.fn.countAll<number>().as('total'), eb.fn.sum<number | null>('xp').as('xp')])
      .executeTakeFirst();
    const total = Number(totals?.total ?? 0);
    const rows = await mine
      .select(['id', 'code', 'used_at', 'xp', 'product', 'variant', 'used_via'])
      .orderBy('used_at', 'desc')
      .orderBy('id', 'desc')
      .limit(SCAN_HISTORY_PAGE)
      .offset(offset)
      .execute();
    const items = rows.map((r) => ({
      id: r.id,
      uuid: r.code,
      date: r.used_at ?? '',
      xp: r.xp,
      product: r.product,
      variant: r.variant,
      source: r.used_via === 'multi' ? ('multi' as const) : ('single' as const),
    }));
    const next = offset + rows.length;
    return {
      items,
      total,
      coinCount: Number(totals?.xp ?? 0),
      offset,
      pageSize: SCAN_HISTORY_PAGE,
      nextOffset: next < total ? next : null,
    };
  });
}
