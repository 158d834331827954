import { describe, expect, it } from 'vitest';
import { makeMove } from '../../test/fixtures';
import { buildUpdateRequest, editFormFrom, editPrice, validateEdit } from './editMove';

const move = makeMove({ id: 12, version: 7, precio_total: 352.11 });

const priced = makeMove({
  id: 12,
  version: 7,
  precio: {
    base_cents: 18_000,
    distance_cents: 2_100,
    services_cents: 4_000,
    urgency_cents: 5_000,
    iva_enabled: true,
    subtotal_cents: 29_100,
    tax_cents: 6_111,
    total_cents: 35_211,
    advance_cents: 10_000,
  },
});

describe('§5 move edit validation', () => {
  it('accepts a move as it is', () => {
    expect(validateEdit(editFormFrom(move))).toEqual({});
    expect(validateEdit(editFormFrom(priced))).toEqual({});
  });

  it('names every missing required field', () => {
    const form = {
      ...editFormFrom(priced),
      cliente_nombre: ' ',
      origen: '',
      destino: '',
      fecha_programada: '',
      basePrice: '',
      distanceCost: '',
      servicesCost: '',
      urgencyCost: '',
    };
    expect(validateEdit(form)).toEqual({
      cliente_nombre: 'El nombre del cliente es requerido',
      origen: 'La dirección de origen es requerida',
      destino: 'La dirección de destino es requerida',
      fecha_programada: 'La fecha es requerida',
      precio: 'El precio es requerido',
    });
  });

  it('refuses negative lines, a zero total and an advance beyond the total', () => {
    expect(validateEdit({ ...editFormFrom(priced), distanceCost: '-1' }).precio).toBe(
      'Los importes deben ser de 0 € o más, en pasos de 0,01 €',
    );
    const zero = { ...editFormFrom(priced), basePrice: '0', distanceCost: '0', servicesCost: '0', urgencyCost: '0' };
    expect(validateEdit({ ...zero, advancePayment: '0' })).toEqual({ precio: 'El precio total debe ser mayor a 0' });
    expect(validateEdit({ ...editFormFrom(priced), advancePayment: '352.12' }).pago_adelantado).toBe(
      'El anticipo solicitado debe estar entre 0 € y el precio total',
    );
  });
});

describe('the update request', () => {
  it('fills the form with the lines and the VAT choice of the move', () => {
    expect(editFormFrom(priced)).toMatchObject({
      basePrice: '180',
      distanceCost: '21',
      servicesCost: '40',
      urgencyCost: '50',
      ivaEnabled: true,
      advancePayment: '100',
    });
  });

  // Issue 17, item 1: the form once sent a bare total, which dropped the VAT and the lines.
  it('sends the lines and the VAT choice with the total they make, never a bare total', () => {
    const form = {
      ...editFormFrom(priced),
      origen: '  Calle Nueva 1, Madrid ',
      estado: 'confirmada' as const,
      basePrice: '200',
    };
    expect(buildUpdateRequest(priced, form)).toEqual({
      id: 12,
      version: 7,
      origen: 'Calle Nueva 1, Madrid',
      destino: priced.destino,
      fecha_programada: priced.fecha_programada,
      estado: 'confirmada',
      urgencia: 'normal',
      cliente_nombre: priced.cliente_nombre,
      cliente_telefono: priced.cliente_telefono,
      cliente_email: priced.cliente_email,
      objects: priced.objects,
      services: priced.services,
      precio: { base: 200, distancia: 21, servicios: 40, urgencia: 50, iva: true },
      pago_adelantado: 100,
      // (200 + 21 + 40 + 50) × 1.21 = 376.31
      precio_total: 376.31,
    });
    expect(editPrice(form)).toMatchObject({ subtotalCents: 31_100, taxCents: 6_531, totalCents: 37_631 });
  });

  it('shows a move known only by its total as that base, without VAT', () => {
    expect(editFormFrom(move)).toMatchObject({ basePrice: '352.11', ivaEnabled: false });
  });
});
