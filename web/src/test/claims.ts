// A claim as the server sends it (GET /api/mi-mudanza/{id}/reclamacion, /api/reclamaciones/{id}),
// for the client's page and the managers' section: a sofa claimed after a delivery, with what the
// crew noted of it at pickup and delivery and the client's pickup signature.
import type { ClaimDetail, ClaimSummary } from '../lib/claims';
import { summaryOf } from '../lib/claims';

export function makeClaim(overrides: Partial<ClaimDetail> = {}): ClaimDetail {
  return {
    move_id: 14,
    estado: 'abierta',
    objetos: [{ id: 'sofa-3', nombre: 'Sofá de 3 plazas' }],
    texto: 'La pata delantera llegó rota.',
    fotos: [{ id: 'f-1', url: '/api/reclamaciones/14/fotos/f-1' }],
    entregada_en: '2026-12-01T17:00:00Z',
    abierta_en: '2026-12-02T09:30:00Z',
    plazo_respuesta: '2026-12-23',
    respuesta: null,
    version: 1,
    plazo: { fecha: '2026-12-23', dias_habiles_restantes: 11, vencido: false, aviso: false },
    cliente_nombre: 'Marta Sánchez',
    registros: [
      {
        objeto: { id: 'sofa-3', nombre: 'Sofá de 3 plazas' },
        recogida: {
          notas: [
            {
              id: 'n-1',
              objeto_id: 'sofa-3',
              objeto_nombre: 'Sofá de 3 plazas',
              etapa: 'recogida',
              estado: 'buen_estado',
              nota: 'Sin marcas',
              fecha: '2026-12-01T08:10:00Z',
            },
          ],
          fotos: [
            {
              id: 'p-1',
              url: '/api/fotos/14/p-1',
              descripcion: 'Sofá antes de cargar',
              tipo: 'image/jpeg',
              fecha_subida: '2026-12-01T08:12:00Z',
              objeto: { id: 'sofa-3', etapa: 'recogida' },
            },
          ],
        },
        entrega: { notas: [], fotos: [] },
      },
    ],
    firmas: [
      {
        id: 's-1',
        etapa: 'recogida',
        firmante: 'cliente',
        nombre: 'Marta Sánchez',
        firmado_en: '2026-12-01T08:20:00Z',
        sha256_albaran: 'abc',
        url: '/api/mudanza/14/firmas/s-1',
      },
    ],
    albaran_sha256: 'abc',
    ...overrides,
  };
}

export function makeClaimSummary(overrides: Partial<ClaimDetail> = {}): ClaimSummary {
  return summaryOf(makeClaim(overrides));
}
