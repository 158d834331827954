import { describe, expect, it } from 'vitest';
import {
  buildCreateRequest,
  firstInvalidStep,
  initialWizardForm,
  setElevator,
  setFloor,
  setObjectQuantity,
  setPropertyType,
  validateStep,
  type WizardForm,
} from './wizard';
import { showsElevator } from '../../lib/moveOptions';

const sofa = { id: 'sofa-3-plazas', nombre: 'Sofá de 3 plazas', peso: 55 };
const box = { id: 'caja-mediana', nombre: 'Caja mediana', peso: 8 };

function filled(overrides: Partial<WizardForm> = {}): WizardForm {
  let form: WizardForm = {
    ...initialWizardForm(),
    clientEmail: 'marta@ejemplo.es',
    originAddress: 'Calle de Alcalá 120, 28009 Madrid',
    destinationAddress: 'Calle Mayor 2, 28801 Alcalá de Henares',
    preferredDate: '2099-05-04',
    contactName: 'Marta Sánchez',
    contactPhone: '612 345 678',
    basePrice: '180',
    distanceCost: '21',
    servicesCost: '40',
    urgencyCost: '0',
  };
  form = setObjectQuantity(form, sofa, 1);
  return { ...form, ...overrides };
}

describe('§3 wizard defaults', () => {
  it('starts with the spec defaults', () => {
    expect(initialWizardForm()).toMatchObject({
      originPropertyType: 'apartment_1_room',
      destinationPropertyType: 'apartment_1_room',
      originAccess: 'normal',
      originFloor: 'ground',
      timePreference: 'flexible',
      contactPreference: 'phone',
      ivaEnabled: true,
      selectedObjects: [],
    });
  });
});

describe('§5 wizard validation', () => {
  it('step 1 needs the client email', () => {
    expect(validateStep(1, filled({ clientEmail: '  ' }))).toBe('El email del cliente es requerido');
    expect(validateStep(1, filled())).toBeNull();
  });

  it('step 2 needs both addresses', () => {
    expect(validateStep(2, filled({ originAddress: '' }))).toBe('Las direcciones son requeridas');
    expect(validateStep(2, filled({ destinationAddress: ' ' }))).toBe('Las direcciones son requeridas');
    expect(validateStep(2, filled())).toBeNull();
  });

  it('steps 3, 5 and 9 check nothing', () => {
    const empty = initialWizardForm();
    expect(validateStep(3, empty)).toBeNull();
    expect(validateStep(5, empty)).toBeNull();
    expect(validateStep(9, empty)).toBeNull();
  });

  it('step 4 needs at least one object', () => {
    expect(validateStep(4, filled({ selectedObjects: [] }))).toBe('Debe seleccionar al menos un objeto');
    expect(validateStep(4, filled())).toBeNull();
  });

  it('step 6 needs the preferred date, not before today, and an alternative not before it', () => {
    expect(validateStep(6, filled({ preferredDate: '' }))).toBe('La fecha preferida es requerida');
    expect(validateStep(6, filled())).toBeNull();
    const today = '2099-05-04';
    expect(validateStep(6, filled({ preferredDate: '2099-05-03' }), today)).toBe(
      'La fecha no puede ser anterior a hoy',
    );
    expect(validateStep(6, filled({ preferredDate: today }), today)).toBeNull();
    expect(validateStep(6, filled({ alternativeDate: '2099-05-01' }), today)).toBe(
      'La fecha alternativa no puede ser anterior a la preferida',
    );
    expect(validateStep(6, filled({ alternativeDate: '2099-05-05' }), today)).toBeNull();
  });

  it('step 7 needs the contact name and phone', () => {
    expect(validateStep(7, filled({ contactName: '' }))).toBe('La información de contacto es requerida');
    expect(validateStep(7, filled({ contactPhone: ' ' }))).toBe('La información de contacto es requerida');
    expect(validateStep(7, filled({ contactEmail: '' }))).toBeNull();
  });

  it('step 8 needs a total above 0 and an advance between 0 and the total', () => {
    const zero = { basePrice: '', distanceCost: '', servicesCost: '', urgencyCost: '' };
    expect(validateStep(8, filled(zero))).toBe('El precio total debe ser mayor a 0');
    expect(validateStep(8, filled({ basePrice: '-5' }))).toBe('Los precios deben ser importes válidos, de 0 € o más');
    expect(validateStep(8, filled({ basePrice: 'abc' }))).toBe('Los precios deben ser importes válidos, de 0 € o más');
    // 241 € + 21% = 291,61 €
    expect(validateStep(8, filled({ advancePayment: '291.62' }))).toBe(
      'El anticipo solicitado debe estar entre 0 € y el precio total',
    );
    expect(validateStep(8, filled({ advancePayment: '291.61' }))).toBeNull();
    expect(validateStep(8, filled())).toBeNull();
  });

  it('finds the first step that fails', () => {
    expect(firstInvalidStep(filled())).toBeNull();
    expect(firstInvalidStep(filled({ selectedObjects: [], contactName: '' }))).toEqual({
      step: 4,
      error: 'Debe seleccionar al menos un objeto',
    });
  });
});

