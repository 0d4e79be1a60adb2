import { sql } from 'kysely';
import { expect } from 'vitest';
import type { Db } from '../../../server/db/connect';
import type { EntryRecord } from '../told';
import type { Run } from './run';

/** Rows the server keeps one of for each accepted entry of a kind (queries by the member's id). */
const COUNTED: Record<string, (db: Db, member: number) => Promise<number>> = {
  'scan-code': (db, m) =>
    count(
      db
        .selectFrom('scan_codes')
        .innerJoin('customers as c', 'c.id', 'scan_codes.used_by')
        .where('c.member_id', '=', m)
        .where('used_via', '=', 'single')
        .select(total),
    ),
  'multiscan-load': (db, m) =>
    count(
      db
        .selectFrom('multiscan_photos')
        .innerJoin('customers as c', 'c.id', 'multiscan_photos.customer_id')
        .where('c.member_id', '=', m)
        .select(total),
    ),
  'order-create': (db, m) =>
    count(
      db
        .selectFrom('orders')
        .innerJoin('customers as c', 'c.id', 'orders.customer_id')
        .where('c.member_id', '=', m)
        .select(total),
    ),
  'call-back': (db, m) =>
    count(db.selectFrom('call_back_requests').where('member_id', '=', m).where('order_id', 'is', null).select(total)),
  'order-phone-call': (db, m) =>
    count(
      db.selectFrom('call_back_requests').where('member_id', '=', m).where('order_id', 'is not', null).select(total),
    ),
  'order-ipost-address': (db, m) => count(db.selectFrom('ipost_requests').where('member_id', '=', m).select(total)),
  'cert-create': (db, m) => count(db.selectFrom('cert_certificates').where('member_id', '=', m).select(total)),
  'feedback-send': (db, m) =>
    count(db.selectFrom('feedback_entries').where('member_id', '=', m).where('kind', '=', 'online').select(total)),
  'feedback-send-offline': (db, m) =>
    count(db.selectFrom('feedback_entries').where('member_id', '=', m).where('kind', '=', 'offline').select(total)),
  ...Object.fromEntries(
    Object.entries({ subscribe: 'subscribed', pause: 'paused', resume: 'resumed', cancel: 'cancelled' }).map(
      ([k, event]) => [
        `subscription-${k}`,
        (db: Db, m: number) =>
          count(
            db
              .selectFrom('subscription_events as e')
              .innerJoin('subscriptions as s', 's.id', 'e.subscription_id')
              .where('s.member_id', '=', m)
              .where('e.kind', '=', event as 'paused')
              .select(total),
          ),
      ],
    ),
  ),
  ...Object.fromEntries(
    Object.entries({
      'analytics-event': 'bat-event',
      'analytics-auth-bat': 'auth-bat',
      'analytics-esputnik-contact': 'esputnik-contact',
      'analytics-esputnik-login': 'esputnik-login',
      'analytics-esputnik-id': 'esputnik-id',
      'analytics-order-info': 'order-info',
      'bot-stat': 'bot-stat',
    }).map(([k, kind]) => [
      k,
      (db: Db, m: number) =>
        count(db.selectFrom('analytics_events').where('member_id', '=', m).where('kind', '=', kind).select(total)),
    ]),
  ),
};

const total = sql<string | number>`count(*)`.as('n');

async function count(q: { executeTakeFirstOrThrow(): Promise<{ n: string | number }> }): Promise<number> {
  return Number((await q.executeTakeFirstOrThrow()).n);
}

/**
 * Entries the server took: every entry queued on a phone, less those it ends with as refused and
 * those of actions refused at once (an order the server refused is dropped from the outbox).
 */
async function accepted(r: Run): Promise<EntryRecord[]> {
  const out: EntryRecord[] = [];
  for (const [id, p] of Object.entries(r.phones)) {
    const failed = new Set(
      await p.read(async (db) => (await db.outbox.where('state').equals('failed').toArray()).map((e) => e.seq)),
    );
    for (const t of r.told)
      if (t.phone === id && t.told.at === 'refused') for (const e of t.told.entries) failed.add(e.seq);
    const bySeq = new Map(p.log.created.map((e) => [e.seq, e]));
    out.push(...[...bySeq.values()].filter((e) => !failed.has(e.seq) && !p.log.cleared.has(e.seq)));
  }
  return out;
}

