import { waitFor } from '@testing-library/react';
import { vi } from 'vitest';
import type { CompanyLegalData, Role, StaffMove, User } from '../lib/api';

export function makeUser(overrides: Partial<User> & { role: Role }): User {
  return {
    id: '7b0c7a52-4e0e-4d52-9f43-2f6f1f7f0a01',
    email: 'persona@mudanzas.test',
    nombre: 'Persona de Prueba',
    username: null,
    telefono: '',
    direccion: '',
    ciudad: '',
    codigo_postal: '',
    nif: '',
    isUserEmailConfirmed: true,
    preferencias: { emailNotifications: false, smsNotifications: false, marketing: false },
    ...overrides,
  };
}

/** The company's legal data as invoices and waybills print it. */
export const TEST_COMPANY: CompanyLegalData = {
  nombre: 'Mudanzas Madrid S.L.',
  nif: 'B12345678',
  direccion: 'Calle de Alcalá 120',
  ciudad: '28009 Madrid',
  telefono: '910 000 000',
  email: 'facturacion@mudanzas.test',
};

/** A staff move document as a worker receives it (no prices). */
export function makeMove(overrides: Partial<StaffMove> & { id: number }): StaffMove {
  return {
    cliente_nombre: 'Marta Sánchez',
    cliente_telefono: '612 345 678',
    cliente_email: 'cliente@mudanzas.test',
    origen: 'Calle de Alcalá 100, Madrid',
    destino: 'Avenida de América 20, Madrid',
    fecha_programada: '2026-03-09',
    fecha_alternativa: null,
    flexible: false,
    estado: 'pendiente',
    urgencia: 'normal',
    objects: [{ id: 'sofa-3', nombre: 'Sofá de 3 plazas', peso: 45, quantity: 1 }],
    services: {
      dismount: false,
      dismount_quantity: 0,
      packaging: false,
      packaging_quantity: 0,
      cleaning: false,
      fragile: false,
      long_stairs: false,
    },
    photos: [],
    workerId: null,
    worker: 'Sin asignar',
    time: 'morning',
    instructions: '',
    contacto: {
      nombre: 'Marta Sánchez',
      telefono: '612 345 678',
      email: 'cliente@mudanzas.test',
      preferencia: 'phone',
    },
    property_details: {
      origin: { property_type: 'apartment_2_room', access: 'normal', floor: 'third', elevator: true },
      destination: { property_type: 'apartment_2_room', access: 'normal', floor: 'ground', elevator: false },
    },
    created_at: '2026-02-01T10:00:00Z',
    updated_at: '2026-02-01T10:00:00Z',
    version: 1,
    factura: null,
    albaran: null,
    ...overrides,
  };
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

type Handler = (init: RequestInit | undefined, url: string) => Response | Promise<Response>;

/**
 * Replaces fetch with a table of `METHOD /path` handlers; anything else fails the test loudly. A
 * key ending in `*` answers every URL that starts with what comes before it (an exact key wins).
 * Returns the mock so tests can inspect the calls.
 */
export function mockFetch(handlers: Record<string, Handler>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const key = `${init?.method ?? 'GET'} ${url}`;
    const handler =
      handlers[key] ?? Object.entries(handlers).find(([k]) => k.endsWith('*') && key.startsWith(k.slice(0, -1)))?.[1];
    if (!handler) throw new Error(`Llamada inesperada: ${key}`);
    return handler(init, url);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/**
 * Waits for a lazy page's chunk: until the layout's loading fallback has gone. Pages other than
 * the home page are loaded with React.lazy, so right after a route render only the fallback shows.
 */
export async function waitForPage(): Promise<void> {
  await waitFor(() => {
    if (document.querySelector('.page-loading[role="status"]')) throw new Error('La página sigue cargando');
  });
}

/** GET /api/mis-estadisticas for a client with nothing to count yet. */
export const NO_FIGURES = {
  success: true,
  email_confirmado: true,
  mudanzas_realizadas: 0,
  total_pagado_cents: 0,
  valoracion_media: null,
  valoraciones: 0,
  ahorro_cents: 0,
  mudanzas_con_ahorro: 0,
};
