import { describe, expect, it } from 'vitest';
import {
  addressesValid,
  buildPriceRequest,
  buildQuoteRequest,
  canPressSend,
  currentRoute,
  EMPTY_CONTACT,
  filterCatalogue,
  firstInvalidStep,
  initialCalculator,
  needsRoute,
  objectImageSrc,
  packsAvailable,
  priceSettled,
  QUOTE_MESSAGES,
  quoteEmailError,
  quotePhoneError,
  routeQueryReady,
  setObjectQuantity,
  stepIsValid,
  stepWarning,
  WARNINGS,
  type Calculator,
  type RouteState,
} from './calculator';
import { SOFA, BOX, BED } from './testCatalogue';

const TODAY = '2026-05-04';
const ORIGIN = 'Calle de Alcalá 120, 28009 Madrid';
const DESTINATION = 'Calle Mayor 2, 28801 Alcalá de Henares';

function readyRoute(origin = ORIGIN, destination = DESTINATION): RouteState {
  return {
    status: 'ready',
    origin,
    destination,
    distance: 31.4,
    duration: 38,
    distanceText: '31,4 km',
    durationText: '38 min',
    image: null,
    insideM30: false,
  };
}

/** A calculator that passes every step. */
function complete(change: Partial<Calculator> = {}): Calculator {
  const calc = initialCalculator();
  return {
    ...calc,
    origin: { ...calc.origin, address: ORIGIN },
    destination: { ...calc.destination, address: DESTINATION },
    route: readyRoute(),
    objects: [{ id: SOFA.id, nombre: SOFA.nombre, categoria: SOFA.categoria, quantity: 1 }],
    schedule: { ...calc.schedule, preferredDate: '2026-06-01' },
    ...change,
  };
}

describe('the calculator defaults (§3)', () => {
  it('start with time preference flexible, contact by phone, no pack and an apartment on the ground floor', () => {
    const calc = initialCalculator();
    expect(calc.schedule.timePreference).toBe('flexible');
    expect(calc.contactPreference).toBe('phone');
    expect(calc.offerPack).toBeNull();
    expect(calc.origin).toEqual({
      address: '',
      propertyType: 'apartment_1_room',
      access: 'normal',
      floor: 'ground',
      elevator: false,
    });
    expect(calc.services).toMatchObject({ dismountQuantity: 1, packagingQuantity: 1, bestPackaging: false });
  });
});

describe('when the route is asked for (§7, §9)', () => {
  it('needs both addresses longer than 5 characters', () => {
    expect(addressesValid('Sol 1,', 'Calle Mayor 2')).toBe(true);
    expect(addressesValid('Sol 1', 'Calle Mayor 2')).toBe(false);
    expect(addressesValid('  Sol 1   ', 'Calle Mayor 2')).toBe(false);
    expect(routeQueryReady('Calle Mayor 2', 'Gran Vía 1')).toBe(true);
    expect(routeQueryReady('Calle Mayor 2', 'Sol 1')).toBe(false);
  });

  it('waits while either address ends with a comma (the user is still typing the city)', () => {
    expect(routeQueryReady('Calle Mayor 2,', 'Gran Vía 1, Madrid')).toBe(false);
    expect(routeQueryReady('Calle Mayor 2, Madrid', 'Gran Vía 1, ')).toBe(false);
    expect(routeQueryReady('Calle Mayor 2, Madrid', 'Gran Vía 1, Madrid')).toBe(true);
  });

  it('counts a route only for the addresses it was asked for', () => {
    const calc = complete();
    expect(currentRoute(calc).status).toBe('ready');
    const edited = { ...calc, origin: { ...calc.origin, address: `${ORIGIN}, España` } };
    expect(currentRoute(edited).status).toBe('idle');
    expect(needsRoute(edited)).toBe(true);
    expect(needsRoute(calc)).toBe(false);
    expect(needsRoute({ ...edited, origin: { ...edited.origin, address: 'Calle Mayor 2,' } })).toBe(false);
  });
});

