import type { CodeFormat, DecodedCode, DecoderRequest, DecoderResponse } from './decoder-protocol';

export type { CodeFormat, DecodedCode } from './decoder-protocol';

/**
 * The page's side of the decoding worker: `decode` transfers an ImageBitmap (the page keeps no
 * copy) and resolves with the codes found. Callers keep at most one decode in flight.
 */
export class FrameDecoder {
  private readonly worker: Worker;
  private next = 1;
  private readonly waiting = new Map<number, { resolve: (c: DecodedCode[]) => void; reject: (e: Error) => void }>();
  /** 'native' or 'polyfill' once the worker has a detector. */
  engine: 'native' | 'polyfill' | null = null;
  /** Decode time of the last frame in the worker, ms. */
  lastMs = 0;
  private failed: Error | null = null;

  constructor(formats: CodeFormat[]) {
    this.worker = new Worker(new URL('./decoder.worker.ts', import.meta.url), { type: 'module', name: 'code-decoder' });
    this.worker.onmessage = (e: MessageEvent<DecoderResponse>) => this.receive(e.data);
    this.worker.onerror = (e) => this.fail(new Error(e.message || 'decoder worker failed'));
    this.send({ type: 'init', formats });
  }

  private send(msg: DecoderRequest, transfer: Transferable[] = []): void {
    this.worker.postMessage(msg, transfer);
  }

  private fail(e: Error): void {
    this.failed = e;
    for (const w of this.waiting.values()) w.reject(e);
    this.waiting.clear();
  }

  private receive(msg: DecoderResponse): void {
    if (msg.type === 'ready') {
      this.engine = msg.engine;
      return;
    }
    if (msg.type === 'error' && msg.id === null) {
      this.fail(new Error(msg.message));
      return;
    }
    if (msg.id === null) return;
    const w = this.waiting.get(msg.id);
    if (!w) return;
    this.waiting.delete(msg.id);
    if (msg.type === 'error') w.reject(new Error(msg.message));
    else {
      this.lastMs = msg.ms;
      w.resolve(msg.codes);
    }
  }

  /** Codes in one frame; the bitmap is handed over to the worker and closed there. */
  decode(bitmap: ImageBitmap): Promise<DecodedCode[]> {
    if (this.failed) {
      bitmap.close();
      return Promise.reject(this.failed);
    }
    const id = this.next++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.send({ type: 'frame', id, bitmap }, [bitmap]);
    });
  }

  close(): void {
    this.worker.terminate();
    this.fail(new Error('decoder closed'));
  }
}
