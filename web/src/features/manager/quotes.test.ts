import { describe, expect, it } from 'vitest';
import { computePrice } from './pricing';
import {
  baseForTotal,
  countQuotes,
  filterQuotes,
  humanizeId,
  isInboxQuote,
  mergeQuotes,
  needsCatalogue,
  objectLines,
  objectNames,
  objectsSummary,
  quoteServicesList,
  quoteToWizardForm,
  referralText,
  upsertQuote,
} from './quotes';
import { makeQuote } from './testQuotes';
import { buildCreateRequest, firstInvalidStep, initialWizardForm } from './wizard';

const none = { distanceCents: 0, servicesCents: 0, urgencyCents: 0, advanceCents: 0 };
const withVat = (base: number) => computePrice({ ...none, baseCents: base, ivaEnabled: true }).totalCents;

describe('the inbox list', () => {
  it('keeps the newest copy of each quote, newest request first', () => {
    const older = makeQuote({ id: 'a', recibida: '2099-01-01T10:00:00Z' });
    const newer = makeQuote({ id: 'b', recibida: '2099-01-02T10:00:00Z' });
    let list = upsertQuote([], older);
    list = upsertQuote(list, newer);
    expect(list.map((q) => q.id)).toEqual(['b', 'a']);

    const converted = { ...older, estado: 'convertida' as const, mudanza_id: 9, version: 2 };
    list = upsertQuote(list, converted);
    expect(list.find((q) => q.id === 'a')?.estado).toBe('convertida');
    // A late answer with the older copy does not undo the conversion.
    list = upsertQuote(list, older);
    expect(list.find((q) => q.id === 'a')?.estado).toBe('convertida');
    expect(mergeQuotes(list, [older, newer]).find((q) => q.id === 'a')?.version).toBe(2);
  });

  it('filters and counts by status', () => {
    const list = [
      makeQuote({ id: 'a' }),
      makeQuote({ id: 'b', estado: 'convertida', mudanza_id: 3 }),
      makeQuote({ id: 'c', estado: 'descartada' }),
      makeQuote({ id: 'd' }),
    ];
    expect(countQuotes(list)).toEqual({ nueva: 2, convertida: 1, descartada: 1, todas: 4 });
    expect(filterQuotes(list, 'nueva').map((q) => q.id)).toEqual(['a', 'd']);
    expect(filterQuotes(list, 'todas')).toHaveLength(4);
  });

  it('recognises inbox entries among live changes', () => {
    expect(isInboxQuote(makeQuote({ id: 'a' }))).toBe(true);
    expect(isInboxQuote({ id: 3, estado: 'pendiente', version: 1 })).toBe(false);
    expect(isInboxQuote(null)).toBe(false);
  });
});

describe('recommendations', () => {
  it('names the client whose link the request came through, and keeps the name over live copies', () => {
    const listed = makeQuote({ id: 'r', recomendacion: '7KQ2M9XA', recomendado_por: 'Marta Sánchez' });
    expect(referralText(listed)).toBe('Recomendado por Marta Sánchez');
    expect(referralText({ ...listed, recomendado_por: null })).toBe('Recomendado por un cliente');
    expect(referralText(makeQuote({ id: 'p' }))).toBeNull();

    // The live feed's copy does not carry the name: the one the list gave stays.
    const live = makeQuote({ id: 'r', recomendacion: '7KQ2M9XA', estado: 'descartada', version: 2 });
    const [after] = upsertQuote([listed], live);
    expect(after!.estado).toBe('descartada');
    expect(referralText(after!)).toBe('Recomendado por Marta Sánchez');
  });
});

describe('objects', () => {
  it('names objects from the catalogue, the built-in list or their id, and lists a pack as one more line', () => {
    const quote = makeQuote({
      id: 'a',
      moveDetails: {
        ...makeQuote({ id: 'a' }).moveDetails,
        objects: [
          { id: 'sofa-3-plazas', quantity: 1 },
          { id: 'mesa-extensible', quantity: 2 },
          { id: 'piano_de_cola', quantity: 1 },
        ],
        offerPack: 'advanced',
      },
    });
    const names = objectNames([{ id: 'mesa-extensible', nombre: 'Mesa extensible', peso: 35 }]);
    expect(objectLines(quote, names)).toEqual([
      { id: 'sofa-3-plazas', nombre: 'Sofá de 3 plazas', peso: 55, quantity: 1 },
      { id: 'mesa-extensible', nombre: 'Mesa extensible', peso: 35, quantity: 2 },
      { id: 'piano_de_cola', nombre: 'Piano de cola', peso: 0, quantity: 1 },
      { id: 'pack-advanced', nombre: 'Pack Avanzado', peso: 0, quantity: 1 },
    ]);
    expect(objectsSummary(objectLines(quote, names))).toBe(
      'Sofá de 3 plazas ×1, Mesa extensible ×2, Piano de cola ×1 y 1 más',
    );
    expect(objectsSummary([])).toBe('Sin objetos');
    expect(humanizeId('caja-mediana')).toBe('Caja mediana');
    expect(needsCatalogue([quote], objectNames(null))).toBe(true);
    expect(needsCatalogue([makeQuote({ id: 'b' })], objectNames(null))).toBe(false);
  });

  it('lists the services asked for, best packaging included', () => {
    const services = { ...makeQuote({ id: 'a' }).moveDetails.services, bestPackaging: true, fragile: true };
    expect(quoteServicesList(services)).toEqual([
      'Desmontaje ×2',
      'Embalaje profesional',
      'Limpieza',
      'Objetos frágiles',
    ]);
  });
});