describe('step rules (§4, §5)', () => {
  it('step 1 asks for valid addresses, then waits for the distance, and fails with the route', () => {
    const calc = complete();
    expect(stepWarning(1, { ...calc, origin: { ...calc.origin, address: 'Sol' } }, TODAY)).toBe(WARNINGS.addresses);
    expect(stepWarning(1, { ...calc, route: { status: 'idle' } }, TODAY)).toBe(WARNINGS.distancePending);
    expect(
      stepWarning(1, { ...calc, route: { status: 'loading', origin: ORIGIN, destination: DESTINATION } }, TODAY),
    ).toBe(WARNINGS.distancePending);
    expect(
      stepWarning(1, { ...calc, route: { status: 'error', origin: ORIGIN, destination: DESTINATION } }, TODAY),
    ).toBe(WARNINGS.distanceFailed);
    expect(stepWarning(1, { ...calc, route: readyRoute('Otra calle 1', DESTINATION) }, TODAY)).toBe(
      WARNINGS.distancePending,
    );
    expect(stepWarning(1, calc, TODAY)).toBeNull();
  });

  it('steps 2 and 4 are always valid', () => {
    const empty = initialCalculator();
    expect(stepIsValid(2, empty, TODAY)).toBe(true);
    expect(stepIsValid(4, empty, TODAY)).toBe(true);
  });

  it('step 3 needs at least one object or a pack', () => {
    expect(stepWarning(3, complete({ objects: [] }), TODAY)).toBe(WARNINGS.objects);
    expect(stepWarning(3, complete({ objects: [], offerPack: 'advanced' }), TODAY)).toBeNull();
    expect(stepWarning(3, complete(), TODAY)).toBeNull();
  });

  it('step 5 needs a preferred date, today or later; an alternative date may not be past either', () => {
    const calc = complete();
    const withDates = (preferredDate: string, alternativeDate = '') => ({
      ...calc,
      schedule: { ...calc.schedule, preferredDate, alternativeDate },
    });
    expect(stepWarning(5, withDates(''), TODAY)).toBe(WARNINGS.preferredDate);
    expect(stepWarning(5, withDates('2026-05-03'), TODAY)).toBe(WARNINGS.pastDate);
    expect(stepWarning(5, withDates(TODAY), TODAY)).toBeNull();
    expect(stepWarning(5, withDates(TODAY, '2026-05-01'), TODAY)).toBe(WARNINGS.pastDate);
    expect(stepWarning(5, withDates(TODAY, '2026-05-20'), TODAY)).toBeNull();
  });

  it('finds the first step that fails', () => {
    expect(firstInvalidStep(complete(), TODAY)).toBeNull();
    expect(firstInvalidStep(complete({ objects: [] }), TODAY)).toBe(3);
    expect(firstInvalidStep(initialCalculator(), TODAY)).toBe(1);
  });

  it('words the warnings as §5 does', () => {
    expect(WARNINGS).toMatchObject({
      addresses: 'Por favor, ingresa direcciones válidas de origen y destino.',
      distanceFailed: 'No se pudo calcular la distancia...',
      distancePending: 'Esperando el cálculo de distancia...',
      objects: 'Debe seleccionar al menos un objeto o un pack...',
      preferredDate: 'Por favor, selecciona una fecha preferida para la mudanza.',
    });
  });
});

describe('objects', () => {
  it('adds, changes and removes quantities, keeping the order of first choice', () => {
    let objects = setObjectQuantity([], BOX, 3);
    objects = setObjectQuantity(objects, SOFA, 1);
    objects = setObjectQuantity(objects, BOX, 5);
    expect(objects.map((o) => [o.id, o.quantity])).toEqual([
      [BOX.id, 5],
      [SOFA.id, 1],
    ]);
    expect(setObjectQuantity(objects, BOX, 0).map((o) => o.id)).toEqual([SOFA.id]);
    expect(setObjectQuantity(objects, BOX, -2).map((o) => o.id)).toEqual([SOFA.id]);
    expect(setObjectQuantity(objects, BOX, 1000).find((o) => o.id === BOX.id)?.quantity).toBe(99);
  });

  it('builds the image from imagen and imagen_tipo, and refuses what is not base64 or not an image', () => {
    expect(objectImageSrc(SOFA)).toBe(`data:image/svg+xml;base64,${SOFA.imagen}`);
    expect(objectImageSrc({ imagen: 'no es base64!', imagen_tipo: 'image/svg+xml' })).toBeNull();
    expect(objectImageSrc({ imagen: SOFA.imagen, imagen_tipo: 'text/html' })).toBeNull();
    expect(objectImageSrc({ imagen: '', imagen_tipo: 'image/png' })).toBeNull();
  });
});

