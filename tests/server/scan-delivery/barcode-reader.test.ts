import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { zxingReader } from '../../../server/sandboxes/barcode-reader';
import { decodeImage } from '../../../server/sandboxes/image-pixels';
import { compose, dataMatrixImage, guid, qrImage } from './support';

const read = (png: PNG) => zxingReader().readAll(decodeImage(PNG.sync.write(png)));

/** The picture turned a quarter `quarters` times clockwise. */
function turned(png: PNG, quarters: number): PNG {
  let src = png;
  for (let q = 0; q < quarters; q += 1) {
    const out = new PNG({ width: src.height, height: src.width });
    for (let y = 0; y < src.height; y += 1) {
      for (let x = 0; x < src.width; x += 1) {
        src.data.copy(
          out.data,
          (x * out.width + (src.height - 1 - y)) * 4,
          (y * src.width + x) * 4,
          (y * src.width + x) * 4 + 4,
        );
      }
    }
    src = out;
  }
  return src;
}

describe('the server-side multi-code reader behind multiscan', () => {
  it('reads a small code drawn at 4 px a module', async () => {
    const text = guid('reader-8');
    expect(await read(await qrImage(text))).toEqual([{ text, format: 'qr' }]);
  });

  it('reads a code printed upside down and one on its side', async () => {
    const [a, b] = [guid('reader-turned-a'), guid('reader-turned-b')];
    const found = await read(compose([turned(await qrImage(a, 6), 2), turned(dataMatrixImage(b, 8), 1)]));
    expect(found.map((f) => f.text).sort()).toEqual([a, b].sort());
  });

  it('reads twelve codes from a large photo, shrunk before decoding', async () => {
    const texts = Array.from({ length: 10 }, (_, i) => guid(`reader-big-${i}`));
    const parts = [
      ...(await Promise.all(texts.map((t) => qrImage(t, 9)))),
      dataMatrixImage(guid('reader-dm-1'), 14),
      dataMatrixImage(guid('reader-dm-2'), 14),
    ];
    const sheet = compose(parts, 4, 420);
    expect(Math.max(sheet.width, sheet.height)).toBeGreaterThan(2000);
    const found = await read(sheet);
    expect(found.map((f) => f.text).sort()).toEqual([...texts, guid('reader-dm-1'), guid('reader-dm-2')].sort());
    expect(found.filter((f) => f.format === 'datamatrix')).toHaveLength(2);
  });

  it('reads the same code printed twice once, and nothing from a picture without codes', async () => {
    const text = guid('reader-twice');
    expect(await read(compose([await qrImage(text), await qrImage(text)]))).toHaveLength(1);
    const noise = new PNG({ width: 400, height: 300 });
    for (let i = 0; i < noise.data.length; i += 1) noise.data[i] = (i * 7919) % 251;
    expect(await read(noise)).toEqual([]);
  });
});