/** After the drain: nothing waits, every refusal was told, nothing was lost or applied twice, the phones show what the server holds. */
export async function checkRun(r: Run): Promise<void> {
  const db = r.s.server.current.deps.db;
  const m = r.member.id;
  for (const [id, p] of Object.entries(r.phones)) {
    const left = await p.read((x) => x.outbox.orderBy('seq').toArray());
    expect(
      left.filter((e) => e.state !== 'failed').map((e) => e.kind),
      `${id}: still waiting`,
    ).toEqual([]);
    const failed = left.filter((e) => !p.registry.get(e.kind)?.quiet);
    const told = await p.panel.refused();
    expect(
      told.map((x) => x.kind),
      `${id}: every refused change is in the panel`,
    ).toEqual(failed.map((e) => e.kind));
    for (const x of told) expect(x.why.length, `${id}: why ${x.what} was refused`).toBeGreaterThan(0);
  }
  for (const t of r.told)
    if (t.told.at === 'refused') expect(t.told.says, `${t.phone} ${t.action}: refused, and told why`).toBeTruthy();

  const ok = await accepted(r);
  const of = (kind: string) => ok.filter((e) => e.kind === kind);
  for (const [kind, rows] of Object.entries(COUNTED))
    expect(await rows(db, m), `${kind}: one on the server for each accepted`).toBe(of(kind).length);
  // A serial or a question sent from both phones is one device (one XP award), one answer: each is counted once.
  const serials = [...new Set(of('device-register').map((e) => (e.payload as { serial: string }).serial))].sort();
  const devices = await db.selectFrom('devices').select('serial').where('member_id', '=', m).execute();
  expect(devices.map((d) => d.serial).sort(), 'devices').toEqual(serials);
  const awards = await db
    .selectFrom('xp_ledger')
    .innerJoin('customers as c', 'c.id', 'xp_ledger.customer_id')
    .select('ref')
    .where('c.member_id', '=', m)
    .where('reason', '=', 'device')
    .execute();
  expect(awards.map((a) => a.ref).sort(), 'device XP awarded once each').toEqual(serials.map((x) => `device:${x}`));
  const answered = new Set(of('marathon-answer').map((e) => (e.payload as { questionId: number }).questionId));
  const onServer = await db.selectFrom('marathon_answers').select('question_id').where('member_id', '=', m).execute();
  expect(onServer.map((x) => x.question_id).sort(), 'quiz answers').toEqual([...answered].sort());
  const velo = of('order-create').filter(
    (e) => (e.payload as { request: { promocode?: string } }).request.promocode,
  ).length;
  expect(
    await count(db.selectFrom('order_promocodes').where('member_id', '=', m).select(total)),
    'velo promo codes',
  ).toBe(velo);
  for (const e of of('order-payment-link')) {
    const orderId = (e.payload as { orderId: number }).orderId;
    expect(
      await count(db.selectFrom('card_payments').where('order_id', '=', orderId).select(total)),
      `payment of order ${orderId}`,
    ).toBeGreaterThan(0);
  }
  await checkKept(r, ok);
  await checkShared(r, ok);
}

/** What is kept as one value (a consultant per brand, a profile field per record): there exactly when an accepted entry put it, with a value one of them sent. */
async function checkKept(r: Run, ok: EntryRecord[]): Promise<void> {
  const db = r.s.server.current.deps.db;
  const customers = await db
    .selectFrom('customers')
    .select(['id', 'variant'])
    .where('member_id', '=', r.member.id)
    .execute();
  const managers = await db
    .selectFrom('scan_managers')
    .select(['customer_id', 'manager'])
    .where(
      'customer_id',
      'in',
      customers.map((c) => c.id),
    )
    .execute();
  const badges = ok.filter((e) => e.kind === 'scan-manager');
  expect(managers.map((x) => x.customer_id).sort(), 'consultants, one per record badged').toEqual(
    [...new Set(badges.map((e) => e.account.customerId))].sort(),
  );
  for (const x of managers)
    expect(
      badges
        .filter((e) => e.account.customerId === x.customer_id)
        .map((e) => (e.payload as { manager: string }).manager),
      'a consultant sent',
    ).toContain(x.manager);
  const fields = ok
    .filter((e) => e.kind === 'profile-metafield')
    .map((e) => ({ customer: e.account.customerId, ...(e.payload as { key: string; value: string }) }));
  const stored = await db
    .selectFrom('metafields')
    .select(['customer_id', 'key', 'value'])
    .where(
      'customer_id',
      'in',
      customers.map((c) => c.id),
    )
    .where('key', 'in', ['delivery_address', 'birth_date'])
    .execute();
  expect(stored.map((x) => `${x.customer_id}:${x.key}`).sort(), 'profile fields, where one was saved').toEqual(
    [...new Set(fields.map((f) => `${f.customer}:${f.key}`))].sort(),
  );
  for (const x of stored)
    expect(
      fields.filter((f) => f.customer === x.customer_id && f.key === x.key).map((f) => f.value),
      `${x.key} is a value sent`,
    ).toContain(x.value);
}

/** Favourites, the cart, tags and balances: the same on the server and on both phones (pulled afresh). */
async function checkShared(r: Run, ok: EntryRecord[]): Promise<void> {
  const server = await r.s.state({ ...r.member, ogo: null });
  // Each phone lists cart lines in the order it first had them: compared as sets.
  const lines = (xs: Array<{ variantId: number; count: number }>) =>
    xs.map(({ variantId, count }) => ({ variantId, count })).sort((a, b) => a.variantId - b.variantId);
  for (const [id, p] of Object.entries(r.phones)) {
    expect(await p.screens.favourites('glo'), `${id}: favourites`).toEqual(server.favourites.glo);
    expect(lines(await p.screens.cart('glo')), `${id}: cart`).toEqual(lines(server.cart.glo));
    expect(await p.screens.balance('glo'), `${id}: XP balance`).toBe(server.xp.glo);
  }
  // A product whose accepted toggles all agree is in the favourites exactly when they said so.
  const toggles = ok
    .filter((e) => e.kind === 'favourite-toggle' && e.account.variant === 'glo')
    .map((e) => e.payload as { productId: number; on: boolean });
  for (const id of new Set(toggles.map((t) => t.productId))) {
    const said = new Set(toggles.filter((t) => t.productId === id).map((t) => t.on));
    if (said.size === 1) expect(server.favourites.glo.includes(id), `favourite ${id}`).toBe([...said][0]);
  }
  for (const id of server.favourites.glo)
    expect(
      toggles.some((t) => t.productId === id && t.on),
      `favourite ${id} was added`,
    ).toBe(true);
  const consent = new Set(
    ok
      .filter((e) => e.kind === 'member-tags' && e.account.variant === 'glo')
      .map((e) => (e.payload as { on: boolean }).on),
  );
  if (consent.size === 1) expect(server.tags.glo.includes('news_consent'), 'news consent').toBe([...consent][0]);
}