describe('§4 floor and elevator rules', () => {
  it('a property without floors resets the floor to ground and the elevator off', () => {
    let form = setFloor(initialWizardForm(), 'origin', 'third');
    form = setElevator(form, 'origin', true);
    expect(form).toMatchObject({ originFloor: 'third', originElevator: true });
    form = setPropertyType(form, 'origin', 'house_2_rooms');
    expect(form).toMatchObject({ originPropertyType: 'house_2_rooms', originFloor: 'ground', originElevator: false });
    // The other side is untouched.
    expect(form.destinationPropertyType).toBe('apartment_1_room');
  });

  it('ground floor sets the elevator off', () => {
    let form = setFloor(initialWizardForm(), 'destination', 'fifth');
    form = setElevator(form, 'destination', true);
    form = setFloor(form, 'destination', 'ground');
    expect(form.destinationElevator).toBe(false);
  });

  it('the elevator is offered only above ground on a type with floors', () => {
    expect(showsElevator('apartment_2_rooms', 'ground')).toBe(false);
    expect(showsElevator('apartment_2_rooms', 'first')).toBe(true);
    expect(showsElevator('office', 'first')).toBe(false);
    expect(setElevator(initialWizardForm(), 'origin', true).originElevator).toBe(false);
  });
});

describe('objects', () => {
  it('adds, changes and removes quantities', () => {
    let form = setObjectQuantity(initialWizardForm(), box, 3);
    form = setObjectQuantity(form, sofa, 1);
    form = setObjectQuantity(form, box, 5);
    expect(form.selectedObjects).toEqual([
      { ...box, quantity: 5 },
      { ...sofa, quantity: 1 },
    ]);
    form = setObjectQuantity(form, box, 0);
    expect(form.selectedObjects).toEqual([{ ...sofa, quantity: 1 }]);
  });
});

describe('the create request', () => {
  it('carries the §7 fields, euros, and a total equal to the computed one', () => {
    let form = filled({
      advancePayment: '50',
      alternativeDate: '',
      dismount: true,
      dismountQuantity: 14,
      fragile: true,
      instructions: '  Portero automático  ',
      urgency: 'urgente',
    });
    form = setFloor(form, 'origin', 'fourth');
    form = setElevator(form, 'origin', true);
    form = setPropertyType(form, 'destination', 'office');
    const body = buildCreateRequest(form);
    expect(body).toMatchObject({
      cliente_nombre: 'Marta Sánchez',
      cliente_telefono: '612 345 678',
      cliente_email: 'marta@ejemplo.es',
      contacto_email: 'marta@ejemplo.es',
      contacto_preferencia: 'phone',
      fecha_programada: '2099-05-04',
      fecha_alternativa: null,
      flexible: false,
      hora_preferida: 'flexible',
      estado: 'pendiente',
      urgencia: 'urgente',
      objects: [{ ...sofa, quantity: 1 }],
      services: { dismount: true, dismount_quantity: 10, packaging: false, packaging_quantity: 0, fragile: true },
      property_details: {
        origin: { property_type: 'apartment_1_room', access: 'normal', floor: 'fourth', elevator: 1 },
        destination: { property_type: 'office', access: 'normal', floor: 'ground', elevator: 0 },
      },
      instrucciones: 'Portero automático',
      precio: { base: 180, distancia: 21, servicios: 40, urgencia: 0, iva: true },
      pago_adelantado: 50,
      precio_total: 291.61,
    });
  });

  it('without VAT the total is the subtotal', () => {
    const body = buildCreateRequest(filled({ ivaEnabled: false, basePrice: '100,10' }));
    expect(body.precio).toMatchObject({ base: 100.1, iva: false });
    expect(body.precio_total).toBe(161.1);
  });
});
