// Decodes camera frames off the main thread: the page hands over one ImageBitmap at
// a time and waits for the answer before it sends the next, so at most one decode is in flight.
// The native BarcodeDetector is used where the browser has one for the wanted formats (Android
// Chrome, macOS); elsewhere the `barcode-detector` polyfill (zxing-wasm), whose wasm file is a
// file of this build served by our own server and precached by the service worker, never the
// CDN it fetches from by default.
import { BarcodeDetector as PolyfillDetector, prepareZXingModule } from 'barcode-detector/ponyfill';
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';
import type { CodeFormat, DecoderRequest, DecoderResponse } from './decoder-protocol';

interface Detector {
  detect(image: ImageBitmap): Promise<Array<{ rawValue: string; format: string }>>;
}
interface DetectorClass {
  new (o: { formats: string[] }): Detector;
  getSupportedFormats(): Promise<string[]>;
}

// The worker global, typed by hand: the app's TypeScript lib is the DOM one.
const scope = self as unknown as {
  BarcodeDetector?: DetectorClass;
  location: Location;
  onmessage: ((e: MessageEvent<DecoderRequest>) => void) | null;
  postMessage(message: DecoderResponse): void;
};

let detector: Promise<Detector> | null = null;

async function makeDetector(formats: CodeFormat[]): Promise<Detector> {
  const Native = scope.BarcodeDetector;
  if (Native) {
    try {
      const supported = await Native.getSupportedFormats();
      if (formats.every((f) => supported.includes(f))) {
        scope.postMessage({ type: 'ready', engine: 'native' });
        return new Native({ formats });
      }
    } catch {
      // A detector that cannot list its formats is not trusted: the polyfill reads instead.
    }
  }
  const wasm = new URL(wasmUrl, scope.location.href).href;
  await prepareZXingModule({
    overrides: { locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasm : prefix + path) },
    fireImmediately: true,
  });
  scope.postMessage({ type: 'ready', engine: 'polyfill' });
  return new PolyfillDetector({ formats }) as unknown as Detector;
}

scope.onmessage = (e) => {
  const msg = e.data;
  if (msg.type === 'init') {
    detector = makeDetector(msg.formats);
    detector.catch((err: unknown) =>
      scope.postMessage({ type: 'error', id: null, message: err instanceof Error ? err.message : String(err) }),
    );
    return;
  }
  const { id, bitmap } = msg;
  const started = performance.now();
  void (async () => {
    try {
      if (!detector) throw new Error('decoder not initialised');
      const found = await (await detector).detect(bitmap);
      scope.postMessage({
        type: 'result',
        id,
        codes: found.map((c) => ({ text: c.rawValue, format: c.format })),
        ms: performance.now() - started,
      });
    } catch (err) {
      scope.postMessage({ type: 'error', id, message: err instanceof Error ? err.message : String(err) });
    } finally {
      bitmap.close();
    }
  })();
};
