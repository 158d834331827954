import { useCallback, useEffect, useState } from 'react';
import { fetchPaymentSession, NetworkError, type PaymentSession } from '../../lib/api';

export type SessionState =
  | { kind: 'loading' }
  | { kind: 'ready'; session: PaymentSession }
  | { kind: 'gone'; message: string }
  | { kind: 'error'; message: string };

export const SESSION_GONE = 'El enlace de pago no es válido o ha caducado. Vuelve a acceder con tu clave de pago.';

/** The payment session of `/pago?id=`: what the move is and what can be paid now. */
export function usePaymentSession(id: string | null) {
  const [state, setState] = useState<SessionState>({ kind: 'loading' });

  const load = useCallback(async () => {
    if (!id) {
      setState({ kind: 'gone', message: SESSION_GONE });
      return;
    }
    try {
      const response = await fetchPaymentSession(id);
      if (response.ok && response.body?.pago) setState({ kind: 'ready', session: response.body.pago });
      // 400: not even the shape of a session id.
      else if (response.status === 404 || response.status === 400) setState({ kind: 'gone', message: SESSION_GONE });
      else setState({ kind: 'error', message: response.body?.error ?? 'No se pudo cargar el pago.' });
    } catch (cause) {
      setState({
        kind: 'error',
        message:
          cause instanceof NetworkError ? 'Error de conexión. Inténtalo de nuevo.' : 'No se pudo cargar el pago.',
      });
    }
  }, [id]);

  useEffect(() => {
    void load();
  }, [load]);

  return { state, reload: load };
}
