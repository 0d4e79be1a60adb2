import { sql } from 'kysely';
import { expect } from 'vitest';
import type { TestServer } from '../../support/server';

type Answer = Awaited<ReturnType<TestServer['post']>>;

/**
 * Expects a 400 that names `field`: either the contract check (message «поле «field»: …»)
 * or a rule of the route (code `invalid_<field>`).
 */
export function expectBadField(r: Answer, field: string, what = ''): void {
  expect(r.status, `${what} ${JSON.stringify(r.body)}`).toBe(400);
  const { code, message } = r.body.error as { code: string; message: string };
  expect(
    code === `invalid_${field}` || message.includes(`«${field}`),
    `${what}: ${code} ${message} should name ${field}`,
  ).toBe(true);
}

/** Names of the tables of the test database (its own schema on PostgreSQL). */
async function tableNames(s: TestServer): Promise<string[]> {
  const q =
    s.deps.dialect === 'postgres'
      ? sql<{
          name: string;
        }>`select table_name as name from information_schema.tables where table_schema = current_schema()`
      : sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`;
  return (await q.execute(s.deps.db)).rows.map((r) => r.name);
}

/** The tables any of whose rows holds `needle` anywhere (all columns, as text). */
export async function tablesHolding(s: TestServer, needle: string): Promise<string[]> {
  const found: string[] = [];
  for (const name of await tableNames(s)) {
    const rows = (await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(s.deps.db)).rows;
    if (rows.some((row) => Object.values(row).some((v) => v !== null && String(v).includes(needle)))) found.push(name);
  }
  return found;
}

/** Every call answers JSON with an error or a result; none may fail with a 500. */
export function expectNoServerError(r: Answer, what: string): void {
  expect(r.status, `${what} -> ${r.status} ${JSON.stringify(r.body)}`).toBeLessThan(500);
}

/** Calls a bearer-less sandbox page (a brand-site login link) the way a browser opens it. */
export async function openLink(s: TestServer, url: string): Promise<{ status: number; text: string }> {
  const u = new URL(url);
  const res = await s.app.request(`${u.pathname}${u.search}`);
  return { status: res.status, text: await res.text() };
}
