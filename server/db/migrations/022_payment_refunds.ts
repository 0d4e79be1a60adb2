import type { Kysely } from 'kysely';
import type { Compat } from './compat';

/**
 * Card payments returned to the payer, and the status checks made on the member's return.
 * `refund_attempts` counts refund tries; `refund_after` is when the next may start (a try in
 * flight holds it as a lease, a failed one as its retry time); `refunded_at` when the provider
 * confirmed the money went back; `refund_error` the provider's last error code (no personal data);
 * `checked_at` the last status request made for a member's return (at most one per short window).
 */
const COLUMNS = [
  ['refund_attempts', 'integer'],
  ['refund_after', 'text'],
  ['refunded_at', 'text'],
  ['refund_error', 'text'],
  ['checked_at', 'text'],
] as const;

// Older code neither reads these columns nor the new refund statuses of card_payments; the
// refund_due payments it flags are refunded by this release's schedule.
export const compat: Compat = 'expand';

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, type] of COLUMNS) {
    // One column per statement: SQLite's ALTER TABLE adds only one at a time.
    await db.schema
      .alterTable('card_payments')
      .addColumn(name, type, (c) => (name === 'refund_attempts' ? c.notNull().defaultTo(0) : c))
      .execute();
  }
  // The scheduled work reads attempts by status: open ones by age, refunds still due.
  await db.schema.createIndex('card_payments_status').on('card_payments').columns(['status', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('card_payments_status').ifExists().execute();
  for (const [name] of [...COLUMNS].reverse()) await db.schema.alterTable('card_payments').dropColumn(name).execute();
}
