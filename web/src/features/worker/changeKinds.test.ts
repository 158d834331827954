import { describe, expect, it } from 'vitest';
import type { StoredChange } from '../../lib/crewDevice';
import { makeMove } from '../../test/fixtures';
import { crewKind, pendingId, pendingPhotos, withPending } from './changeKinds';

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

describe('a signature and a condition note while they wait', () => {
  const SHA = 'a'.repeat(64);
  const queued = (seq: number, kind: string, data: Record<string, unknown>): StoredChange => ({
    seq,
    userId: 'trabajador',
    kind,
    moveId: 7,
    key: `clave-${seq}`,
    occurredAt: TAKEN_AT,
    data,
  });
  const sofa = { id: 'sofa-3', nombre: 'Sofá de 3 plazas', peso: 45, quantity: 1 };

  it("shows on the card at once, marked as the device's, until the server has it", () => {
    const move = makeMove({ id: 7, objects: [sofa], firmas: [], estado_objetos: [], albaran_sha256: SHA });
    const signature = queued(1, 'firma', {
      etapa: 'recogida',
      firmante: 'cliente',
      nombre: ' Marta ',
      imagen_png: 'data:image/png;base64,AAAA',
      sha256_albaran: SHA,
    });
    const note = queued(2, 'estadoObjeto', {
      etapa: 'recogida',
      objeto_id: 'sofa-3',
      objeto_nombre: 'Sofá',
      estado: 'danos_previos',
      nota: 'Rayado ',
    });
    const shown = withPending(move, [signature, note]);
    expect(shown.firmas).toEqual([
      expect.objectContaining({ id: pendingId(signature), nombre: 'Marta', url: 'data:image/png;base64,AAAA' }),
    ]);
    expect(shown.estado_objetos).toEqual([
      expect.objectContaining({ id: pendingId(note), objeto_nombre: 'Sofá de 3 plazas', nota: 'Rayado' }),
    ]);
    expect(crewKind(signature)?.describe(signature.data)).toBe('Firma del cliente (recogida)');
    expect(crewKind(note)?.describe(note.data)).toBe('Estado de «Sofá»: Daños previos');

    // The server's copies (a live frame before the answer) take their place.
    const served = makeMove({
      id: 7,
      objects: [sofa],
      albaran_sha256: SHA,
      firmas: [
        {
          id: '0190a1b2-0000-7000-8000-0000000000f1',
          etapa: 'recogida',
          firmante: 'cliente',
          nombre: 'Marta',
          firmado_en: TAKEN_AT,
          sha256_albaran: SHA,
          url: '/api/mudanza/7/firmas/0190a1b2-0000-7000-8000-0000000000f1',
        },
      ],
      estado_objetos: [
        {
          id: '0190a1b2-0000-7000-8000-0000000000f2',
          etapa: 'recogida',
          objeto_id: 'sofa-3',
          objeto_nombre: 'Sofá de 3 plazas',
          estado: 'danos_previos',
          nota: 'Rayado',
          fecha: '2026-12-04T09:15:30.123456Z',
        },
      ],
    });
    const again = withPending(served, [signature, note]);
    expect(again.firmas?.map((f) => f.id)).toEqual(['0190a1b2-0000-7000-8000-0000000000f1']);
    expect(again.estado_objetos?.map((n) => n.id)).toEqual(['0190a1b2-0000-7000-8000-0000000000f2']);
  });
});
