import type { Waybill } from '../api';
import { TEST_COMPANY } from '../../test/fixtures';

/** A waybill as GET /api/albaran/{id} returns it (test data). */
export function makeWaybill(overrides: Partial<Waybill> = {}): Waybill {
  return {
    numero_albaran: 'A2026-000003',
    fecha_emision: '2026-03-02',
    empresa: { ...TEST_COMPANY },
    cliente: {
      nombre: 'Marta Sánchez',
      email: 'cliente@mudanzas.test',
      telefono: '612 345 678',
      direccion: 'Calle Mayor 1, 28013 Madrid',
    },
    mudanza: {
      id: 7,
      origen: 'Calle de Alcalá 100, Madrid',
      destino: 'Avenida de América 20, Madrid',
      fecha_programada: '2026-03-09',
      estado: 'en curso',
    },
    servicios: ['Desmontaje ×2', 'Limpieza'],
    objetos: [
      {
        cantidad: 1,
        nombre: 'Sofá de 3 plazas',
        categoria: 'sofas',
        dimensiones: '220 x 90 x 85 cm',
        volumen_m3: 1.68,
      },
      { cantidad: 3, nombre: 'Caja mediana', categoria: null, dimensiones: null, volumen_m3: null },
    ],
    resumen_objetos: { total_objetos: 4, volumen_total_m3: null },
    precio_con_iva: 1493.82,
    garantia: 'Garantía de 30 días en desmontaje y montaje.',
    albaran_sha256: 'e08ec67820f4d8a411415876cb6701a1ea797b44718d3504cf7f4078f8f9a415',
    firmas: [],
    estado_objetos: [],
    ...overrides,
  };
}
