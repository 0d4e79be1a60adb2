import * as z from 'zod';
import { checkGuid } from '../../src/domain/scan/guid';
import { isValidSerial, normalizeSerial } from '../../src/domain/xp/device-registration';
import type { Db } from '../db/connect';

/**
 * The club's real scan codes and device serials, loaded from the CSV files the printer and the
 * manufacturer send (production seeds none: the demo's are in the public source). All or nothing:
 * a file with any bad line loads no line, and every bad line is named. A code or serial already
 * held is left as it is (a file loaded twice adds nothing).
 */
export interface ImportResult {
  /** Rows added. */
  added: number;
  /** Rows of the file already in the database, left as they were. */
  known: number;
  /** Bad lines (1-based, as an editor numbers them), with why; when any, nothing was added. */
  rejected: Array<{ line: number; reason: string }>;
}

const variant = z.enum(['glo', 'ogo']);
const scanCodeRow = z.object({
  code: z.string().transform((v, ctx) => {
    const c = checkGuid(v);
    if (!c.ok) ctx.addIssue({ code: 'custom', message: 'not a code of the 8-4-4-4-12 form' });
    return c.ok ? c.value.toLowerCase() : v;
  }),
  variant,
  xp: z.coerce.number().int().min(1).max(100_000),
  product: z.string().trim().min(1).max(200),
});
const serialRow = z.object({
  serial: z.string().refine(isValidSerial, 'not a serial of 8 to 20 letters and digits').transform(normalizeSerial),
  model: z.string().trim().min(1).max(100),
  variant,
});

/** The lines of a CSV file (comma or semicolon, no quoting: codes, serials and names need none), a header skipped. */
function rowsOf(csv: string, columns: readonly string[]): Array<{ line: number; fields: Record<string, string> }> {
  const out: Array<{ line: number; fields: Record<string, string> }> = [];
  csv.split(/\r?\n/).forEach((text, i) => {
    if (!text.trim()) return;
    const cells = text.split(/[;,]/).map((c) => c.trim());
    if (i === 0 && cells[0]?.toLowerCase() === columns[0]) return;
    out.push({ line: i + 1, fields: Object.fromEntries(columns.map((name, k) => [name, cells[k] ?? ''])) });
  });
  return out;
}

function parse<T>(
  csv: string,
  schema: z.ZodType<T>,
  columns: readonly string[],
): { rows: T[]; rejected: ImportResult['rejected'] } {
  const rows: T[] = [];
  const rejected: ImportResult['rejected'] = [];
  for (const { line, fields } of rowsOf(csv, columns)) {
    const r = schema.safeParse(fields);
    if (r.success) rows.push(r.data);
    else rejected.push({ line, reason: r.error.issues.map((x) => `${x.path.join('.')}: ${x.message}`).join('; ') });
  }
  return { rows, rejected };
}

const CHUNK = 500;

/** Scan codes: `code,variant,xp,product` (variant glo or ogo; XP of one scan), in print batch `batch`. */
export async function importScanCodes(db: Db, csv: string, opts: { batch: string; now: Date }): Promise<ImportResult> {
  const { rows, rejected } = parse(csv, scanCodeRow, ['code', 'variant', 'xp', 'product']);
  if (rejected.length) return { added: 0, known: 0, rejected };
  const at = opts.now.toISOString();
  let added = 0;
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < rows.length; i += CHUNK) {
      const values = rows
        .slice(i, i + CHUNK)
        .map((r) => ({ ...r, batch: opts.batch, created_at: at, used_at: null, used_by: null, used_via: null }));
      added += (
        await trx
          .insertInto('scan_codes')
          .values(values)
          .onConflict((oc) => oc.column('code').doNothing())
          .returning('id')
          .execute()
      ).length;
    }
  });
  return { added, known: rows.length - added, rejected };
}

/** Genuine device serials: `serial,model,variant`, from the feed named `source`. */
export async function importDeviceSerials(
  db: Db,
  csv: string,
  opts: { source: string; now: Date },
): Promise<ImportResult> {
  const { rows, rejected } = parse(csv, serialRow, ['serial', 'model', 'variant']);
  if (rejected.length) return { added: 0, known: 0, rejected };
  const at = opts.now.toISOString();
  let added = 0;
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < rows.length; i += CHUNK) {
      const values = rows.slice(i, i + CHUNK).map((r) => ({ ...r, source: opts.source, created_at: at }));
      added += (
        await trx
          .insertInto('device_registry')
          .values(values)
          .onConflict((oc) => oc.column('serial').doNothing())
          .returning('serial')
          .execute()
      ).length;
    }
  });
  return { added, known: rows.length - added, rejected };
}
