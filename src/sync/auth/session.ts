import type { ClubDb } from '../../db/database';
import { kvDelete, kvGet, kvSet } from '../../db/kv';
import type { Variant } from '../../db/rows-catalogue';
import type { Account } from '../../db/rows-sync';

/** The signed-in member as this device knows it (docs/rules.md#states, docs/rules.md#roles). */
export interface Session {
  /** Bearer token (`pwaToken`). */
  token: string;
  customerIds: Partial<Record<Variant, number>>;
  phone: string | null;
  /** Active app variant (the `is{product}` flag). */
  variant: Variant;
  ageVerified: boolean;
}

/** The session, or null when signed out (no token). */
export async function readSession(db: ClubDb): Promise<Session | null> {
  const token = await kvGet(db, 'pwaToken');
  if (!token) return null;
  return {
    token,
    customerIds: (await kvGet(db, 'customerIds')) ?? {},
    phone: (await kvGet(db, 'phone')) ?? null,
    variant: (await kvGet(db, 'variant')) ?? 'glo',
    ageVerified: (await kvGet(db, 'ageVerified')) ?? false,
  };
}

/** Stores a session after sign-in, in one transaction. */
export async function saveSession(db: ClubDb, s: Session, now = Date.now()): Promise<void> {
  await db.transaction('rw', db.kv, async () => {
    await kvSet(db, 'pwaToken', s.token, now);
    await kvSet(db, 'customerIds', s.customerIds, now);
    if (s.phone) await kvSet(db, 'phone', s.phone, now);
    else await kvDelete(db, 'phone');
    await kvSet(db, 'variant', s.variant, now);
    await kvSet(db, 'ageVerified', s.ageVerified, now);
  });
}

/** The bearer token for the transport (read on every call, so a new sign-in applies at once). */
export async function bearerToken(db: ClubDb): Promise<string | null> {
  return (await kvGet(db, 'pwaToken')) ?? null;
}

/** The account of a variant (default: the active one), or null when signed out or without a record there. */
export async function accountOf(db: ClubDb, variant?: Variant): Promise<Account | null> {
  const s = await readSession(db);
  if (!s) return null;
  const v = variant ?? s.variant;
  const customerId = s.customerIds[v];
  return customerId ? { variant: v, customerId } : null;
}

/** docs/rules.md#states variant switch, the data part: the flag flips and the cached menu link and rules go. */
export async function switchVariant(db: ClubDb, variant: Variant, now = Date.now()): Promise<void> {
  await db.transaction('rw', db.kv, async () => {
    await kvSet(db, 'variant', variant, now);
    await kvDelete(db, 'menuLink', 'rulesCache');
  });
}
