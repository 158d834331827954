import { create } from 'zustand';
import {
  errorText,
  fetchMoveHistory,
  fetchMoveStateAt,
  verifyLog,
  type AuditEvent,
  type AuditStateResponse,
  type LogVerification,
} from '../../lib/api';
import { createMoveWindowStore } from '../../lib/moveWindowStore';

/** The audit search: a window of GET /api/mudanzas, newest first, searched like every staff list. */
export const useAuditWindow = createMoveWindowStore({ filter: { orden: '-numero' } });

// The audit screen's state: the search (its results are useAuditWindow), the move being audited with its history, the state as of
// an instant, and the log's integrity check. An answer that arrives after the question changed
// (another search, another move) is dropped.

export type Verification =
  | { kind: 'idle' }
  | { kind: 'checking' }
  | { kind: 'done'; result: LogVerification }
  | { kind: 'error'; message: string };

interface AuditState {
  query: string;

  selectedId: number | null;
  history: AuditEvent[] | null;
  loadingHistory: boolean;
  historyError: string | null;

  /** The instant asked about, RFC 3339 (exact: a clicked event's own recording time). */
  instant: string | null;
  asOf: AuditStateResponse | null;
  loadingAsOf: boolean;
  asOfError: string | null;

  verification: Verification;

  setQuery: (query: string) => void;
  search: (query?: string) => Promise<void>;
  select: (id: number | null) => Promise<void>;
  reloadHistory: () => Promise<void>;
  setInstant: (instant: string | null) => void;
  loadStateAt: (instant?: string) => Promise<void>;
  verify: () => Promise<void>;
  reset: () => void;
}

const NETWORK = 'No se pudo conectar con el servidor. Inténtalo de nuevo.';

let historyTicket = 0;
let asOfTicket = 0;

const initial = {
  query: '',
  selectedId: null,
  history: null,
  loadingHistory: false,
  historyError: null,
  instant: null,
  asOf: null,
  loadingAsOf: false,
  asOfError: null,
  verification: { kind: 'idle' } as Verification,
};

export const useAuditStore = create<AuditState>()((set, get) => ({
  ...initial,

  setQuery: (query) => set({ query }),

  search: (query = get().query) => useAuditWindow.getState().setFilter({ q: query.trim() || undefined }),

  select: async (id) => {
    asOfTicket++;
    set({
      selectedId: id,
      history: null,
      historyError: null,
      instant: null,
      asOf: null,
      asOfError: null,
      loadingAsOf: false,
    });
    if (id === null) {
      historyTicket++;
      set({ loadingHistory: false });
      return;
    }
    await get().reloadHistory();
  },

  reloadHistory: async () => {
    const id = get().selectedId;
    if (id === null) return;
    const ticket = ++historyTicket;
    set({ loadingHistory: true, historyError: null });
    try {
      const response = await fetchMoveHistory(id);
      if (ticket !== historyTicket) return;
      if (response.ok && Array.isArray(response.body?.eventos)) {
        set({ history: response.body.eventos, loadingHistory: false });
      } else {
        set({
          loadingHistory: false,
          historyError: errorText(response.body, 'No se pudo leer el historial de la mudanza.'),
        });
      }
    } catch {
      if (ticket === historyTicket) set({ loadingHistory: false, historyError: NETWORK });
    }
  },

  setInstant: (instant) => set({ instant }),

  loadStateAt: async (instant = get().instant ?? undefined) => {
    const id = get().selectedId;
    if (id === null || instant === undefined) return;
    const ticket = ++asOfTicket;
    set({ instant, loadingAsOf: true, asOfError: null });
    try {
      const response = await fetchMoveStateAt(id, instant);
      if (ticket !== asOfTicket) return;
      if (response.ok && response.body?.estado) {
        set({ asOf: response.body, loadingAsOf: false });
      } else {
        set({
          asOf: null,
          loadingAsOf: false,
          asOfError: errorText(response.body, 'No se pudo calcular el estado en ese momento.'),
        });
      }
    } catch {
      if (ticket === asOfTicket) set({ asOf: null, loadingAsOf: false, asOfError: NETWORK });
    }
  },

  verify: async () => {
    set({ verification: { kind: 'checking' } });
    try {
      const response = await verifyLog();
      if (response.ok && response.body && typeof response.body.ok === 'boolean') {
        set({ verification: { kind: 'done', result: response.body } });
      } else if (response.status === 404) {
        set({
          verification: {
            kind: 'error',
            message: 'La verificación del registro aún no está disponible en este servidor.',
          },
        });
      } else {
        set({
          verification: {
            kind: 'error',
            message: errorText(response.body, 'No se pudo verificar el registro. Inténtalo de nuevo.'),
          },
        });
      }
    } catch {
      set({ verification: { kind: 'error', message: NETWORK } });
    }
  },

  reset: () => {
    useAuditWindow.getState().reset();
    historyTicket++;
    asOfTicket++;
    set({ ...initial });
  },
}));
