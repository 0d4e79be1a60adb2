import type { Hono } from 'hono';
import { createMetafields, getMetafields } from '../../../src/contract/user';
import type { AppEnv } from '../../context';
import { badRequest, unprocessable } from '../../errors';
import { mount } from '../../http/route';
import { ownedCustomer } from '../../members';

/**
 * Metafields the club alone writes: the age check of spec §5 reads `age_verified` (any
 * namespace on glo, `verification` on ogo), so a member writing one would verify themself.
 * Compared case-insensitively so no spelling slips past.
 */
export function isServerMetafield(namespace: string, key: string): boolean {
  return namespace.trim().toLowerCase() === 'verification' || key.trim().toLowerCase() === 'age_verified';
}

export function registerMetafields(app: Hono<AppEnv>): void {
  mount(app, getMetafields, async ({ input, member, deps }) => {
    const customer = await ownedCustomer(deps.db, member, input.id);
    const rows = await deps.db
      .selectFrom('metafields')
      .select(['id', 'namespace', 'key', 'value', 'type'])
      .where('customer_id', '=', customer.id)
      .orderBy('id')
      .execute();
    return { metafields: rows };
  });

  mount(app, createMetafields, async ({ input, member, deps }) => {
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
    const now = deps.clock.now().toISOString();
    const row = await deps.db
      .insertInto('metafields')
      .values({
        customer_id: customer.id,
        namespace: input.namespace,
        key: input.key,
        value: input.value,
        type: input.type,
        updated_at: now,
      })
      .onConflict((oc) =>
        oc.columns(['customer_id', 'namespace', 'key']).doUpdateSet({ value: input.value, type: input.type, updated_at: now }),
      )
      .returning(['id', 'namespace', 'key', 'value', 'type'])
      .executeTakeFirstOrThrow();
    return { metafield: row };
  });
}
