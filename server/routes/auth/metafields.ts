import type { Hono } from 'hono';
import { createMetafields, getMetafields } from '../../../src/contract/user';
import type { AppEnv } from '../../context';
import type { Db } from '../../db/connect';
import { badRequest, preconditionFailed, unprocessable } from '../../errors';
import { mount } from '../../http/route';
import { ownedCustomer } from '../../members';
import { checkShopMetafield } from './metafield-rules';

/**
 * Metafields the club alone writes: the age check of docs/rules.md#validation reads `age_verified` (any
 * namespace on glo, `verification` on ogo), so a member writing one would verify themself.
 * Compared case-insensitively so no spelling slips past.
 */
export function isServerMetafield(namespace: string, key: string): boolean {
  return namespace.trim().toLowerCase() === 'verification' || key.trim().toLowerCase() === 'age_verified';
}

/** What a conditional write asks (RFC 9110 §13.1): the revision it was built on, or that there is none yet. */
export type Precondition =
  { kind: 'none' } | { kind: 'revision'; revision: number } | { kind: 'absent' } | { kind: 'invalid' };

/** Reads If-Match (`"<revision>"`, weak or strong, a single value) and If-None-Match (`*`). */
export function readPrecondition(ifMatch: string | undefined, ifNoneMatch: string | undefined): Precondition {
  if (ifNoneMatch !== undefined) return ifNoneMatch.trim() === '*' ? { kind: 'absent' } : { kind: 'invalid' };
  if (ifMatch === undefined) return { kind: 'none' };
  const m = /^\s*(?:W\/)?"(\d{1,15})"\s*$/.exec(ifMatch);
  return m ? { kind: 'revision', revision: Number(m[1]) } : { kind: 'invalid' };
}

const CONFLICT_MESSAGE = 'Дані вже змінено на іншому пристрої: зміну буде накладено на них ще раз';
const COLUMNS = ['id', 'namespace', 'key', 'value', 'type', 'revision'] as const;

interface Write {
  customerId: number;
  namespace: string;
  key: string;
  value: string;
  type: string;
  now: string;
}

/**
 * Writes one metafield under a precondition, atomically: a compare-and-set on the revision (one
 * conditional UPDATE, or an INSERT that does nothing when the row exists), so two devices writing
 * at once cannot both win on SQLite or PostgreSQL. Null when the precondition failed.
 */
async function writeMetafield(db: Db, w: Write, pre: Precondition) {
  if (pre.kind === 'revision') {
    return db
      .updateTable('metafields')
      .set((eb) => ({ value: w.value, type: w.type, updated_at: w.now, revision: eb('revision', '+', 1) }))
      .where('customer_id', '=', w.customerId)
      .where('namespace', '=', w.namespace)
      .where('key', '=', w.key)
      .where('revision', '=', pre.revision)
      .returning(COLUMNS)
      .executeTakeFirst();
  }
  const insert = db.insertInto('metafields').values({
    customer_id: w.customerId,
    namespace: w.namespace,
    key: w.key,
    value: w.value,
    type: w.type,
    updated_at: w.now,
    revision: 1,
  });
  if (pre.kind === 'absent') {
    return insert
      .onConflict((oc) => oc.columns(['customer_id', 'namespace', 'key']).doNothing())
      .returning(COLUMNS)
      .executeTakeFirst();
  }
  return insert
    .onConflict((oc) =>
      oc.columns(['customer_id', 'namespace', 'key']).doUpdateSet((eb) => ({
        value: w.value,
        type: w.type,
        updated_at: w.now,
        revision: eb('metafields.revision', '+', 1),
      })),
    )
    .returning(COLUMNS)
    .executeTakeFirst();
}

export function registerMetafields(app: Hono<AppEnv>): void {
  mount(app, getMetafields, async ({ input, member, deps }) => {
    const customer = await ownedCustomer(deps.db, member, input.id);
    const rows = await deps.db
      .selectFrom('metafields')
      .select(COLUMNS)
      .where('customer_id', '=', customer.id)
      .orderBy('id')
      .execute();
    return { metafields: rows };
  });

  // The write and its stored answer commit together: a server killed between the two left the
  // key 'running', a retry took it over, found its own write's revision and answered 412, and the
  // phone rebased its change on a value that already held it (a cart line counted twice).
  mount(
    app,
    createMetafields,
    async ({ input, member, deps, c, idempotency }) => {
      const customer = await ownedCustomer(deps.db, member, input.shopifyId);
      if (isServerMetafield(input.namespace, input.key)) {
        throw unprocessable('metafield_not_allowed', 'Це поле змінює лише клуб');
      }
      if (input.type === 'json') {
        try {
          JSON.parse(input.value);
        } catch {
          throw badRequest('invalid_value', 'Значення має бути коректним JSON');
        }
      }
      await checkShopMetafield(deps.db, customer, input.namespace, input.key, input.value);
      const pre = readPrecondition(c.req.header('if-match'), c.req.header('if-none-match'));
      if (pre.kind === 'invalid')
        throw badRequest('invalid_precondition', 'If-Match має бути ревізією в лапках ("3"), If-None-Match — лише *');
      const now = deps.clock.now().toISOString();
      const write = {
        customerId: customer.id,
        namespace: input.namespace,
        key: input.key,
        value: input.value,
        type: input.type,
        now,
      };
      const row = await deps.db.transaction().execute(async (trx) => {
        const written = await writeMetafield(trx, write, pre);
        if (!written) throw preconditionFailed('revision_conflict', CONFLICT_MESSAGE);
        if (idempotency) await idempotency.settleIn(trx, { metafield: written });
        return written;
      });
      c.header('ETag', `"${row.revision}"`);
      return { metafield: row };
    },
    { settlesInTransaction: true },
  );
}
