import type { Invoice } from '../lib/api';
import { TEST_COMPANY } from './fixtures';

/** An invoice as GET /api/factura/{id} returns it (test data). */
export function makeInvoice(overrides: Partial<Invoice> = {}): Invoice {
  return {
    numero: 'F2026-000007',
    fecha_emision: '2026-03-02',
    empresa: { ...TEST_COMPANY },
    cliente: { nombre: 'Marta Sánchez', email: 'cliente@mudanzas.test', telefono: '612 345 678' },
    mudanza: {
      id: 7,
      origen: 'Calle de Alcalá 100, Madrid',
      destino: 'Avenida de América 20, Madrid',
      fecha_programada: '2026-03-09',
      fecha_alternativa: '2026-03-10',
      estado: 'confirmada',
      hora_preferida: 'morning',
      urgencia: 'urgente',
      instrucciones: 'Llamar al llegar.',
      property_details: {
        origin: { property_type: 'apartment_2_rooms', access: 'normal', floor: 'third', elevator: true },
        destination: { property_type: 'house_2_rooms', access: 'difficult', floor: 'ground', elevator: false },
      },
    },
    servicios: [
      { concepto: 'Desmontaje de muebles', cantidad: 2 },
      { concepto: 'Limpieza', cantidad: 1 },
    ],
    objetos: [
      { nombre: 'Sofá de 3 plazas', cantidad: 1, peso: 55 },
      { nombre: 'Caja mediana', cantidad: 3, peso: 8 },
    ],
    importes: {
      base: 1000,
      distancia: 150,
      servicios: 60,
      urgencia: 24.56,
      subtotal: 1234.56,
      iva_aplicado: true,
      iva_porcentaje: 21,
      iva: 259.26,
      total: 1493.82,
      // The server always sends the deposit; 0 shows no deposit line.
      anticipo: 0,
      pagado: 300,
      pendiente: 1193.82,
    },
    garantia: 'Garantía de 30 días en desmontaje y montaje.',
    ...overrides,
  };
}
