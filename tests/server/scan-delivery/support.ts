import { createHash } from 'node:crypto';
import { BarcodeFormat, DataMatrixWriter } from '@zxing/library';
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import QRCode from 'qrcode';
import type { TestServer } from '../../support/server';
import { insertOrder } from '../../support/orders';

export { balanceOf } from '../../support/members';

/** A fixed GUID per label, so generated pictures are the same on every run. */
export function guid(label: string): string {
  const h = createHash('sha1').update(label).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}

/** Prints codes straight into scan_codes (unused), as a batch would be. */
export async function printCodes(
  s: TestServer,
  codes: Array<{ code: string; variant?: 'glo' | 'ogo'; xp?: number; product?: string }>,
): Promise<void> {
  const now = s.clock.now().toISOString();
  await s.deps.db
    .insertInto('scan_codes')
    .values(
      codes.map((c) => ({
        code: c.code.toLowerCase(),
        variant: c.variant ?? 'glo',
        xp: c.xp ?? 10,
        product: c.product ?? 'Стіки neo™ Demi Gold Tobacco',
        batch: 'test',
        created_at: now,
        used_at: null,
        used_by: null,
        used_via: null,
      })),
    )
    .execute();
}

export async function ledgerCount(s: TestServer, customerId: number): Promise<number> {
  const rows = await s.deps.db.selectFrom('xp_ledger').select('id').where('customer_id', '=', customerId).execute();
  return rows.length;
}

/** A QR code as the qrcode package renders it. */
export async function qrImage(text: string, scale = 4): Promise<PNG> {
  return PNG.sync.read(await QRCode.toBuffer(text, { scale, margin: 2 }));
}

/** A DataMatrix symbol drawn with zxing's writer, `px` pixels a module, on a 2-module quiet zone. */
export function dataMatrixImage(text: string, px = 6): PNG {
  const m = new DataMatrixWriter().encode(text, BarcodeFormat.DATA_MATRIX, 0, 0);
  const quiet = 2;
  const w = (m.getWidth() + 2 * quiet) * px;
  const h = (m.getHeight() + 2 * quiet) * px;
  const png = new PNG({ width: w, height: h });
  png.data.fill(255);
  for (let y = 0; y < m.getHeight(); y += 1) {
    for (let x = 0; x < m.getWidth(); x += 1) {
      if (!m.get(x, y)) continue;
      for (let dy = 0; dy < px; dy += 1) {
        const row = ((y + quiet) * px + dy) * w;
        for (let dx = 0; dx < px; dx += 1) {
          const at = (row + (x + quiet) * px + dx) * 4;
          png.data[at] = 0;
          png.data[at + 1] = 0;
          png.data[at + 2] = 0;
        }
      }
    }
  }
  return png;
}

/** Pictures laid out left to right, `perRow` a row, with gaps, on a light grey sheet. */
export function compose(parts: PNG[], perRow = 3, gap = 60): PNG {
  const cell = Math.max(...parts.map((p) => Math.max(p.width, p.height))) + gap;
  const rows = Math.ceil(parts.length / perRow);
  const sheet = new PNG({ width: cell * Math.min(perRow, parts.length) + gap, height: cell * rows + gap });
  sheet.data.fill(238);
  parts.forEach((p, i) => {
    const x0 = gap + (i % perRow) * cell;
    const y0 = gap + Math.floor(i / perRow) * cell;
    for (let y = 0; y < p.height; y += 1) {
      p.data.copy(sheet.data, ((y0 + y) * sheet.width + x0) * 4, y * p.width * 4, (y + 1) * p.width * 4);
    }
  });
  return sheet;
}

export const pngBase64 = (png: PNG) => PNG.sync.write(png).toString('base64');
export const jpegBase64 = (png: PNG, quality = 85) =>
  Buffer.from(jpeg.encode({ data: png.data, width: png.width, height: png.height }, quality).data).toString('base64');

/** An order straight in the orders table (the shop group's), open unless told otherwise. */
export function addOrder(
  s: TestServer,
  customerId: number,
  opts: { fulfilled?: boolean; financial?: string; tags?: string[] } = {},
): Promise<number> {
  return insertOrder(s, customerId, {
    variant: 'ogo',
    financial_status: opts.financial ?? 'pending',
    fulfillment_status: opts.fulfilled ? 'fulfilled' : null,
    tags: JSON.stringify(opts.tags ?? ['PWA', 'iPost']),
  });
}
