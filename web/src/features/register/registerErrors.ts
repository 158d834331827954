// §8 'Register': which message the error toast shows for each way POST /api/register can fail.
import { errorText, NetworkError, type ApiResponse, type RegisterResponse } from '../../lib/api';

export const REGISTER_MESSAGES = {
  emailTaken: 'Este email ya está registrado. Intenta con otro email.',
  invalidData: 'Datos inválidos. Verifica tu información.',
  serverNotJson: 'Error del servidor. Por favor intenta nuevamente más tarde.',
  notJson: 'Error de conexión. Intenta nuevamente.',
  server: 'Error del servidor. Intenta nuevamente.',
  network: 'No se pudo conectar al servidor. Verifica tu conexión a internet.',
  aborted: 'La solicitud fue cancelada. Intenta nuevamente.',
  unexpected: 'Error inesperado. Por favor intenta nuevamente.',
} as const;

/** The message for an answer the server gave that is not a successful registration. */
export function registerResponseError(response: Pick<ApiResponse<RegisterResponse>, 'status' | 'body'>): string {
  const { status, body } = response;
  if (status === 409) return REGISTER_MESSAGES.emailTaken;
  // A 400 names the first §5 rule that failed; that says more than the generic text.
  if (status === 400) return errorText(body, REGISTER_MESSAGES.invalidData);
  if (body === null) return status === 500 ? REGISTER_MESSAGES.serverNotJson : REGISTER_MESSAGES.notJson;
  return errorText(body, REGISTER_MESSAGES.server);
}

// Not `instanceof Error`: an aborted fetch rejects with a DOMException, which is not an Error
// subclass in every runtime.
function isAbort(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
}

/** The message for a call that threw instead of answering. */
export function registerThrownError(error: unknown): string {
  // api.ts wraps every fetch failure in NetworkError; an aborted fetch is one of them.
  if (isAbort(error) || (error instanceof NetworkError && isAbort(error.cause))) return REGISTER_MESSAGES.aborted;
  if (error instanceof NetworkError) return REGISTER_MESSAGES.network;
  return REGISTER_MESSAGES.unexpected;
}
