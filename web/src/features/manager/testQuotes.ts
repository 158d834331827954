import type { QuoteInboxEntry } from '../../lib/api';

/** An inbox entry as GET /api/presupuestos and the live feed send it, for the tests of this feature. */
export function makeQuote(overrides: Partial<QuoteInboxEntry> & { id: string }): QuoteInboxEntry {
  return {
    recibida: '2099-02-01T10:00:00Z',
    estado: 'nueva',
    mudanza_id: null,
    contact: { name: 'Pablo Gil', email: 'pablo@correo.es', phone: '698 765 432', preferredContact: 'whatsapp' },
    moveDetails: {
      origin: {
        address: 'Calle de Atocha 30, 28012 Madrid',
        propertyType: 'apartment_2_room',
        access: 'normal',
        floor: 'third',
        elevator: true,
      },
      destination: {
        address: 'Calle Mayor 2, 28801 Alcalá de Henares',
        propertyType: 'house_2_rooms',
        access: 'normal',
        floor: 'ground',
        elevator: false,
      },
      objects: [
        { id: 'sofa-3-plazas', quantity: 1 },
        { id: 'caja-mediana', quantity: 12 },
      ],
      services: {
        dismount: true,
        dismountQuantity: 2,
        packaging: false,
        packagingQuantity: 0,
        bestPackaging: false,
        cleaning: true,
        fragile: false,
        longStairs: false,
      },
      schedule: { preferredDate: '2099-03-10', alternativeDate: null, flexibleDates: true, timePreference: 'morning' },
      distance: 34.2,
      duration: 41,
      instructions: 'Portero automático 3ºB',
      offerPack: null,
    },
    precio_estimado: null,
    total_objetos: 13,
    actualizada: '2099-02-01T10:00:00Z',
    version: 1,
    ...overrides,
  };
}
