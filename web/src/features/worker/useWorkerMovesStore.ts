import { create } from 'zustand';
import * as api from '../../lib/api';
import type { MoveStatus, StaffMove } from '../../lib/api';
import type { LiveChange } from '../../lib/useLiveStore';
import { isStaffMove, mergeMoves, upsertMove } from '../../lib/staffMoves';

interface WorkerMovesState {
  moves: StaffMove[];
  /** True until the first load has answered, so the page can say it is loading. */
  loading: boolean;
  /** Reads every move over HTTP; a failure is logged and leaves the list as it was (§8). */
  load: () => Promise<void>;
  /** Applies a live-feed change; changes of other kinds are ignored. */
  applyChange: (change: LiveChange) => void;
  /** Asks the server to change a move's status; true when it did. */
  changeStatus: (id: number, estado: MoveStatus) => Promise<boolean>;
  /** Uploads a photo of a move; true when the server stored it. */
  uploadPhoto: (id: number, file: File, descripcion: string) => Promise<boolean>;
}

export const useWorkerMovesStore = create<WorkerMovesState>()((set) => ({
  moves: [],
  loading: true,

  load: async () => {
    try {
      const loaded = await api.fetchAllMoves();
      // Merged, not replaced: a live change may have overtaken this answer while it travelled.
      set((s) => ({ moves: mergeMoves(s.moves, loaded), loading: false }));
    } catch (error) {
      console.error('No se pudieron cargar las mudanzas', error);
      set({ loading: false });
    }
  },

  applyChange: (change) => {
    if (change.kind !== 'move' || !isStaffMove(change.data)) return;
    const move = change.data;
    set((s) => ({ moves: upsertMove(s.moves, move) }));
  },

  changeStatus: async (id, estado) => {
    try {
      const response = await api.updateMoveStatus(id, estado);
      const move = response.body?.mudanza;
      if (!response.ok || !response.body?.success) return false;
      // The answer carries the move as the projections now show it; the feed brings the same.
      if (move && isStaffMove(move)) set((s) => ({ moves: upsertMove(s.moves, move) }));
      return true;
    } catch {
      return false;
    }
  },

  uploadPhoto: async (id, file, descripcion) => {
    try {
      const response = await api.uploadPhoto(id, file, descripcion);
      const photo = response.body?.foto;
      if (!response.ok || !response.body?.success || !photo) return false;
      // Shown at once; the live change with the new version of the move replaces this copy.
      set((s) => ({
        moves: s.moves.map((m) =>
          m.id === id && !m.photos.some((p) => p.id === photo.id) ? { ...m, photos: [...m.photos, photo] } : m,
        ),
      }));
      return true;
    } catch {
      return false;
    }
  },
}));
