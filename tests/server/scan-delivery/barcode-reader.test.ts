import { BinaryBitmap, HybridBinarizer, QRCodeReader, RGBLuminanceSource } from '@zxing/library';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { zxingReader } from '../../../server/sandboxes/barcode-reader';
import { decodeImage } from '../../../server/sandboxes/image-pixels';
import { compose, dataMatrixImage, guid, qrImage } from './support';

const read = (png: PNG) => zxingReader().readAll(decodeImage(PNG.sync.write(png)));

describe('the server-side multi-code reader behind multiscan', () => {
  it('reads a code that a single plain zxing attempt misses (the turned/halved retries)', async () => {
    // This code, as qrcode draws it at 4 px a module, is not found by one direct QRCodeReader pass.
    const text = guid('reader-8');
    const img = decodeImage(PNG.sync.write(await qrImage(text)));
    expect(() => new QRCodeReader().decode(new BinaryBitmap(new HybridBinarizer(new RGBLuminanceSource(img.luma, img.width, img.height))))).toThrow();
    expect(zxingReader().readAll(img)).toEqual([{ text, format: 'qr' }]);
  });

  it('reads twelve codes from a large photo, shrunk before decoding', async () => {
    const texts = Array.from({ length: 10 }, (_, i) => guid(`reader-big-${i}`));
    const parts = [...(await Promise.all(texts.map((t) => qrImage(t, 9)))), dataMatrixImage(guid('reader-dm-1'), 14), dataMatrixImage(guid('reader-dm-2'), 14)];
    const sheet = compose(parts, 4, 420);
    expect(Math.max(sheet.width, sheet.height)).toBeGreaterThan(2000);
    const found = read(sheet);
    expect(found.map((f) => f.text).sort()).toEqual([...texts, guid('reader-dm-1'), guid('reader-dm-2')].sort());
    expect(found.filter((f) => f.format === 'datamatrix')).toHaveLength(2);
  });

  it('reads the same code printed twice once, and nothing from a picture without codes', async () => {
    const text = guid('reader-twice');
    expect(read(compose([await qrImage(text), await qrImage(text)]))).toHaveLength(1);
    const noise = new PNG({ width: 400, height: 300 });
    for (let i = 0; i < noise.data.length; i += 1) noise.data[i] = (i * 7919) % 251;
    expect(read(noise)).toEqual([]);
  });
});
