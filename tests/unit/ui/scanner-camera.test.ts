import { describe, expect, it } from 'vitest';
import { cameraProblemOf, frameRegion } from '../../../src/ui/scanner/camera';

describe('camera problems (refused, absent or busy, each with the manual entry)', () => {
  const err = (name: string) => Object.assign(new Error(name), { name });
  it('sorts getUserMedia failures by their DOMException names, old Chromium names too', () => {
    for (const n of ['NotAllowedError', 'PermissionDeniedError', 'SecurityError'])
      expect(cameraProblemOf(err(n))).toBe('refused');
    for (const n of ['NotFoundError', 'DevicesNotFoundError', 'OverconstrainedError'])
      expect(cameraProblemOf(err(n))).toBe('absent');
    for (const n of ['NotReadableError', 'TrackStartError', 'AbortError']) expect(cameraProblemOf(err(n))).toBe('busy');
    expect(cameraProblemOf('weird')).toBe('busy');
  });
});

describe('frames handed to the decoder', () => {
  it('are the middle square (90% of the shorter side), at most 480 px a side, never enlarged', () => {
    expect(frameRegion(1280, 720)).toEqual({ sx: 316, sy: 36, sw: 648, sh: 648, resizeWidth: 480, resizeHeight: 480 });
    expect(frameRegion(720, 1280)).toEqual({ sx: 36, sy: 316, sw: 648, sh: 648, resizeWidth: 480, resizeHeight: 480 });
    expect(frameRegion(400, 300)).toEqual({ sx: 65, sy: 15, sw: 270, sh: 270, resizeWidth: 270, resizeHeight: 270 });
  });
});
