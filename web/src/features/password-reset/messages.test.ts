import { describe, expect, it } from 'vitest';
import { NetworkError, type ApiResponse, type SuccessResponse } from '../../lib/api';
import { forgotPasswordError, RECOVERY_MESSAGES, resetPasswordError, thrownError } from './messages';

function answer(status: number, body: SuccessResponse | null): ApiResponse<SuccessResponse> {
  return { ok: status >= 200 && status < 300, status, body };
}

describe('forgotPasswordError (§8 Forgot password)', () => {
  it('is null when the email was sent', () => {
    expect(forgotPasswordError(answer(200, { success: true }))).toBeNull();
  });

  it('404: no account with that email, whatever the body says', () => {
    expect(forgotPasswordError(answer(404, { success: false, error: 'Ruta no encontrada' }))).toBe(
      'No encontramos una cuenta con ese email.',
    );
    expect(forgotPasswordError(answer(404, null))).toBe(RECOVERY_MESSAGES.notFound);
  });

  it('400: the server message, else the invalid-email message', () => {
    expect(forgotPasswordError(answer(400, { success: false, error: 'Ingresa un email válido' }))).toBe(
      'Ingresa un email válido',
    );
    expect(forgotPasswordError(answer(400, { success: false }))).toBe('Por favor, introduce un email válido.');
    expect(forgotPasswordError(answer(400, { success: false, error: '  ' }))).toBe(RECOVERY_MESSAGES.invalidEmail);
  });

  it('429: the server message, else the too-many-attempts message', () => {
    expect(
      forgotPasswordError(
        answer(429, { success: false, error: 'Demasiados intentos. Espera antes de intentar de nuevo.' }),
      ),
    ).toBe('Demasiados intentos. Espera antes de intentar de nuevo.');
    expect(forgotPasswordError(answer(429, { success: false }))).toBe(RECOVERY_MESSAGES.tooMany);
  });

  it('500: the fixed internal-error message, even with a server text or an HTML body', () => {
    const expected = 'Error interno del servidor. Por favor, inténtalo más tarde.';
    expect(forgotPasswordError(answer(500, { success: false, error: 'panic' }))).toBe(expected);
    expect(forgotPasswordError(answer(500, null))).toBe(expected);
  });

  it('other statuses: the server message, else the unexpected-error message', () => {
    expect(forgotPasswordError(answer(503, { success: false, error: 'En mantenimiento' }))).toBe('En mantenimiento');
    expect(forgotPasswordError(answer(502, { success: false }))).toBe(
      'Ha ocurrido un error inesperado. Por favor, inténtalo de nuevo.',
    );
    // A 200 that does not say success is not a success.
    expect(forgotPasswordError(answer(200, { success: false }))).toBe(RECOVERY_MESSAGES.unexpected);
  });

  it('a body that is not JSON: invalid server answer (also on 200, 400 and 429)', () => {
    for (const status of [200, 400, 429, 502]) {
      expect(forgotPasswordError(answer(status, null))).toBe('Respuesta del servidor inválida');
    }
  });
});

describe('thrownError', () => {
  it('names the connection for a network failure and falls back for anything else', () => {
    expect(thrownError(new NetworkError(new TypeError('Failed to fetch')))).toBe(
      'Error de conexión. Por favor, verifica tu conexión a internet e inténtalo de nuevo.',
    );
    expect(thrownError(new Error('boom'))).toBe(RECOVERY_MESSAGES.unexpected);
  });
});

describe('resetPasswordError', () => {
  it('is null on success and shows the server reason on 400', () => {
    expect(resetPasswordError(answer(200, { success: true }))).toBeNull();
    expect(resetPasswordError(answer(400, { success: false, error: RECOVERY_MESSAGES.invalidLink }))).toBe(
      'El enlace no es válido o ha caducado. Solicita uno nuevo.',
    );
  });

  it('uses the fixed texts for 500, non-JSON bodies and missing messages', () => {
    expect(resetPasswordError(answer(500, { success: false, error: 'x' }))).toBe(RECOVERY_MESSAGES.server);
    expect(resetPasswordError(answer(400, null))).toBe(RECOVERY_MESSAGES.invalidResponse);
    expect(resetPasswordError(answer(429, { success: false }))).toBe(RECOVERY_MESSAGES.tooMany);
    expect(resetPasswordError(answer(400, { success: false }))).toBe(RECOVERY_MESSAGES.unexpected);
  });
});
