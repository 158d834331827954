import { describe, expect, it } from 'vitest';
import type { StoredChange } from '../../lib/crewDevice';
import { makeMove } from '../../test/fixtures';
import { pendingPhotos } from './changeKinds';

const TAKEN_AT = '2026-12-04T09:15:30.123Z';

function queuedPhoto(seq: number, descripcion: string, occurredAt = TAKEN_AT): StoredChange {
  return {
    seq,
    userId: 'trabajador',
    kind: 'foto',
    moveId: 7,
    key: `clave-${seq}`,
    occurredAt,
    data: { foto: new Blob(['x'], { type: 'image/png' }), nombre: 'foto.png', descripcion },
  };
}

describe('pendingPhotos', () => {
  it('lists the photos still on the device, and not one the server already shows', () => {
    const queue = [queuedPhoto(1, 'Sofá embalado '), queuedPhoto(2, 'Cajas', '2026-12-04T09:20:00.000Z')];
    const before = makeMove({ id: 7, photos: [] });
    expect(pendingPhotos(before, queue).map((p) => p.seq)).toEqual([1, 2]);

    // The live frame with the first photo came before the upload's answer: it is the server's now.
    const after = makeMove({
      id: 7,
      photos: [
        {
          id: '0190a1b2-0000-7000-8000-000000000001',
          url: '/api/fotos/7/0190a1b2-0000-7000-8000-000000000001',
          descripcion: 'Sofá embalado',
          tipo: 'general',
          fecha_subida: '2026-12-04T09:15:30.123456Z',
        },
      ],
    });
    expect(pendingPhotos(after, queue).map((p) => p.seq)).toEqual([2]);
    // Another move's queue is not this one's.
    expect(pendingPhotos(makeMove({ id: 8, photos: [] }), queue)).toEqual([]);
  });
});