describe('object search (§5: case and accents ignored)', () => {
  const catalogue = [SOFA, BOX, BED];

  it('matches regardless of case and accents, in either direction', () => {
    expect(filterCatalogue(catalogue, 'SOFA').map((o) => o.id)).toEqual([SOFA.id]);
    expect(filterCatalogue(catalogue, 'colchon').map((o) => o.id)).toEqual([BED.id]);
    expect(filterCatalogue([{ ...BOX, nombre: 'Caja pequena' }], 'pequeña')).toHaveLength(1);
  });

  it('needs every word typed, and looks at the category name too', () => {
    expect(filterCatalogue(catalogue, 'caja grande').map((o) => o.id)).toEqual([BOX.id]);
    expect(filterCatalogue(catalogue, 'caja pequeña')).toEqual([]);
    expect(filterCatalogue(catalogue, 'camas').map((o) => o.id)).toEqual([BED.id]);
  });

  it('lists the objects whose name matches before those found by their category', () => {
    const bed = { ...BED, id: 'cama-individual', nombre: 'Cama individual' };
    expect(filterCatalogue([bed, SOFA, BED], 'colchón').map((o) => o.id)).toEqual([BED.id, bed.id]);
  });

  it('shows everything for an empty query', () => {
    expect(filterCatalogue(catalogue, '   ')).toHaveLength(3);
  });
});

describe('the price request (§3)', () => {
  it('carries both sides with elevator as 1/0, objects as id and quantity, and the route figures', () => {
    const calc = complete({
      origin: {
        address: `  ${ORIGIN} `,
        propertyType: 'apartment_3_room',
        access: 'cant_park',
        floor: 'fourth',
        elevator: true,
      },
      destination: {
        address: DESTINATION,
        propertyType: 'house_2_rooms',
        access: 'normal',
        floor: 'ground',
        elevator: false,
      },
      objects: [
        { id: SOFA.id, nombre: SOFA.nombre, categoria: SOFA.categoria, quantity: 2 },
        { id: BOX.id, nombre: BOX.nombre, categoria: BOX.categoria, quantity: 10 },
      ],
      offerPack: 'esential',
      instructions: '  Portero automático  ',
    });
    // The route belongs to the untrimmed address as typed.
    calc.route = readyRoute(`  ${ORIGIN} `);
    expect(buildPriceRequest(calc)).toEqual({
      origin: { address: ORIGIN, propertyType: 'apartment_3_room', access: 'cant_park', floor: 'fourth', elevator: 1 },
      destination: {
        address: DESTINATION,
        propertyType: 'house_2_rooms',
        access: 'normal',
        floor: 'ground',
        elevator: 0,
      },
      objects: [
        { id: SOFA.id, quantity: 2 },
        { id: BOX.id, quantity: 10 },
      ],
      services: {
        dismount: false,
        dismountQuantity: 1,
        packaging: false,
        packagingQuantity: 1,
        bestPackaging: false,
        cleaning: false,
        fragile: false,
        longStairs: false,
      },
      schedule: {
        preferredDate: '2026-06-01',
        alternativeDate: null,
        flexibleDates: false,
        timePreference: 'flexible',
      },
      distance: 31.4,
      duration: 38,
      instructions: 'Portero automático',
      offerPack: 'esential',
    });
  });

  it('keeps service quantities within 1-10 and sends an alternative date when there is one', () => {
    const calc = complete({
      services: {
        ...initialCalculator().services,
        dismount: true,
        dismountQuantity: 14,
        packaging: true,
        packagingQuantity: 0,
      },
    });
    calc.schedule = { ...calc.schedule, alternativeDate: '2026-06-03', flexibleDates: true, timePreference: 'morning' };
    const body = buildPriceRequest(calc);
    expect(body.services).toMatchObject({
      dismount: true,
      dismountQuantity: 10,
      packaging: true,
      packagingQuantity: 1,
    });
    expect(body.schedule).toEqual({
      preferredDate: '2026-06-01',
      alternativeDate: '2026-06-03',
      flexibleDates: true,
      timePreference: 'morning',
    });
  });

  it('never sends an elevator for a ground floor or a type without floors', () => {
    const calc = complete({
      origin: { address: ORIGIN, propertyType: 'storage', access: 'normal', floor: 'third', elevator: true },
      destination: { address: DESTINATION, propertyType: 'studio', access: 'normal', floor: 'ground', elevator: true },
    });
    const body = buildPriceRequest(calc);
    expect(body.origin).toMatchObject({ floor: 'ground', elevator: 0 });
    expect(body.destination).toMatchObject({ floor: 'ground', elevator: 0 });
  });
});

describe('the offer packs (§3: only inside the M-30)', () => {
  it('apply only to a known route with both addresses inside the M-30', () => {
    expect(packsAvailable(complete())).toBe(false);
    const inside = complete({
      route: { ...(readyRoute() as Extract<RouteState, { status: 'ready' }>), insideM30: true },
    });
    expect(packsAvailable(inside)).toBe(true);
    // Not for addresses the route was not asked for, nor while it is being asked.
    expect(
      packsAvailable({ ...inside, destination: { ...inside.destination, address: 'Gran Vía 1, 28013 Madrid' } }),
    ).toBe(false);
    expect(packsAvailable(complete({ route: { status: 'loading', origin: ORIGIN, destination: DESTINATION } }))).toBe(
      false,
    );
  });
});

