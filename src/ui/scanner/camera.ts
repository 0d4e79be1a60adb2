/** Why the camera is not showing, each with its own message and the manual entry offered. */
export type CameraProblem = 'refused' | 'absent' | 'busy' | 'insecure';

/** A camera that could not be opened, and why. */
export class CameraError extends Error {
  constructor(readonly problem: CameraProblem) {
    super(`camera ${problem}`);
    this.name = 'CameraError';
  }
}

/** Sorts a getUserMedia failure (DOMException names; older Chromium names too). */
export function cameraProblemOf(e: unknown): CameraProblem {
  const name = e && typeof e === 'object' && 'name' in e ? String((e as { name: unknown }).name) : '';
  if (name === 'NotAllowedError' || name === 'PermissionDeniedError' || name === 'SecurityError') return 'refused';
  if (
    name === 'NotFoundError' ||
    name === 'DevicesNotFoundError' ||
    name === 'OverconstrainedError' ||
    name === 'ConstraintNotSatisfiedError'
  )
    return 'absent';
  return 'busy';
}

/** What the running camera can do. */
export interface CameraFeatures {
  torch: boolean;
  /** More than one camera: the switch button shows. */
  cameras: string[];
}

/**
 * Opens a camera: the rear one preferred (`facingMode: environment`), or the given device.
 * Throws a {@link CameraError} when it cannot.
 */
export async function openCamera(deviceId: string | null): Promise<MediaStream> {
  if (!window.isSecureContext) throw new CameraError('insecure');
  if (!navigator.mediaDevices?.getUserMedia) throw new CameraError('absent');
  const video: MediaTrackConstraints = deviceId
    ? { deviceId: { exact: deviceId }, width: { ideal: 1280 }, height: { ideal: 720 } }
    : { facingMode: { ideal: 'environment' }, width: { ideal: 1280 }, height: { ideal: 720 } };
  try {
    return await navigator.mediaDevices.getUserMedia({ video, audio: false });
  } catch (e) {
    throw new CameraError(cameraProblemOf(e));
  }
}

export async function cameraFeatures(stream: MediaStream): Promise<CameraFeatures> {
  const track = stream.getVideoTracks()[0];
  const caps = (track?.getCapabilities?.() ?? {}) as MediaTrackCapabilities & { torch?: boolean };
  let cameras: string[] = [];
  try {
    cameras = (await navigator.mediaDevices.enumerateDevices())
      .filter((d) => d.kind === 'videoinput')
      .map((d) => d.deviceId);
  } catch {
    // Without the list the switch simply does not show.
  }
  return { torch: caps.torch === true, cameras };
}

/** Torch on or off where the track supports it (Android Chrome). */
export async function setTorch(stream: MediaStream, on: boolean): Promise<boolean> {
  const track = stream.getVideoTracks()[0];
  if (!track) return false;
  try {
    await track.applyConstraints({ advanced: [{ torch: on } as MediaTrackConstraintSet] });
    return true;
  } catch {
    return false;
  }
}

export function stopCamera(stream: MediaStream | null): void {
  for (const t of stream?.getTracks() ?? []) t.stop();
}

/**
 * The part of a frame handed to the decoder: the middle square (90% of the shorter side, where
 * the aiming frame is), scaled so its side is at most `maxSide`. Fewer pixels make each decode
 * quicker, so a code is read sooner on a slow phone.
 */
export function frameRegion(
  width: number,
  height: number,
  maxSide = 480,
): { sx: number; sy: number; sw: number; sh: number; resizeWidth: number; resizeHeight: number } {
  const side = Math.max(1, Math.round(Math.min(width, height) * 0.9));
  const out = Math.max(1, Math.min(side, maxSide));
  return {
    sx: Math.round((width - side) / 2),
    sy: Math.round((height - side) / 2),
    sw: side,
    sh: side,
    resizeWidth: out,
    resizeHeight: out,
  };
}

/** A short vibration where supported: one pulse for a good read, three for a refusal. */
export function buzz(kind: 'ok' | 'error'): void {
  try {
    navigator.vibrate?.(kind === 'ok' ? 60 : [40, 60, 40]);
  } catch {
    // Some browsers throw without a user gesture; the visible confirmation is enough.
  }
}
