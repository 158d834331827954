import { create } from 'zustand';
import type { Milestone, MoveStatus, StaffMove } from '../../lib/api';
import { createMoveWindowStore } from '../../lib/moveWindowStore';
import { matchesWindow } from '../../lib/moveWindow';
import type { LiveChange } from '../../lib/useLiveStore';
import { useAuthStore } from '../../lib/useAuthStore';
import { readMovesSnapshot, saveMovesSnapshot } from '../../lib/crewDevice';
import { companyToday } from '../../lib/calendar';
import { createChangeQueue } from './changeQueue';
import {
  CREW_KINDS,
  crewKind,
  type ConditionData,
  type CrewKindData,
  type CrewKindName,
  type SignatureData,
} from './changeKinds';

// The worker's dashboard reads three windows of GET /api/mudanzas: their own moves from today on
// ('Mis mudanzas', issue 19), the search over every move (§6: workers see all of them), and the
// few of their moves finished today, which the 'Completadas hoy' card counts (§9). Their own
// list is also kept on the device, and every change goes through the crew's queue (issue 21).

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

/** The crew's changes waiting on this device, sent in order; their answers merge into the windows. */
export const crewQueue = createChangeQueue({
  kinds: CREW_KINDS,
  onSent: (change, body) => {
    const move = crewKind(change)?.merged(body, findMove(change.moveId));
    if (move) upsertEverywhere(move);
  },
});

export const useCrewQueue = crewQueue.useQueue;

/** Not even the device could keep the change (its storage is full or unavailable). */
export const NOT_QUEUED = 'No se pudo guardar el cambio en este dispositivo. Inténtalo de nuevo.';
/** How queueing a condition note went: kept with its photos, not kept, or kept without some photos. */
export type NoteOutcome = null | 'not-queued' | 'photos-lost';

/** The note is kept, but some of its photos are not. */
export const PHOTOS_NOT_QUEUED =
  'El estado quedó anotado, pero no se pudieron guardar todas las fotos en este dispositivo. Vuelve a añadirlas.';

async function enqueue<K extends CrewKindName>(kind: K, moveId: number, data: CrewKindData[K]): Promise<boolean> {
  try {
    await crewQueue.enqueue(kind, moveId, data as unknown as Record<string, unknown>);
    return true;
  } catch (error) {
    console.error(NOT_QUEUED, error);
    return false;
  }
}

interface WorkerMovesState {
  /**
   * When 'Mis mudanzas' could not be read and the device's last copy of it is shown: when that
   * copy was saved. Null while the lists are the server's.
   */
  savedAt: string | null;
  /**
   * The first pages of the three windows for `today`: on page load, when the live feed asks for a
   * resync, and when the day changes. The all-moves search keeps its own filter. When 'Mis
   * mudanzas' cannot be read, the device's last copy stands in.
   */
  load: (today?: string) => Promise<void>;
  /** A live-feed change, merged into every window. */
  applyChange: (change: LiveChange) => void;
  /** Queues a status change; false when not even the device could keep it. */
  changeStatus: (id: number, estado: MoveStatus) => Promise<boolean>;
  /** Queues the crew's next milestone; null when queued, else why it could not be. */
  recordMilestone: (id: number, hito: Milestone) => Promise<string | null>;
  /** Queues a photo of a move; false when not even the device could keep it. */
  uploadPhoto: (id: number, file: File, descripcion: string) => Promise<boolean>;
  /**
   * Queues an object's condition at a stage, then each of its photos tagged with that object
   * and stage.
   */
  noteCondition: (
    id: number,
    note: ConditionData,
    photos: readonly File[],
    descripcion: string,
  ) => Promise<NoteOutcome>;
  /** Queues a signature of the waybill; false when not even the device could keep it. */
  signWaybill: (id: number, signature: SignatureData) => Promise<boolean>;
  /** Every window back to its first filter (the page unmounts). */
  reset: () => void;
}

