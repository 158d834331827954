import type { BookingConditions, BookingMove, BookingResponse } from '../../../lib/api';

/** A pending move as GET /api/mi-mudanza/{id} answers it, for the tests of this feature. */
export function makeBookingMove(overrides: Partial<BookingMove> = {}): BookingMove {
  return {
    id: 12,
    status: 'pending',
    origen: 'Calle de Alcalá 120, 28009 Madrid',
    destino: 'Calle Mayor 2, 28801 Alcalá de Henares',
    fecha_programada: '2099-06-15',
    fecha_alternativa: null,
    flexible: false,
    hora_preferida: 'morning',
    urgencia: 'normal',
    contacto: {
      nombre: 'Marta Sánchez',
      telefono: '612 345 678',
      email: 'cliente@mudanzas.test',
      preferencia: 'phone',
    },
    property_details: {
      origin: { property_type: 'apartment_2_rooms', access: 'normal', floor: 'fourth', elevator: true },
      destination: { property_type: 'house_2_rooms', access: 'normal', floor: 'ground', elevator: false },
    },
    objects: [
      { id: 'sofa-3-plazas', nombre: 'Sofá de 3 plazas', peso: 55, quantity: 1 },
      { id: 'caja-mediana', nombre: 'Caja mediana', peso: 8, quantity: 12 },
    ],
    services: {
      dismount: true,
      dismount_quantity: 2,
      packaging: false,
      packaging_quantity: 0,
      cleaning: true,
      fragile: false,
      long_stairs: false,
    },
    instrucciones: 'Portero automático 3ºB',
    precio: {
      base: 250,
      distancia: 36,
      servicios: 40,
      urgencia: 50,
      subtotal: 376,
      iva_aplicado: true,
      iva_porcentaje: 21,
      iva: 78.96,
      total: 454.96,
      // The server always sends the deposit; 0 shows no deposit line.
      anticipo: 0,
      pagado: 100,
      pendiente: 354.96,
    },
    estado_pago: 'partial',
    fotos: [],
    pagos: [],
    historial: [{ status: 'pending', anterior: null, fecha: '2099-05-01T08:00:00Z', por: 'empresa' }],
    detalles_completados: null,
    reserva: null,
    puede_completar: true,
    puede_confirmar: true,
    ...overrides,
  };
}

export const TEST_CONDITIONS: BookingConditions = {
  version: '2026-11',
  apartados: [
    { titulo: 'Antelación', texto: 'Recomendamos reservar la mudanza con 4 a 6 semanas de antelación.' },
    {
      titulo: 'Cambio de fecha',
      texto: 'Puedes cambiar la fecha sin coste si nos avisas con al menos 48 horas de antelación.',
    },
    { titulo: 'Cancelación', texto: 'Cancelar con más de 48 horas de antelación es gratuito.' },
    { titulo: 'Reclamaciones', texto: 'Las reclamaciones se presentan en los 7 días siguientes a la mudanza.' },
  ],
  cancelacion: [
    { plazo: 'Más de 48 horas antes', porcentaje: 0, importe: 0 },
    { plazo: 'Entre 24 y 48 horas antes', porcentaje: 25, importe: 113.74 },
    { plazo: 'Menos de 24 horas antes', porcentaje: 50, importe: 227.48 },
  ],
};

export function bookingAnswer(move: BookingMove = makeBookingMove(), position?: number): BookingResponse {
  return { success: true, mudanza: move, condiciones: TEST_CONDITIONS, ...(position ? { position } : {}) };
}
