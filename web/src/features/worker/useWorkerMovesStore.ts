import { create } from 'zustand';
import * as api from '../../lib/api';
import type { Milestone, MoveStatus, StaffMove } from '../../lib/api';
import { createMoveWindowStore } from '../../lib/moveWindowStore';
import { isStaffMove } from '../../lib/staffMoves';
import type { LiveChange } from '../../lib/useLiveStore';
import { companyToday } from '../../lib/calendar';

// The worker's dashboard reads three windows of GET /api/mudanzas: their own moves from today on
// ('Mis mudanzas', issue 19), the search over every move (§6: workers see all of them), and the
// few of their moves finished today, which the 'Completadas hoy' card counts (§9).

/** 'Mis mudanzas': the worker's own, today first, then what is coming. */
export function myMovesFilter(today: string) {
  return { trabajador: 'yo', desde: today, orden: 'fecha' } as const;
}

/** 'Todas las mudanzas' opens on the upcoming and recent ones, soonest first. */
export const ALL_MOVES_FILTER = { vista: 'proximas', orden: 'fecha' } as const;

export function doneTodayFilter(today: string) {
  return { trabajador: 'yo', desde: today, hasta: today, estado: 'finalizada', orden: 'fecha' } as const;
}

export const useMyMoves = createMoveWindowStore({ filter: myMovesFilter(companyToday()) });
export const useAllMoves = createMoveWindowStore({ filter: ALL_MOVES_FILTER });
export const useDoneToday = createMoveWindowStore({ filter: doneTodayFilter(companyToday()) });

const windows = [useMyMoves, useAllMoves, useDoneToday];

/** Merges a move a server answer carries into every window. */
function upsertEverywhere(move: StaffMove) {
  for (const window of windows) window.getState().upsert(move);
}

/** The move with this number in any of the windows (the newest copy). */
export function findMove(id: number): StaffMove | undefined {
  let found: StaffMove | undefined;
  for (const window of windows) {
    const move = window.getState().rows.find((m) => m.id === id);
    if (move && (!found || move.version > found.version)) found = move;
  }
  return found;
}

const MILESTONE_FAILED = 'No se pudo registrar el hito. Inténtalo de nuevo.';

interface WorkerMovesState {
  /**
   * The first pages of the three windows for `today`: on page load, when the live feed asks for a
   * resync, and when the day changes. The all-moves search keeps its own filter.
   */
  load: (today?: string) => Promise<void>;
  /** A live-feed change, merged into every window. */
  applyChange: (change: LiveChange) => void;
  /** Asks the server to change a move's status; true when it did. */
  changeStatus: (id: number, estado: MoveStatus) => Promise<boolean>;
  /** Records the crew's next milestone; null when the server did, else its Spanish refusal. */
  recordMilestone: (id: number, hito: Milestone) => Promise<string | null>;
  /** Uploads a photo of a move; true when the server stored it. */
  uploadPhoto: (id: number, file: File, descripcion: string) => Promise<boolean>;
  /** Every window back to its first filter (the page unmounts). */
  reset: () => void;
}

export const useWorkerMovesStore = create<WorkerMovesState>()(() => ({
  load: async (today = companyToday()) => {
    const mine = useMyMoves.getState();
    const done = useDoneToday.getState();
    await Promise.all([
      mine.setFilter({ desde: today }),
      done.setFilter({ desde: today, hasta: today }),
      useAllMoves.getState().loadFirst(),
    ]);
  },

  applyChange: (change) => {
    for (const window of windows) window.getState().applyChange(change);
  },

  changeStatus: async (id, estado) => {
    try {
      const response = await api.updateMoveStatus(id, estado);
      const move = response.body?.mudanza;
      if (!response.ok || !response.body?.success) return false;
      // The answer carries the move as the projections now show it; the feed brings the same.
      if (move && isStaffMove(move)) upsertEverywhere(move);
      return true;
    } catch {
      return false;
    }
  },

  recordMilestone: async (id, hito) => {
    try {
      const response = await api.recordMilestone(id, hito);
      const move = response.body?.mudanza;
      if (!response.ok || !response.body?.success) return api.errorText(response.body, MILESTONE_FAILED);
      if (move && isStaffMove(move)) upsertEverywhere(move);
      return null;
    } catch {
      return MILESTONE_FAILED;
    }
  },

  uploadPhoto: async (id, file, descripcion) => {
    try {
      const response = await api.uploadPhoto(id, file, descripcion);
      const photo = response.body?.foto;
      if (!response.ok || !response.body?.success || !photo) return false;
      // Shown at once; the live change with the new version of the move replaces this copy.
      const move = findMove(id);
      if (move && !move.photos.some((p) => p.id === photo.id))
        upsertEverywhere({ ...move, photos: [...move.photos, photo] });
      return true;
    } catch {
      return false;
    }
  },

  reset: () => {
    for (const window of windows) window.getState().reset();
  },
}));