describe('the calculator values in the staff wizard', () => {
  // Issue 17, item 6: one list each, so a quote's property and access arrive in the wizard as they are.
  it('keeps the quote property and access types as they are, either spelling', () => {
    const base = makeQuote({ id: 'q3' });
    const side = { ...base.moveDetails.origin, propertyType: 'apartment_3_room', access: 'pedestrian_zone' };
    const form = quoteToWizardForm(
      makeQuote({
        id: 'q3',
        moveDetails: {
          ...base.moveDetails,
          origin: side,
          destination: { ...side, propertyType: 'house_5_rooms', access: 'little' },
        },
      }),
      objectNames(null),
    );
    expect([form.originPropertyType, form.originAccess]).toEqual(['apartment_3_rooms', 'pedestrian_zone']);
    expect([form.destinationPropertyType, form.destinationAccess]).toEqual(['house_5_rooms', 'little_access']);
    expect(form.instructions).toBe('Portero automático 3ºB');
  });

  it('finds the base that with VAT gives the estimate, to the cent where cents allow', () => {
    expect(baseForTotal(35_211)).toBe(29_100);
    for (let total = 1; total <= 3_000; total += 1) {
      expect(Math.abs(withVat(baseForTotal(total)) - total)).toBeLessThanOrEqual(1);
    }
  });
});

describe('quoteToWizardForm', () => {
  it('fills every wizard field the quote has, and notes what the wizard cannot hold', () => {
    const base = makeQuote({ id: 'q1' });
    const quote = makeQuote({
      id: 'q1',
      precio_estimado: 352.11,
      contact: { name: 'Pablo Gil', email: 'pablo@correo.es', phone: '698 765 432', preferredContact: 'email' },
      moveDetails: {
        ...base.moveDetails,
        origin: { ...base.moveDetails.origin, propertyType: 'studio', access: 'cant_park', floor: 'fifth' },
        services: { ...base.moveDetails.services, bestPackaging: true, packaging: true, packagingQuantity: 14 },
        schedule: {
          preferredDate: '2099-03-10',
          alternativeDate: '2099-03-12',
          flexibleDates: true,
          timePreference: 'evening',
        },
        offerPack: 'premium',
      },
    });
    const form = quoteToWizardForm(quote, objectNames(null));
    expect(form).toEqual({
      ...initialWizardForm(),
      clientEmail: 'pablo@correo.es',
      originAddress: 'Calle de Atocha 30, 28012 Madrid',
      destinationAddress: 'Calle Mayor 2, 28801 Alcalá de Henares',
      originPropertyType: 'studio',
      destinationPropertyType: 'house_2_rooms',
      originAccess: 'cant_park',
      destinationAccess: 'normal',
      originFloor: 'fifth',
      destinationFloor: 'ground',
      originElevator: true,
      destinationElevator: false,
      selectedObjects: [
        { id: 'sofa-3-plazas', nombre: 'Sofá de 3 plazas', peso: 55, quantity: 1 },
        { id: 'caja-mediana', nombre: 'Caja mediana', peso: 8, quantity: 12 },
        { id: 'pack-premium', nombre: 'Pack Premium', peso: 0, quantity: 1 },
      ],
      dismount: true,
      dismountQuantity: 2,
      packaging: true,
      packagingQuantity: 10,
      cleaning: true,
      fragile: false,
      longStairs: false,
      instructions: ['Portero automático 3ºB', 'Del presupuesto web: embalaje profesional de todo.'].join('\n'),
      preferredDate: '2099-03-10',
      alternativeDate: '2099-03-12',
      flexibleDates: true,
      timePreference: 'evening',
      urgency: 'normal',
      contactName: 'Pablo Gil',
      contactPhone: '698 765 432',
      contactEmail: 'pablo@correo.es',
      contactPreference: 'email',
      basePrice: '291.00',
      distanceCost: '',
      servicesCost: '',
      urgencyCost: '',
      advancePayment: '',
      ivaEnabled: true,
    });
    // Ready to create: every step passes, and the total is the estimate.
    expect(firstInvalidStep(form, '2099-01-01')).toBeNull();
    expect(buildCreateRequest(form).precio_total).toBe(352.11);
  });

  it('leaves the price to the manager when the server has no estimate, and keeps plain quotes plain', () => {
    const form = quoteToWizardForm(makeQuote({ id: 'q2' }), objectNames(null));
    expect(form.basePrice).toBe('');
    expect(form.instructions).toBe('Portero automático 3ºB');
    expect(form.originPropertyType).toBe('apartment_2_rooms');
    expect(form.destinationFloor).toBe('ground');
    expect(firstInvalidStep(form, '2099-01-01')).toEqual({ step: 8, error: 'El precio total debe ser mayor a 0' });
  });
});
