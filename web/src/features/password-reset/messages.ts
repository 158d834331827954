import { NetworkError, type ApiResponse, type SuccessResponse } from '../../lib/api';
import { MESSAGES } from '../../lib/validation';

/** §8 'Forgot password', worded exactly as the spec words it. */
export const RECOVERY_MESSAGES = {
  invalidEmail: MESSAGES.recoveryEmail,
  notFound: 'No encontramos una cuenta con ese email.',
  tooMany: 'Demasiados intentos. Espera antes de intentar de nuevo.',
  server: 'Error interno del servidor. Por favor, inténtalo más tarde.',
  unexpected: 'Ha ocurrido un error inesperado. Por favor, inténtalo de nuevo.',
  invalidResponse: 'Respuesta del servidor inválida',
  network: 'Error de conexión. Por favor, verifica tu conexión a internet e inténtalo de nuevo.',
  invalidLink: 'El enlace no es válido o ha caducado. Solicita uno nuevo.',
} as const;

function serverMessage(body: SuccessResponse | null): string | null {
  const text = body?.error;
  return typeof text === 'string' && text.trim() !== '' ? text : null;
}

/**
 * What the error view says after POST /api/forgot-password; null when the email was sent.
 * 404 and 500 have fixed texts that do not depend on the body, so they win even over a body
 * that is not JSON (a proxy's HTML error page still reads as 'server error', not 'invalid answer').
 */
export function forgotPasswordError(response: ApiResponse<SuccessResponse>): string | null {
  const { status, body } = response;
  if (status === 404) return RECOVERY_MESSAGES.notFound;
  if (status === 500) return RECOVERY_MESSAGES.server;
  if (body === null) return RECOVERY_MESSAGES.invalidResponse;
  if (response.ok && body.success) return null;
  const fromServer = serverMessage(body);
  if (status === 400) return fromServer ?? RECOVERY_MESSAGES.invalidEmail;
  if (status === 429) return fromServer ?? RECOVERY_MESSAGES.tooMany;
  return fromServer ?? RECOVERY_MESSAGES.unexpected;
}

/** What the error view says when the call itself threw (no answer at all, or a bug). */
export function thrownError(error: unknown): string {
  return error instanceof NetworkError ? RECOVERY_MESSAGES.network : RECOVERY_MESSAGES.unexpected;
}

/**
 * The message after POST /api/restablecer-password fails; null on success. The server words its
 * 400s itself (a password rule of §5, or a link that expired while the form was open).
 */
export function resetPasswordError(response: ApiResponse<SuccessResponse>): string | null {
  const { status, body } = response;
  if (status === 500) return RECOVERY_MESSAGES.server;
  if (body === null) return RECOVERY_MESSAGES.invalidResponse;
  if (response.ok && body.success) return null;
  if (status === 429) return serverMessage(body) ?? RECOVERY_MESSAGES.tooMany;
  return serverMessage(body) ?? RECOVERY_MESSAGES.unexpected;
}
