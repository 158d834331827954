import { vi } from 'vitest';
import type { Role, User } from '../lib/api';

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
    isUserEmailConfirmed: true,
    preferencias: { emailNotifications: false, smsNotifications: false, marketing: false },
    ...overrides,
  };
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

type Handler = (init: RequestInit | undefined) => Response | Promise<Response>;

/**
 * Replaces fetch with a table of `METHOD /path` handlers; anything else fails the test loudly.
 * Returns the mock so tests can inspect the calls.
 */
export function mockFetch(handlers: Record<string, Handler>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const key = `${init?.method ?? 'GET'} ${url}`;
    const handler = handlers[key];
    if (!handler) throw new Error(`Llamada inesperada: ${key}`);
    return handler(init);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
