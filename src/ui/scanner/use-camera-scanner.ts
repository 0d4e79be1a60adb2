import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import {
  CameraError,
  cameraFeatures,
  frameRegion,
  openCamera,
  setTorch,
  stopCamera,
  type CameraFeatures,
  type CameraProblem,
} from './camera';
import { FrameDecoder, type CodeFormat } from './decoder';

export type ScannerStatus =
  | { kind: 'starting' }
  | { kind: 'running' }
  | { kind: 'problem'; problem: CameraProblem | 'decoder' }
  | { kind: 'paused' };

/** The same text is not handled again within this long (the code stays in front of the camera). */
export const REPEAT_QUIET_MS = 3000;

type VideoWithFrames = HTMLVideoElement & {
  requestVideoFrameCallback?(cb: () => void): number;
  cancelVideoFrameCallback?(h: number): void;
};

/**
 * The camera and the decode loop of a scanner: frames are taken as ImageBitmaps (scaled to at
 * most 480 px, the middle square) only when the previous one has been answered, handed to the worker, and each new
 * text is passed to `onText` (awaited: nothing else is handled meanwhile).
 */
export function useCameraScanner(
  videoRef: RefObject<HTMLVideoElement | null>,
  opts: { formats: CodeFormat[]; paused: boolean; onText: (text: string, format: string) => Promise<void> },
) {
  const [status, setStatus] = useState<ScannerStatus>({ kind: 'starting' });
  const [features, setFeatures] = useState<CameraFeatures>({ torch: false, cameras: [] });
  const [torchOn, setTorchOn] = useState(false);
  const [deviceId, setDeviceId] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const streamRef = useRef<MediaStream | null>(null);
  const onText = useRef(opts.onText);
  onText.current = opts.onText;
  const formatsKey = opts.formats.join(',');

  useEffect(() => {
    if (opts.paused) {
      setStatus({ kind: 'paused' });
      return;
    }
    let live = true;
    let handle = 0;
    let busy = false;
    let last = { text: '', at: 0 };
    const decoder = new FrameDecoder(formatsKey.split(',') as CodeFormat[]);
    const video = videoRef.current as VideoWithFrames | null;
    setStatus({ kind: 'starting' });

    const schedule = () => {
      if (!live || !video) return;
      handle = video.requestVideoFrameCallback ? video.requestVideoFrameCallback(tick) : window.setTimeout(tick, 80);
    };
    const tick = () => {
      if (!live || !video) return;
      if (busy || document.hidden || video.readyState < 2 || !video.videoWidth) return schedule();
      busy = true;
      const r = frameRegion(video.videoWidth, video.videoHeight);
      createImageBitmap(video, r.sx, r.sy, r.sw, r.sh, {
        resizeWidth: r.resizeWidth,
        resizeHeight: r.resizeHeight,
        resizeQuality: 'low',
      })
        .then((bitmap) => decoder.decode(bitmap))
        .then(async (codes) => {
          const now = performance.now();
          // For measuring (bench/scan.bench.ts): the worker's time on the last frame.
          video.dataset.decodeMs = decoder.lastMs.toFixed(1);
          const fresh = codes.find((c) => c.text && !(c.text === last.text && now - last.at < REPEAT_QUIET_MS));
          if (fresh && live) {
            performance.mark('scan:decoded', { detail: fresh.text });
            await onText.current(fresh.text, fresh.format);
            last = { text: fresh.text, at: performance.now() };
          } else if (codes.some((c) => c.text === last.text)) {
            last.at = now;
          }
        })
        .catch((e: unknown) => {
          if (live && !(e instanceof DOMException)) setStatus({ kind: 'problem', problem: 'decoder' });
        })
        .finally(() => {
          busy = false;
          schedule();
        });
    };

    openCamera(deviceId)
      .then(async (stream) => {
        if (!live) return stopCamera(stream);
        streamRef.current = stream;
        if (video) {
          video.srcObject = stream;
          await video.play().catch(() => undefined);
        }
        setFeatures(await cameraFeatures(stream));
        setStatus({ kind: 'running' });
        schedule();
      })
      .catch(
        (e: unknown) => live && setStatus({ kind: 'problem', problem: e instanceof CameraError ? e.problem : 'busy' }),
      );

    return () => {
      live = false;
      if (video?.cancelVideoFrameCallback) video.cancelVideoFrameCallback(handle);
      else window.clearTimeout(handle);
      decoder.close();
      stopCamera(streamRef.current);
      streamRef.current = null;
      if (video) video.srcObject = null;
      setTorchOn(false);
    };
  }, [videoRef, formatsKey, opts.paused, deviceId, attempt]);

  const toggleTorch = useCallback(async () => {
    const s = streamRef.current;
    if (s && (await setTorch(s, !torchOn))) setTorchOn(!torchOn);
  }, [torchOn]);

  const switchCamera = useCallback(() => {
    const list = features.cameras;
    if (list.length < 2) return;
    const current = streamRef.current?.getVideoTracks()[0]?.getSettings().deviceId ?? deviceId;
    const i = list.indexOf(current ?? '');
    setDeviceId(list[(i + 1) % list.length] ?? null);
  }, [features.cameras, deviceId]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  return { status, features, torchOn, toggleTorch, switchCamera, retry };
}
