// A fake camera for the scan tests and bench: code pictures drawn from the `qrcode`
// package's QR matrices and zxing's DataMatrix writer, written as a Y4M video that Chromium plays
// in a loop as its camera (`--use-fake-device-for-media-stream --use-file-for-fake-video-capture`),
// and a PNG "photo" of several codes for the multi-scan screen. Files go to a temp dir.
import { BarcodeFormat, DataMatrixWriter } from '@zxing/library';
import { mkdtempSync, writeFileSync, openSync, writeSync, closeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import QRCode from 'qrcode';

/** A square matrix of dark modules. */
interface Modules {
  size: number;
  dark(x: number, y: number): boolean;
}

export type CodeKind = 'qr' | 'datamatrix';

export function modulesOf(text: string, kind: CodeKind): Modules {
  if (kind === 'qr') {
    const m = QRCode.create(text, { errorCorrectionLevel: 'M' }).modules;
    return { size: m.size, dark: (x, y) => Boolean(m.get(y, x)) };
  }
  const m = new DataMatrixWriter().encode(text, BarcodeFormat.DATA_MATRIX, 0, 0);
  const size = Math.max(m.getWidth(), m.getHeight());
  return { size, dark: (x, y) => x < m.getWidth() && y < m.getHeight() && m.get(x, y) };
}

/** One stretch of the video: a code (or nothing) held for `frames` frames. */
export interface Segment {
  text: string | null;
  kind?: CodeKind;
  frames: number;
}

/** Paints a code, `px` pixels a module, centred in a greyscale plane, on a white card with a quiet zone. */
function paint(plane: Uint8Array, width: number, height: number, mods: Modules | null, px: number): void {
  plane.fill(120);
  // A pack-like light card in the middle, with or without a code on it.
  const card = Math.min(width, height) * 0.8;
  const cx0 = Math.round((width - card) / 2);
  const cy0 = Math.round((height - card) / 2);
  for (let y = cy0; y < cy0 + card; y += 1) plane.fill(235, y * width + cx0, y * width + cx0 + Math.round(card));
  if (!mods) return;
  const side = mods.size * px;
  const x0 = Math.round((width - side) / 2);
  const y0 = Math.round((height - side) / 2);
  for (let y = 0; y < mods.size; y += 1) {
    for (let x = 0; x < mods.size; x += 1) {
      if (!mods.dark(x, y)) continue;
      for (let dy = 0; dy < px; dy += 1)
        plane.fill(16, (y0 + y * px + dy) * width + x0 + x * px, (y0 + y * px + dy) * width + x0 + (x + 1) * px);
    }
  }
}

/**
 * Writes a Y4M video (4:2:0, grey) of the segments in order, `fps` frames a second. Chromium
 * loops it, so the sequence repeats for as long as the camera runs.
 */
export function writeY4m(
  path: string,
  segments: readonly Segment[],
  opts: { width?: number; height?: number; fps?: number } = {},
): string {
  const width = opts.width ?? 640;
  const height = opts.height ?? 480;
  const fps = opts.fps ?? 10;
  const fd = openSync(path, 'w');
  writeSync(fd, `YUV4MPEG2 W${width} H${height} F${fps}:1 Ip A1:1 C420jpeg\n`);
  const luma = new Uint8Array(width * height);
  const chroma = new Uint8Array((width / 2) * (height / 2)).fill(128);
  for (const s of segments) {
    const mods = s.text === null ? null : modulesOf(s.text, s.kind ?? 'qr');
    const px = mods ? Math.max(2, Math.floor((Math.min(width, height) * 0.6) / (mods.size + 4))) : 1;
    paint(luma, width, height, mods, px);
    for (let f = 0; f < s.frames; f += 1) {
      writeSync(fd, 'FRAME\n');
      writeSync(fd, luma);
      writeSync(fd, chroma);
      writeSync(fd, chroma);
    }
  }
  closeSync(fd);
  return path;
}

/** A PNG "photo" of several codes side by side on a light sheet, `px` pixels a module. */
export function codesPhoto(
  path: string,
  texts: readonly string[],
  opts: { kind?: CodeKind; px?: number; perRow?: number } = {},
): string {
  const px = opts.px ?? 6;
  const mods = texts.map((t) => modulesOf(t, opts.kind ?? 'qr'));
  // No text: a blank sheet of one cell (a photo with no code on it).
  const cell = Math.max(240, ...mods.map((m) => (m.size + 8) * px));
  const perRow = opts.perRow ?? 3;
  const gap = 40;
  const cols = Math.max(1, Math.min(perRow, texts.length));
  const rowsOf = Math.max(1, Math.ceil(texts.length / perRow));
  const png = new PNG({ width: gap + cols * (cell + gap), height: gap + rowsOf * (cell + gap) });
  png.data.fill(238);
  mods.forEach((m, i) => {
    const ox = gap + (i % perRow) * (cell + gap);
    const oy = gap + Math.floor(i / perRow) * (cell + gap);
    for (let y = 0; y < cell; y += 1) {
      for (let x = 0; x < cell; x += 1) {
        const mx = Math.floor(x / px) - 4;
        const my = Math.floor(y / px) - 4;
        const dark = mx >= 0 && my >= 0 && mx < m.size && my < m.size && m.dark(mx, my);
        const at = ((oy + y) * png.width + ox + x) * 4;
        const v = dark ? 20 : 255;
        png.data[at] = v;
        png.data[at + 1] = v;
        png.data[at + 2] = v;
        png.data[at + 3] = 255;
      }
    }
  });
  writeFileSync(path, PNG.sync.write(png));
  return path;
}

/** A fresh temp dir for the generated video and photos (not in the repository). */
export function cameraDir(): string {
  return mkdtempSync(join(tmpdir(), 'club-camera-'));
}

/** Chromium flags that make `file` the camera (and grant it without a prompt). */
export function fakeCameraArgs(file: string): string[] {
  return [
    '--use-fake-device-for-media-stream',
    '--use-fake-ui-for-media-stream',
    `--use-file-for-fake-video-capture=${file}`,
  ];
}

/** Unused demo codes of a variant (the dev page of the reference server, outside production). */
export async function freshCodes(
  baseUrl: string,
  variant: 'glo' | 'ogo',
  count: number,
  skip = 0,
): Promise<Array<{ code: string; xp: number; product: string }>> {
  const r = await fetch(`${baseUrl}/dev/scan-codes.json?variant=${variant}&limit=${count + skip}`);
  const { codes } = (await r.json()) as { codes: Array<{ code: string; xp: number; product: string }> };
  return codes.slice(skip, skip + count);
}

/** A genuine demo device serial nobody has registered (GET /dev/device-serials.json). */
export async function freeSerial(baseUrl: string, variant: 'glo' | 'ogo'): Promise<{ serial: string; model: string }> {
  const r = await fetch(`${baseUrl}/dev/device-serials.json`);
  const { serials } = (await r.json()) as { serials: Array<{ serial: string; model: string; variant: string }> };
  const s = serials.find((x) => x.variant === variant);
  if (!s) throw new Error(`no free ${variant} serial`);
  return s;
}
