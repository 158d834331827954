import { describe, expect, it } from 'vitest';
import { makeMove } from '../../test/fixtures';
import { defaultStage, objectNotes, reviewsWaybill, signatureOf, signedAtText } from './waybillView';

const note = (id: string, objeto_id: string, etapa: 'recogida' | 'entrega', fecha: string) => ({
  id,
  etapa,
  objeto_id,
  objeto_nombre: objeto_id,
  estado: 'danos_previos' as const,
  nota: 'Rayado',
  fecha,
});

describe('the waybill on the phone', () => {
  it('is gone through from the confirmation on, at pickup until the van is loaded', () => {
    expect(reviewsWaybill({ estado: 'pendiente' })).toBe(false);
    expect(reviewsWaybill({ estado: 'cancelada' })).toBe(false);
    expect(['confirmada', 'en curso', 'finalizada'].every((estado) => reviewsWaybill({ estado } as never))).toBe(true);
    expect(defaultStage({ hitos: [{ hito: 'llegada_origen', fecha: '2026-12-04T08:00:00Z' }] })).toBe('recogida');
    expect(defaultStage({ hitos: [{ hito: 'carga_terminada', fecha: '2026-12-04T10:00:00Z' }] })).toBe('entrega');
  });

  it("files an object's photos with its latest note at that stage, as the paper waybill does", () => {
    const photo = (id: string, objectId: string, etapa: 'recogida' | 'entrega') => ({
      id,
      url: `/api/fotos/7/${id}`,
      descripcion: '',
      tipo: 'carga',
      fecha_subida: '2026-12-04T08:00:00Z',
      objeto: { id: objectId, etapa },
    });
    const move = makeMove({
      id: 7,
      estado_objetos: [
        note('n1', 'sofa', 'recogida', '2026-12-04T08:00:00Z'),
        note('n2', 'sofa', 'recogida', '2026-12-04T08:05:00Z'),
        note('n3', 'sofa', 'entrega', '2026-12-04T12:00:00Z'),
      ],
      photos: [photo('p1', 'sofa', 'recogida'), photo('p2', 'sofa', 'entrega'), photo('p3', 'mesa', 'recogida')],
    });
    const notes = objectNotes(move, [], 'recogida', 'sofa');
    expect(notes.map((n) => [n.note.id, n.photos.map((p) => p.id)])).toEqual([
      ['n1', []],
      ['n2', ['p1']],
    ]);
    expect(objectNotes(move, [], 'recogida', 'mesa')).toEqual([]);
  });

  it('finds one signature per signer and stage, and says when it was signed', () => {
    const firma = {
      id: 'f1',
      etapa: 'entrega' as const,
      firmante: 'cliente' as const,
      nombre: 'Marta',
      firmado_en: '2026-12-04T12:05:00Z',
      sha256_albaran: 'a',
      url: '/x',
    };
    const move = makeMove({ id: 7, firmas: [firma] });
    expect(signatureOf(move, 'entrega', 'cliente')).toBe(firma);
    expect(signatureOf(move, 'recogida', 'cliente')).toBeUndefined();
    expect(signedAtText('2026-12-04T12:05:00Z')).toMatch(/^Firmado el 4\/12\/2026 a las \d{1,2}:05$/);
  });
});
