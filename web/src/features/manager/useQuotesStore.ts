import { create } from 'zustand';
import * as api from '../../lib/api';
import type { CatalogueObject, QuoteInboxEntry } from '../../lib/api';
import type { LiveChange } from '../../lib/useLiveStore';
import {
  isInboxQuote,
  mergeQuotes,
  needsCatalogue,
  needsReferrer,
  objectNames,
  upsertQuote,
  type ObjectNames,
} from './quotes';

interface QuotesState {
  /** The inbox as the server last showed it, newest first. */
  quotes: QuoteInboxEntry[];
  /** True until the first load has answered. */
  loading: boolean;
  /** The first load failed and nothing is known. */
  failed: boolean;
  /** Names and weights of the objects quotes list: the built-in list, then the catalogue. */
  names: ObjectNames;
  /** Quotes being discarded (their button waits). */
  discarding: string[];

  /** Over HTTP: on page load and when the live feed asks for a resync. */
  loadQuotes: () => Promise<void>;
  /** A live-feed change of kind 'quote' replaces its older copy; others are not this store's. */
  applyChange: (change: LiveChange) => void;
  upsert: (quote: QuoteInboxEntry) => void;
  /** Discards a quote; when the server refuses, the message to show. */
  discard: (id: string) => Promise<{ ok: true } | { ok: false; error: string }>;
  /** A move was made from the quote: shown at once, before the live feed confirms it. */
  markConverted: (id: string, moveId: number) => void;
}

export const DISCARD_FAILURE = 'No se pudo descartar la solicitud. Inténtalo de nuevo.';

// The catalogue is read once per page load, and only when a quote lists an object the built-in
// list does not name.
let catalogueRequested = false;

async function loadNames(quotes: readonly QuoteInboxEntry[], set: (partial: Partial<QuotesState>) => void) {
  if (catalogueRequested || !needsCatalogue(quotes, objectNames(null))) return;
  catalogueRequested = true;
  let catalogue: CatalogueObject[] | null = null;
  try {
    catalogue = await api.fetchCatalogue();
  } catch (error) {
    // The built-in list and readable ids still name the objects.
    console.error('No se pudo cargar el catálogo de objetos', error);
  }
  set({ names: objectNames(catalogue) });
}

export const useQuotesStore = create<QuotesState>()((set, get) => ({
  quotes: [],
  loading: true,
  failed: false,
  names: objectNames(null),
  discarding: [],

  loadQuotes: async () => {
    try {
      const loaded = await api.fetchQuotes();
      set((s) => ({ quotes: mergeQuotes(s.quotes, loaded), loading: false, failed: false }));
      void loadNames(loaded, set);
    } catch (error) {
      // §8: load failures are logged and an empty list is shown.
      console.error('No se pudieron cargar las solicitudes de presupuesto', error);
      set((s) => ({ loading: false, failed: s.quotes.length === 0 }));
    }
  },

  applyChange: (change) => {
    const quote = change.data;
    if (change.kind !== 'quote' || !isInboxQuote(quote)) return;
    get().upsert(quote);
    void loadNames([quote], set);
    // A new request through a client's link: the list says whose.
    const shown = get().quotes.find((q) => q.id === quote.id);
    if (shown && needsReferrer(shown)) void get().loadQuotes();
  },

  upsert: (quote) => set((s) => ({ quotes: upsertQuote(s.quotes, quote) })),

  discard: async (id) => {
    set((s) => ({ discarding: [...s.discarding, id] }));
    const done = () => set((s) => ({ discarding: s.discarding.filter((d) => d !== id) }));
    try {
      const response = await api.discardQuote(id);
      const body = response.body;
      done();
      if (response.ok && body?.success) {
        if (body.presupuesto) get().upsert(body.presupuesto);
        return { ok: true };
      }
      return { ok: false, error: api.errorText(body, DISCARD_FAILURE) };
    } catch {
      done();
      return { ok: false, error: DISCARD_FAILURE };
    }
  },

  markConverted: (id, moveId) => {
    const quote = get().quotes.find((q) => q.id === id);
    if (!quote || quote.estado === 'convertida') return;
    // One event newer: the feed's copy of the same conversion replaces it, an older one cannot.
    get().upsert({ ...quote, estado: 'convertida', mudanza_id: moveId, version: quote.version + 1 });
  },
}));

/** A fresh store and catalogue for tests. */
export function resetQuotesStore() {
  catalogueRequested = false;
  useQuotesStore.setState(useQuotesStore.getInitialState());
}
