import { FEEDBACK_MAX_PHOTO_BYTES, FEEDBACK_PROBLEMS, imageMimeOf } from '../../domain/feedback/rules';
import { resizePhoto } from '../../domain/feedback/photo-resize';
import { canvasCodec } from '../../ui/photo-canvas';

/** One chosen file made ready to send (docs/rules.md#entities: "resized on the phone"), or the reason it cannot go. */
export async function preparePhoto(file: File): Promise<{ ok: true; blob: Blob } | { ok: false; message: string }> {
  const r = await resizePhoto(file, canvasCodec, { maxBytes: FEEDBACK_MAX_PHOTO_BYTES, sniff: imageMimeOf });
  if (r.ok) return { ok: true, blob: r.blob };
  return { ok: false, message: r.reason === 'not_image' ? FEEDBACK_PROBLEMS.notImage : FEEDBACK_PROBLEMS.tooLarge };
}
