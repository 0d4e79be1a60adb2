import type { MultiscanPhoto } from '../../contract/scan';
import type { MultiscanRow } from '../../db/rows-queued';

/** One line of «Надіслані фото»: a local row's shape, whether it came from the server or this phone. */
export type SentPhoto = MultiscanRow;

/** A photo the server read, as the list shows it (this phone's preview when it was sent from here). */
function fromServer(p: MultiscanPhoto, variant: MultiscanRow['variant'], local: MultiscanRow | undefined): SentPhoto {
  return {
    id: `server:${p.id}`,
    variant,
    state: 'sent',
    codes: p.codes.map((c) => ({
      code: c.uuid,
      state: c.outcome,
      coins: c.outcome === 'awarded' ? c.xp : null,
      message: c.message,
    })),
    message: null,
    createdAt: Date.parse(p.created_at),
    preview: local?.preview ?? null,
    xpTotal: p.xp_total,
    serverId: p.id,
  };
}

/**
 * «Надіслані фото»: what the server read for the member on any device (`server`, null before the
 * first pull), merged with this phone's photos it does not list yet (waiting, refused, or read a
 * moment ago), newest first. A photo sent from here shows once, with its preview.
 */
export function sentPhotos(
  server: readonly MultiscanPhoto[] | null,
  local: readonly MultiscanRow[],
  variant: MultiscanRow['variant'],
): SentPhoto[] {
  const byServerId = new Map(local.filter((r) => r.serverId != null).map((r) => [r.serverId as number, r]));
  const listed = new Set((server ?? []).map((p) => p.id));
  const own = local.filter((r) => r.serverId == null || !listed.has(r.serverId));
  const merged = [...(server ?? []).map((p) => fromServer(p, variant, byServerId.get(p.id))), ...own];
  return merged.sort((a, b) => b.createdAt - a.createdAt);
}