export const useWorkerMovesStore = create<WorkerMovesState>()((set) => ({
  savedAt: null,

  load: async (today = companyToday()) => {
    const mine = useMyMoves.getState();
    const done = useDoneToday.getState();
    await Promise.all([
      mine.setFilter({ desde: today }),
      done.setFilter({ desde: today, hasta: today }),
      useAllMoves.getState().loadFirst(),
    ]);
    if (!useMyMoves.getState().error) {
      set({ savedAt: null });
      saveSnapshotSoon();
      return;
    }
    const restored = await restoreSnapshot(today);
    if (restored) set({ savedAt: restored });
  },

  applyChange: (change) => {
    for (const window of windows) window.getState().applyChange(change);
  },

  changeStatus: (id, estado) => enqueue('estado', id, { estado }),

  recordMilestone: async (id, hito) => ((await enqueue('hito', id, { hito })) ? null : NOT_QUEUED),

  uploadPhoto: (id, file, descripcion) =>
    enqueue('foto', id, { foto: file, nombre: file.name, descripcion: descripcion.trim() }),

  noteCondition: async (id, note, photos, descripcion) => {
    if (!(await enqueue('estadoObjeto', id, note))) return 'not-queued';
    let lost = false;
    for (const file of photos) {
      const photo = { foto: file, nombre: file.name, descripcion: descripcion.trim() };
      // In the queue after the note, so the server files them with it (the object's latest note there).
      if (!(await enqueue('foto', id, { ...photo, objetoId: note.objeto_id, etapa: note.etapa }))) lost = true;
    }
    return lost ? 'photos-lost' : null;
  },

  signWaybill: (id, signature) => enqueue('firma', id, signature),

  reset: () => {
    for (const window of windows) window.getState().reset();
    set({ savedAt: null });
  },
}));

// The device's copy of 'Mis mudanzas': saved whenever the server's list changes (a load, a live
// change), read back when the list cannot be loaded.

const SAVE_DELAY_MS = 300;
let saveTimer: ReturnType<typeof setTimeout> | null = null;

function saveSnapshotSoon() {
  if (saveTimer !== null) clearTimeout(saveTimer);
  saveTimer = setTimeout(() => {
    saveTimer = null;
    void saveSnapshot();
  }, SAVE_DELAY_MS);
}

async function saveSnapshot() {
  const userId = useAuthStore.getState().user?.id;
  const mine = useMyMoves.getState();
  const done = useDoneToday.getState();
  // Only the whole list as the server gave it: not a status filter's part, not the copy itself.
  if (!userId || !mine.loaded || mine.error || mine.filter.estado || useWorkerMovesStore.getState().savedAt) return;
  try {
    await saveMovesSnapshot({
      userId,
      savedAt: new Date().toISOString(),
      day: companyToday(),
      moves: mine.rows,
      conteos: mine.conteos,
      doneToday: done.loaded && !done.error ? done.rows : [],
    });
  } catch (error) {
    console.warn('No se pudo guardar la lista en este dispositivo', error);
  }
}

/** Shows the device's last copy of the list; when it was saved, or null when there is none. */
async function restoreSnapshot(today: string): Promise<string | null> {
  const userId = useAuthStore.getState().user?.id;
  if (!userId) return null;
  let snapshot;
  try {
    snapshot = await readMovesSnapshot(userId);
  } catch (error) {
    console.warn('No se pudo leer la lista guardada en este dispositivo', error);
    return null;
  }
  // A load that answered meanwhile wins.
  if (!snapshot || !useMyMoves.getState().error) return null;
  const filter = useMyMoves.getState().filter;
  // Yesterday's moves are no longer 'from today on'.
  const rows = snapshot.moves.filter((m) => matchesWindow(m, filter, today, userId));
  useMyMoves.setState({ rows, conteos: snapshot.conteos, siguiente: null, error: null, loaded: true });
  if (snapshot.day === today) useDoneToday.setState({ rows: snapshot.doneToday, error: null, loaded: true });
  return snapshot.savedAt;
}

/** Keeps the device's copy up to date while the page is open; returns the unsubscribe. */
export function keepSnapshot(): () => void {
  const unsubscribe = [useMyMoves, useDoneToday].map((window) =>
    window.subscribe((state, previous) => {
      if (state.rows !== previous.rows || state.conteos !== previous.conteos) saveSnapshotSoon();
    }),
  );
  return () => {
    unsubscribe.forEach((u) => u());
    if (saveTimer !== null) clearTimeout(saveTimer);
    saveTimer = null;
  };
}