describe('the quote request (§3)', () => {
  it('is the price request with elevator as a boolean, the price shown and the contact', () => {
    const calc = complete({
      origin: { address: ORIGIN, propertyType: 'apartment_2_room', access: 'normal', floor: 'second', elevator: true },
      contactPreference: 'whatsapp',
    });
    const body = buildQuoteRequest(
      calc,
      {
        name: '  Lucía Fernández ',
        email: ' Lucia@Ejemplo.es ',
        phone: '612 345 678',
        consent: true,
        marketing: false,
      },
      187.2,
    );
    expect(body.contact).toEqual({
      name: 'Lucía Fernández',
      email: 'lucia@ejemplo.es',
      phone: '612345678',
      preferredContact: 'whatsapp',
    });
    expect(body.moveDetails.origin).toEqual({
      address: ORIGIN,
      propertyType: 'apartment_2_room',
      access: 'normal',
      floor: 'second',
      elevator: true,
    });
    expect(body.moveDetails.destination.elevator).toBe(false);
    expect(body.moveDetails.estimatedPrice).toBe(187.2);
    expect(body.moveDetails).toMatchObject({
      objects: [{ id: SOFA.id, quantity: 1 }],
      distance: 31.4,
      duration: 38,
      schedule: { timePreference: 'flexible' },
      offerPack: null,
    });
    expect(body.consent).toEqual({ contact: true, marketing: false });
  });

  it('leaves estimatedPrice out when no price could be calculated', () => {
    const body = buildQuoteRequest(complete(), { ...EMPTY_CONTACT, name: 'Ana', consent: true }, null);
    expect('estimatedPrice' in body.moveDetails).toBe(false);
    expect(body.moveDetails.objects).toEqual([{ id: SOFA.id, quantity: 1 }]);
  });

  it('may be sent once the price is known or known not to be calculable, not while it is asked for', () => {
    expect(priceSettled('ready')).toBe(true);
    expect(priceSettled('error')).toBe(true);
    expect(priceSettled('loading')).toBe(false);
    expect(priceSettled('idle')).toBe(false);
  });

  it("names the friend's link the visitor came through, and nothing without one", () => {
    const contact = { ...EMPTY_CONTACT, name: 'Ana', consent: true };
    expect(buildQuoteRequest(complete(), contact, 10, '7KQ2M9XA').referralCode).toBe('7KQ2M9XA');
    expect('referralCode' in buildQuoteRequest(complete(), contact, 10)).toBe(false);
  });

  it('asks for preferred contact phone when nobody chose another', () => {
    expect(buildQuoteRequest(complete(), { ...EMPTY_CONTACT, name: 'Ana' }, 10).contact.preferredContact).toBe('phone');
  });
});

describe('the quote contact (§5)', () => {
  it('wants an email of the shape text@text.text', () => {
    expect(quoteEmailError('')).toBe(QUOTE_MESSAGES.email);
    expect(quoteEmailError('lucia@ejemplo')).toBe('Por favor, introduzca un email válido.');
    expect(quoteEmailError(' lucia@ejemplo.es ')).toBeNull();
  });

  it('wants a phone of 9 digits, spaces ignored and +34 allowed', () => {
    expect(quotePhoneError('61234567')).toBe('Por favor, introduzca un número de teléfono válido.');
    expect(quotePhoneError('6123456789')).toBe(QUOTE_MESSAGES.phone);
    expect(quotePhoneError('612 345 678')).toBeNull();
    expect(quotePhoneError('+34 912 345 678')).toBeNull();
    expect(quotePhoneError('612-345-678')).toBe(QUOTE_MESSAGES.phone);
  });

  it('enables the button with a name and the consent to be contacted; marketing stays optional', () => {
    expect(canPressSend(EMPTY_CONTACT)).toBe(false);
    expect(canPressSend({ ...EMPTY_CONTACT, name: 'Ana' })).toBe(false);
    expect(canPressSend({ ...EMPTY_CONTACT, name: '   ', consent: true })).toBe(false);
    expect(canPressSend({ ...EMPTY_CONTACT, name: 'Ana', consent: true })).toBe(true);
    expect(EMPTY_CONTACT).toMatchObject({ consent: false, marketing: false });
  });
});
