import type { PersonColumns } from './core';

/**
 * Tables of the auth group: registrations waiting for their SMS code, e-mail changes waiting
 * for theirs, and single-use login tickets to the brand websites. Times are ISO-8601 UTC
 * strings and booleans 0/1, as everywhere. SMS codes and tokens live in the core tables.
 */
/** One pending registration per phone (a new one replaces it). */
export interface PendingRegistrationsTable extends PersonColumns {
  /** The invite code given (REW-...), as typed; checked again when the member is created. */
  referrer: string | null;
  created_at: string;
}

/** A new e-mail address waiting for the code sent to the member's phone. */
export interface EmailChangesTable {
  member_id: number;
  /** Lower-cased. */
  email: string;
  created_at: string;
}

export type TicketSite = 'glo' | 'ogo' | 'velo';

/** A one-time login link to a brand website (the sandbox pages stand in for the real sites). */
export interface LoginTicketsTable {
  /** sha256 of the ticket, hex; the ticket itself is only in the link. */
  ticket_hash: string;
  member_id: number;
  site: TicketSite;
  /** Relative path on the site to open after login. */
  return_to: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface AuthTables {
  pending_registrations: PendingRegistrationsTable;
  email_changes: EmailChangesTable;
  login_tickets: LoginTicketsTable;
}
