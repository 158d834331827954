import { create } from 'zustand';
import * as api from '../../lib/api';
import type { AnalyticsPeriod, AnalyticsPoint, CompanyData, MoveStatus, StaffMove } from '../../lib/api';
import type { LiveChange } from '../../lib/useLiveStore';
import { isStaffMove, mergeMoves, upsertMove } from '../../lib/staffMoves';

/** After a change, the stat cards and charts are read again once things settle. */
export const STATS_REFRESH_DEBOUNCE_MS = 500;

interface ManagerState {
  /** Every move as the server last showed it (with prices). */
  moves: StaffMove[];
  /** True until the first list load has answered. */
  loading: boolean;
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

  loadMoves: () => Promise<void>;
  loadCompany: () => Promise<void>;
  loadAnalytics: () => Promise<void>;
  setPeriod: (period: AnalyticsPeriod) => void;
  /** Everything over HTTP: on page load and when the live feed asks for a resync. */
  loadAll: () => Promise<void>;
  /** A live-feed change: a move replaces its older copy; any change refreshes the stats (debounced). */
  applyChange: (change: LiveChange) => void;
  /** A move the server just answered with (create, edit, assignment, reload). */
  upsert: (move: StaffMove) => void;
  scheduleStatsRefresh: () => void;
  setStatusDraft: (draft: { id: number; estado: MoveStatus } | null) => void;
}

let statsTimer: ReturnType<typeof setTimeout> | null = null;
// Answers to an older analytics request (another period) must not overwrite a newer one.
let analyticsRequest = 0;

export const useManagerStore = create<ManagerState>()((set, get) => ({
  moves: [],
  loading: true,
  company: null,
  companyFailed: false,
  period: 'dia',
  analytics: null,
  analyticsFailed: false,
  statusDraft: null,

  loadMoves: async () => {
    try {
      const loaded = await api.fetchAllMoves(true);
      // Merged: a live change may have overtaken this answer while it travelled.
      set((s) => ({ moves: mergeMoves(s.moves, loaded), loading: false }));
    } catch (error) {
      // §8: load failures are logged and an empty list is shown.
      console.error('No se pudieron cargar las mudanzas', error);
      set({ loading: false });
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
    if (change.kind === 'move' && isStaffMove(change.data)) {
      const move = change.data;
      set((s) => ({ moves: upsertMove(s.moves, move) }));
    }
    // Any change may move the company figures (a quote, a review...): read them again.
    get().scheduleStatsRefresh();
  },

  upsert: (move) => set((s) => ({ moves: upsertMove(s.moves, move) })),

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
