import type { Kysely } from 'kysely';
import type { Compat } from './compat';

export const compat: Compat = 'expand';

/**
 * The session a service token (ogo, velo, cert, feedback, analytics, bat, ipost) was issued under:
 * the sha256 of the member's `user` token that asked for it. A plain logout revokes that token and
 * every service token issued under it; tokens from before this column (null) are
 * revoked with any logout of their member.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sessions').addColumn('parent_hash', 'text').execute();
  await db.schema.createIndex('sessions_parent').on('sessions').column('parent_hash').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('sessions_parent').execute();
  await db.schema.alterTable('sessions').dropColumn('parent_hash').execute();
}
