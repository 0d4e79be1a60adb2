import { describe, expect, it } from 'vitest';
import { cameraProblemOf, frameRegion } from '../../../src/ui/scanner/camera';

describe('camera problems (issue 15: refused, absent or busy, each with the manual entry)', () => {
  const err = (name: string) => Object.assign(new Error(name), { name });
  it('sorts getUserMedia failures by their DOMException names, old Chromium names too', () => {
    for (const n of ['NotAllowedError', 'PermissionDeniedError', 'SecurityError']) expect(cameraProblemOf(err(n))).toBe('refused');
    for (const n of ['NotFoundError', 'DevicesNotFoundError', 'OverconstrainedError']) expect(cameraProblemOf(err(n))).toBe('absent');
    for (const n of ['NotReadableError', 'TrackStartError', 'AbortError']) expect(cameraProblemOf(err(n))).toBe('busy');
    expect(cameraProblemOf('weird')).toBe('busy');
  });
});

describe('frames handed to the decoder', () => {
  it('are scaled so the longer side is at most 720 px, never up', () => {
    expect(frameRegion(1280, 720)).toEqual({ resizeWidth: 720, resizeHeight: 405 });
    expect(frameRegion(720, 1280)).toEqual({ resizeWidth: 405, resizeHeight: 720 });
    expect(frameRegion(640, 480)).toEqual({ resizeWidth: 640, resizeHeight: 480 });
  });
});
