import { create } from 'zustand';
import * as api from '../../lib/api';
import type { AnalyticsPeriod, AnalyticsPoint, CompanyData, MoveStatus, StaffMove } from '../../lib/api';
import type { LiveChange } from '../../lib/useLiveStore';
import { isStaffMove } from '../../lib/staffMoves';
import { useManagerWindow } from './useManagerWindow';

/** After a change, the stat cards and charts are read again once things settle. */
export const STATS_REFRESH_DEBOUNCE_MS = 500;

interface ManagerState {
  /**
   * The move a modal shows: kept apart from the list, so it stays open when a change takes the
   * move out of the list's filter, and so a move outside the window (a converted quote's) opens too.
   */
  opened: StaffMove | null;
  company: CompanyData | null;
  companyFailed: boolean;
  period: AnalyticsPeriod;
  analytics: AnalyticsPoint[] | null;
  analyticsFailed: boolean;
  /**
   * A status picked in the edit form: §4 applies it locally at once (the list shows it) and
   * persists it on save; closing the form without saving drops it.
   */
  statusDraft: { id: number; estado: MoveStatus } | null;

  /** The list's first window, read again. */
  loadMoves: () => Promise<void>;
  /** Holds move `id` for a modal: from the list, or read from the server. */
  open: (id: number) => Promise<void>;
  loadCompany: () => Promise<void>;
  loadAnalytics: () => Promise<void>;
  setPeriod: (period: AnalyticsPeriod) => void;
  /** Everything over HTTP: on page load and when the live feed asks for a resync. */
  loadAll: () => Promise<void>;
  /** A live-feed change: merged into the list's window; any change refreshes the stats (debounced). */
  applyChange: (change: LiveChange) => void;
  /** A move the server just answered with (create, edit, assignment, reload). */
  upsert: (move: StaffMove) => void;
  scheduleStatsRefresh: () => void;
  setStatusDraft: (draft: { id: number; estado: MoveStatus } | null) => void;
}

let statsTimer: ReturnType<typeof setTimeout> | null = null;
// The move a modal asked for while it is read from the server.
let openingId: number | null = null;
// Answers to an older analytics request (another period) must not overwrite a newer one.
let analyticsRequest = 0;

export const useManagerStore = create<ManagerState>()((set, get) => ({
  opened: null,
  company: null,
  companyFailed: false,
  period: 'dia',
  analytics: null,
  analyticsFailed: false,
  statusDraft: null,

  loadMoves: () => useManagerWindow.getState().loadFirst(),

  open: async (id) => {
    const listed = useManagerWindow.getState().rows.find((m) => m.id === id);
    openingId = listed ? null : id;
    if (listed) {
      set({ opened: listed });
      return;
    }
    set({ opened: null });
    openingId = id;
    try {
      const response = await api.fetchMove(id);
      const move = response.body?.mudanza;
      if (response.ok && move && isStaffMove(move)) {
        // Unless the user opened another move meanwhile, or the feed brought a newer version.
        if (openingId === id) set((s) => (s.opened?.id === id ? {} : { opened: move }));
        get().upsert(move);
      } else console.error('No se pudo leer la mudanza', id, response.status);
    } catch (error) {
      console.error('No se pudo leer la mudanza', id, error);
    }
  },

  loadCompany: async () => {
    try {
      const company = await api.fetchCompanyData();
      set({ company, companyFailed: false });
    } catch (error) {
      console.error('No se pudieron cargar los datos de empresa', error);
      set((s) => ({ companyFailed: s.company === null }));
    }
  },

  loadAnalytics: async () => {
    const ticket = ++analyticsRequest;
    const period = get().period;
    try {
      const series = await api.fetchAnalytics(period);
      if (ticket === analyticsRequest) set({ analytics: series, analyticsFailed: false });
    } catch (error) {
      console.error('No se pudieron cargar las analíticas', error);
      if (ticket === analyticsRequest) set({ analyticsFailed: true });
    }
  },

  setPeriod: (period) => {
    if (period === get().period) return;
    set({ period, analytics: null, analyticsFailed: false });
    void get().loadAnalytics();
  },

  loadAll: async () => {
    await Promise.all([get().loadMoves(), get().loadCompany(), get().loadAnalytics()]);
  },

  applyChange: (change) => {
    useManagerWindow.getState().applyChange(change);
    if (change.kind === 'move' && isStaffMove(change.data)) keepOpened(set, change.data);
    // Any change may move the company figures (a quote, a review...): read them again.
    get().scheduleStatsRefresh();
  },

  upsert: (move) => {
    useManagerWindow.getState().upsert(move);
    keepOpened(set, move);
  },

  scheduleStatsRefresh: () => {
    if (statsTimer !== null) clearTimeout(statsTimer);
    statsTimer = setTimeout(() => {
      statsTimer = null;
      void get().loadCompany();
      void get().loadAnalytics();
    }, STATS_REFRESH_DEBOUNCE_MS);
  },

  setStatusDraft: (statusDraft) => set({ statusDraft }),
}));

/** The opened move follows its newer versions; `open` sets it for a move read on purpose. */
function keepOpened(set: (fn: (s: ManagerState) => Partial<ManagerState>) => void, move: StaffMove) {
  set((s) => (s.opened?.id === move.id && s.opened.version <= move.version ? { opened: move } : {}));
}

/** Stops a pending stats refresh (the page unmounts; tests). */
export function cancelStatsRefresh() {
  if (statsTimer !== null) clearTimeout(statsTimer);
  statsTimer = null;
}

/** The moves as the page shows them: with the edit form's unsaved status applied (§4). */
export function withStatusDraft(moves: readonly StaffMove[], draft: ManagerState['statusDraft']): readonly StaffMove[] {
  if (draft === null) return moves;
  return moves.map((m) => (m.id === draft.id && m.estado !== draft.estado ? { ...m, estado: draft.estado } : m));
}
