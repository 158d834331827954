import { useEffect } from 'react';
import { create } from 'zustand';
import { useLiveFeed } from '../../lib/useLiveFeed';
import * as api from '../../lib/api';
import type { ClientMove } from '../../lib/api';
import type { LiveChange } from '../../lib/useLiveStore';
import { isClientMove, mergeLoadedMoves, upsertClientMove } from './clientMoves';

interface ClientMovesState {
  /** The caller's own moves, customer view; the server never sends anyone else's. */
  moves: ClientMove[];
  /** True until the first load has answered, so the page can say it is loading. */
  loading: boolean;
  /** False while the account's email is unconfirmed: the server shows no moves until it is. */
  emailConfirmed: boolean;
  /** Reads the moves over HTTP; a failure is logged and leaves the list as it was (§8). */
  load: () => Promise<void>;
  /** Applies a live-feed change; changes of other kinds are ignored. */
  applyChange: (change: LiveChange) => void;
  /** Forgets everything, e.g. when another account may use the page next. */
  reset: () => void;
}

// The customer view carries no version, so an HTTP answer cannot tell whether a live change that
// arrived while it travelled is newer than what it read. Such changes are kept and laid over it.
const liveDuringLoad = new Map<number, ClientMove>();
let loadsInFlight = 0;
// Only the answer of the latest load is used; an older one may have read an older list.
let latestLoad = 0;

export const useClientMovesStore = create<ClientMovesState>()((set) => ({
  moves: [],
  loading: true,
  emailConfirmed: true,

  load: async () => {
    latestLoad += 1;
    const thisLoad = latestLoad;
    loadsInFlight += 1;
    try {
      const response = await api.fetchMyMoves();
      const body = response.body;
      if (!response.ok || !body?.success) throw new Error(`mis-mudanzas respondió ${response.status}`);
      if (thisLoad !== latestLoad) return;
      const loaded = Array.isArray(body.mudanzas) ? body.mudanzas.filter(isClientMove) : [];
      set({
        moves: mergeLoadedMoves(loaded, liveDuringLoad.values()),
        emailConfirmed: body.email_confirmado !== false,
        loading: false,
      });
    } catch (error) {
      console.error('No se pudieron cargar tus mudanzas', error);
      if (thisLoad === latestLoad) set({ loading: false });
    } finally {
      loadsInFlight -= 1;
      if (loadsInFlight === 0) liveDuringLoad.clear();
    }
  },

  applyChange: (change) => {
    if (change.kind !== 'move' || !isClientMove(change.data)) return;
    const move = change.data;
    if (loadsInFlight > 0) liveDuringLoad.set(move.id, move);
    set((s) => ({ moves: upsertClientMove(s.moves, move) }));
  },

  reset: () => {
    latestLoad += 1;
    liveDuringLoad.clear();
    set({ moves: [], loading: true, emailConfirmed: true });
  },
}));

/**
 * Keeps the signed-in client's moves loaded and live while the calling page is mounted: the
 * server sends a client only their own moves, as the customer view.
 */
export function useLiveClientMoves(userId: string | undefined): void {
  const load = useClientMovesStore((s) => s.load);
  const reset = useClientMovesStore((s) => s.reset);
  const applyChange = useClientMovesStore((s) => s.applyChange);
  useLiveFeed({ onChange: applyChange, onResync: () => void load() });
  useEffect(() => {
    if (!userId) return;
    // Another account may have used this page before (the list is a module-wide store).
    reset();
    void load();
  }, [userId, reset, load]);
}

/**
 * Changes whenever a move's status or what has been paid changes, `null` until the moves are read:
 * what the figures and documents derived from the moves are read again on.
 */
export function useMovesChangeKey(): string | null {
  const loading = useClientMovesStore((s) => s.loading);
  const moves = useClientMovesStore((s) => s.moves.map((m) => `${m.id}:${m.status}:${m.pagado}`).join(','));
  return loading ? null : moves;
}
