import { describe, expect, it } from 'vitest';
import { NetworkError } from '../../lib/api';
import { REGISTER_MESSAGES, registerResponseError, registerThrownError } from './registerErrors';

describe('registerResponseError (§8 Register)', () => {
  it('409: the email is taken, whatever the body says', () => {
    expect(registerResponseError({ status: 409, body: { success: false, error: 'Conflicto' } })).toBe(
      'Este email ya está registrado. Intenta con otro email.',
    );
    expect(registerResponseError({ status: 409, body: null })).toBe(REGISTER_MESSAGES.emailTaken);
  });

  it("400: the server's message, which names the failing rule, else the generic text", () => {
    expect(
      registerResponseError({ status: 400, body: { success: false, error: 'Ingresa un número de teléfono válido' } }),
    ).toBe('Ingresa un número de teléfono válido');
    expect(registerResponseError({ status: 400, body: { success: false } })).toBe(
      'Datos inválidos. Verifica tu información.',
    );
    expect(registerResponseError({ status: 400, body: { success: false, error: '  ' } })).toBe(
      REGISTER_MESSAGES.invalidData,
    );
    expect(registerResponseError({ status: 400, body: null })).toBe(REGISTER_MESSAGES.invalidData);
  });

  it('a 500 that is not JSON asks to try later; other non-JSON answers read as a connection error', () => {
    expect(registerResponseError({ status: 500, body: null })).toBe(
      'Error del servidor. Por favor intenta nuevamente más tarde.',
    );
    expect(registerResponseError({ status: 502, body: null })).toBe('Error de conexión. Intenta nuevamente.');
    expect(registerResponseError({ status: 201, body: null })).toBe(REGISTER_MESSAGES.notJson);
  });

  it("other JSON answers show the server's error field, else the generic server error", () => {
    expect(
      registerResponseError({
        status: 429,
        body: { success: false, error: 'Demasiados intentos. Espera antes de intentar de nuevo.' },
      }),
    ).toBe('Demasiados intentos. Espera antes de intentar de nuevo.');
    expect(registerResponseError({ status: 500, body: { success: false } })).toBe(
      'Error del servidor. Intenta nuevamente.',
    );
    // A 201 without the new account is no success either.
    expect(registerResponseError({ status: 201, body: { success: true } })).toBe(REGISTER_MESSAGES.server);
  });
});

describe('registerThrownError', () => {
  it('network failures ask to check the connection', () => {
    expect(registerThrownError(new NetworkError(new TypeError('Failed to fetch')))).toBe(
      'No se pudo conectar al servidor. Verifica tu conexión a internet.',
    );
  });

  it('an aborted request says it was cancelled, wrapped or not', () => {
    const abort = new DOMException('The operation was aborted.', 'AbortError');
    expect(registerThrownError(abort)).toBe('La solicitud fue cancelada. Intenta nuevamente.');
    expect(registerThrownError(new NetworkError(abort))).toBe(REGISTER_MESSAGES.aborted);
  });

  it('anything else is unexpected', () => {
    expect(registerThrownError(new SyntaxError('boom'))).toBe('Error inesperado. Por favor intenta nuevamente.');
    expect(registerThrownError('texto')).toBe(REGISTER_MESSAGES.unexpected);
  });
});
