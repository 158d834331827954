import { describe, expect, it } from 'vitest';
import { makeMove } from '../../test/fixtures';
import { buildUpdateRequest, editFormFrom, validateEdit } from './editMove';

const move = makeMove({ id: 12, version: 7, precio_total: 352.11 });

describe('§5 move edit validation', () => {
  it('accepts a move as it is', () => {
    expect(validateEdit(editFormFrom(move))).toEqual({});
  });

  it('names every missing required field', () => {
    const form = {
      ...editFormFrom(move),
      cliente_nombre: ' ',
      origen: '',
      destino: '',
      fecha_programada: '',
      precio_total: '',
    };
    expect(validateEdit(form)).toEqual({
      cliente_nombre: 'El nombre del cliente es requerido',
      origen: 'La dirección de origen es requerida',
      destino: 'La dirección de destino es requerida',
      fecha_programada: 'La fecha es requerida',
      precio_total: 'El precio es requerido',
    });
  });

  it('refuses a price that is not an amount of 0 € or more', () => {
    expect(validateEdit({ ...editFormFrom(move), precio_total: '-1' }).precio_total).toBe(
      'El precio debe ser un importe válido, de 0 € o más',
    );
    expect(validateEdit({ ...editFormFrom(move), precio_total: '0' })).toEqual({});
  });
});

describe('the update request', () => {
  it('sends the version the form was filled from, and the price in euros', () => {
    const form = { ...editFormFrom(move), origen: '  Calle Nueva 1, Madrid ', estado: 'confirmada' as const, precio_total: '400,5' };
    expect(buildUpdateRequest(move, form)).toEqual({
      id: 12,
      version: 7,
      origen: 'Calle Nueva 1, Madrid',
      destino: move.destino,
      fecha_programada: move.fecha_programada,
      estado: 'confirmada',
      urgencia: 'normal',
      cliente_nombre: move.cliente_nombre,
      cliente_telefono: move.cliente_telefono,
      cliente_email: move.cliente_email,
      objects: move.objects,
      services: move.services,
      precio_total: 400.5,
    });
  });

  it('fills the price from the cents breakdown when precio_total is absent', () => {
    const priced = makeMove({
      id: 3,
      precio: {
        base_cents: 10_000,
        distance_cents: 0,
        services_cents: 0,
        urgency_cents: 0,
        iva_enabled: true,
        subtotal_cents: 10_000,
        tax_cents: 2_100,
        total_cents: 12_100,
        advance_cents: 0,
      },
    });
    expect(editFormFrom(priced).precio_total).toBe('121');
  });
});
