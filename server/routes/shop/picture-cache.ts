/** A made picture: its bytes (a string for an SVG) and, for an SVG, the same gzipped. */
export interface KeptPicture {
  body: Uint8Array<ArrayBuffer> | string;
  gz?: Uint8Array;
}

/** What an entry costs besides its bytes (the key, the object, the map's slot), bytes. */
const ENTRY_OVERHEAD = 200;

const sizeOf = (p: KeptPicture) =>
  (typeof p.body === 'string' ? Buffer.byteLength(p.body) : p.body.byteLength) +
  (p.gz?.byteLength ?? 0) +
  ENTRY_OVERHEAD;

/**
 * Made pictures kept in memory up to `maxBytes`, the least recently used dropped first. Keyed by
 * the picture's ETag, which names its drawing and size: a product whose drawing changes gets a new
 * key, and its old picture simply ages out. The demo catalogue in both sizes fits many times over
 * (docs/performance-log.md); a catalogue a hundred times larger would not fit in a default budget, and need not.
 */
export class PictureCache {
  private readonly entries = new Map<string, KeptPicture>();
  /** Bytes held now. */
  bytes = 0;

  constructor(readonly maxBytes: number) {}

  get(tag: string): KeptPicture | undefined {
    const hit = this.entries.get(tag);
    if (hit) {
      // Map keeps insertion order: moved to the end, it is the most recently used.
      this.entries.delete(tag);
      this.entries.set(tag, hit);
    }
    return hit;
  }

  set(tag: string, picture: KeptPicture): void {
    const size = sizeOf(picture);
    if (size > this.maxBytes) return;
    const old = this.entries.get(tag);
    if (old) {
      this.entries.delete(tag);
      this.bytes -= sizeOf(old);
    }
    this.entries.set(tag, picture);
    this.bytes += size;
    for (const [oldest, p] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= sizeOf(p);
    }
  }
}
