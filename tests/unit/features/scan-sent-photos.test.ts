import { describe, expect, it } from 'vitest';
import type { MultiscanPhoto } from '../../../src/contract/scan';
import type { MultiscanRow } from '../../../src/db/rows-queued';
import { sentPhotos } from '../../../src/features/scan/sent-photos';

const server = (id: number, at: string, xp = 10): MultiscanPhoto => ({
  id,
  created_at: at,
  found: 1,
  awarded: 1,
  xp_total: xp,
  codes: [{ uuid: `code-${id}`, format: 'qr', outcome: 'awarded', xp, message: `+${xp} XP: Стіки` }],
});
const local = (id: string, at: string, over: Partial<MultiscanRow> = {}): MultiscanRow => ({
  id,
  variant: 'glo',
  state: 'waiting',
  codes: [],
  message: null,
  createdAt: Date.parse(at),
  preview: `data:image/jpeg;base64,${id}`,
  xpTotal: null,
  ...over,
});

describe('«Надіслані фото»: the server’s photos merged with this phone’s', () => {
  it('lists the server’s photos on a device that sent none, newest first', () => {
    const list = sentPhotos([server(1, '2026-11-01T10:00:00Z'), server(2, '2026-11-02T10:00:00Z')], [], 'glo');
    expect(list.map((r) => [r.serverId, r.state, r.xpTotal])).toEqual([
      [2, 'sent', 10],
      [1, 'sent', 10],
    ]);
    expect(list[0]?.codes).toEqual([{ code: 'code-2', state: 'awarded', coins: 10, message: '+10 XP: Стіки' }]);
  });

  it('keeps this phone’s waiting and refused photos beside them, and one read from here shows once with its preview', () => {
    const list = sentPhotos(
      [server(5, '2026-11-03T10:00:00Z')],
      [
        local('w', '2026-11-04T10:00:00Z'),
        local('r', '2026-11-02T10:00:00Z', { state: 'refused', message: 'На фото не знайдено жодного коду' }),
        local('s', '2026-11-03T10:00:00Z', { state: 'sent', serverId: 5 }),
      ],
      'glo',
    );
    expect(list.map((r) => r.id)).toEqual(['w', 'server:5', 'r']);
    expect(list[1]?.preview).toBe('data:image/jpeg;base64,s');
  });

  it('shows a photo read a moment ago from here before the server’s list has it, and everything local before the first pull', () => {
    const justRead = local('s', '2026-11-05T10:00:00Z', { state: 'sent', serverId: 9, xpTotal: 12 });
    expect(sentPhotos([server(5, '2026-11-03T10:00:00Z')], [justRead], 'glo').map((r) => r.id)).toEqual([
      's',
      'server:5',
    ]);
    expect(sentPhotos(null, [justRead], 'glo').map((r) => r.id)).toEqual(['s']);
  });
});
