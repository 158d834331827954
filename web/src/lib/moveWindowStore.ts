import { create } from 'zustand';
import { errorText, fetchMoveWindow, type StaffMove, type WindowCounts } from './api';
import { appendPage, countsScope, isWindowCounts, mergeMove, windowQuery, type WindowFilter } from './moveWindow';
import { isStaffMove } from './staffMoves';
import { useAuthStore } from './useAuthStore';
import { COUNTS_KIND, type LiveChange } from './useLiveStore';
import { companyToday } from './calendar';

// One staff list as a server-side window: the filter, the rows loaded so far, the cursor and the
// counts, kept up to date by the live feed without reading the list again. Each dashboard makes
// its own store with createMoveWindowStore.

export const WINDOW_PAGE_SIZE = 50;

export interface MoveWindowState {
  filter: WindowFilter;
  rows: StaffMove[];
  /** The next page's cursor; null once every matching move is loaded. */
  siguiente: string | null;
  conteos: WindowCounts | null;
  /** The first page of the current filter is on its way (rows may still show the previous one). */
  loading: boolean;
  /** True once a first page has answered (or failed). */
  loaded: boolean;
  loadingMore: boolean;
  /** The server's message when the last page could not be read. */
  error: string | null;

  /** A new filter (merged into the current one; `undefined` clears a field): the first page again. */
  setFilter: (patch: Partial<WindowFilter>) => Promise<void>;
  /** The first page of the current filter; what was loaded is replaced when it answers. */
  loadFirst: () => Promise<void>;
  /** The next page, after the rows loaded. */
  loadMore: () => Promise<void>;
  /** A live-feed frame: a move merges into the window, counts of this window's scope replace its counts. */
  applyChange: (change: LiveChange) => void;
  /** A move a server answer carries (an edit, an assignment): merged as a live change would be. */
  upsert: (move: StaffMove) => void;
  reset: () => void;
}

export interface MoveWindowOptions {
  filter: WindowFilter;
  /** Managers and the admin ask for prices (the server gives them to no one else). */
  includePrice?: boolean;
  pageSize?: number;
  /** The signed-in user's id, for `trabajador=yo` and its counts. */
  callerId?: () => string | null | undefined;
  /** Today on the company's calendar. */
  today?: () => string;
}

const NETWORK = 'No se pudieron cargar las mudanzas. Inténtalo de nuevo.';

export function createMoveWindowStore(options: MoveWindowOptions) {
  const pageSize = options.pageSize ?? WINDOW_PAGE_SIZE;
  const callerId = options.callerId ?? (() => useAuthStore.getState().user?.id ?? null);
  const today = options.today ?? (() => companyToday());
  // Each first load is a ticket: answers to an older filter are dropped.
  let ticket = 0;
  // Live frames that arrive while a first page travels: applied over it when it lands, since that
  // answer may be older than they are.
  let buffered: LiveChange[] = [];

  const initial = {
    filter: options.filter,
    rows: [] as StaffMove[],
    siguiente: null,
    conteos: null,
    loading: false,
    loaded: false,
    loadingMore: false,
    error: null,
  };

  const query = (filter: WindowFilter, cursor?: string) => ({
    ...windowQuery(filter),
    limite: pageSize,
    cursor,
    include_price: options.includePrice ? ('true' as const) : undefined,
  });

  return create<MoveWindowState>()((set, get) => {
    const context = () => ({ filter: get().filter, today: today(), callerId: callerId() });

    const apply = (change: LiveChange) => {
      if (change.kind === 'move' && isStaffMove(change.data)) {
        const move = change.data;
        set((s) => {
          const rows = mergeMove(s, move, context());
          return rows === s.rows ? s : { rows: [...rows] };
        });
      } else if (change.kind === COUNTS_KIND && isWindowCounts(change.data)) {
        if (change.id === countsScope(get().filter, callerId())) set({ conteos: change.data });
      }
    };

    return {
      ...initial,

      setFilter: (patch) => {
        set((s) => ({ filter: { ...s.filter, ...patch } }));
        return get().loadFirst();
      },

      loadFirst: async () => {
        const mine = ++ticket;
        buffered = [];
        const filter = get().filter;
        set({ loading: true, loadingMore: false, error: null });
        try {
          const response = await fetchMoveWindow(query(filter));
          if (mine !== ticket) return;
          const body = response.body;
          if (!response.ok || !body || !Array.isArray(body.mudanzas)) {
            set({ loading: false, loaded: true, error: errorText(body, NETWORK) });
            return;
          }
          set({
            rows: body.mudanzas,
            siguiente: body.siguiente ?? null,
            conteos: body.conteos ?? null,
            loading: false,
            loaded: true,
          });
          const pending = buffered;
          buffered = [];
          pending.forEach(apply);
        } catch (error) {
          if (mine !== ticket) return;
          // §8: a failure is logged; the list keeps what it had.
          console.error('No se pudieron cargar las mudanzas', error);
          set({ loading: false, loaded: true, error: NETWORK });
        }
      },

      loadMore: async () => {
        const { siguiente, loadingMore, loading, filter } = get();
        if (siguiente === null || loadingMore || loading) return;
        const mine = ticket;
        buffered = [];
        set({ loadingMore: true, error: null });
        try {
          const response = await fetchMoveWindow(query(filter, siguiente));
          if (mine !== ticket) return;
          const body = response.body;
          if (!response.ok || !body || !Array.isArray(body.mudanzas)) {
            set({ loadingMore: false, error: errorText(body, NETWORK) });
            return;
          }
          const page = body.mudanzas;
          set((s) => ({
            rows: appendPage(s.rows, page),
            siguiente: body.siguiente ?? null,
            conteos: body.conteos ?? s.conteos,
            loadingMore: false,
          }));
          const pending = buffered;
          buffered = [];
          pending.forEach(apply);
        } catch (error) {
          if (mine !== ticket) return;
          console.error('No se pudieron cargar más mudanzas', error);
          set({ loadingMore: false, error: NETWORK });
        }
      },

      applyChange: (change) => {
        if (get().loading || get().loadingMore) buffered.push(change);
        apply(change);
      },

      upsert: (move) => get().applyChange({ position: 0, kind: 'move', id: String(move.id), data: move }),

      reset: () => {
        ticket++;
        buffered = [];
        set({ ...initial });
      },
    };
  });
}

export type MoveWindowStore = ReturnType<typeof createMoveWindowStore>;
