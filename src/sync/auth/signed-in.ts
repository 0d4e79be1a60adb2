import type { ClubDb } from '../../db/database';
import type { Account } from '../../db/rows-sync';
import { AuthError } from './errors';
import { accountOf } from './session';

/** What a member is told who acts signed out. */
export const NOT_SIGNED_IN = 'Спершу увійди в клуб';

/**
 * The account of the member signed in, for an action a screen starts with the page's environment;
 * none signed in is an error the screen shows. Apart from ./session.ts, which the first paint
 * loads: only the actions need it.
 */
export async function signedInAccount(db: ClubDb): Promise<Account> {
  const account = await accountOf(db);
  if (!account) throw new AuthError(NOT_SIGNED_IN, 'signed_out');
  return account;
}
