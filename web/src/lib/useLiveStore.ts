import { create } from 'zustand';

// The staff dashboards' live feed (ARCHITECTURE §5): one WebSocket to /api/live per page, shared
// by every component that subscribes, reconnecting on its own and resuming where it left off.

/** A read-model change this user may see; `data` is the document as the user may see it. */
export interface LiveChange {
  position: number;
  kind: string;
  id: string;
  data: unknown;
}

export interface LiveListener {
  onChange?: (change: LiveChange) => void;
  /**
   * Reload over HTTP: the feed cannot replay what was missed. Also called when a connection starts
   * without a position to resume from, because whatever changed between the page's own load and
   * that moment would otherwise never arrive.
   */
  onResync?: () => void;
}

/**
 * - `inactivo`: nobody is subscribed, no socket.
 * - `conectando`: first connection of this page, not greeted yet.
 * - `conectado`: the server said hello; changes arrive as they happen.
 * - `reconectando`: the connection dropped; retrying with backoff.
 */
export type LiveStatus = 'inactivo' | 'conectando' | 'conectado' | 'reconectando';

interface LiveState {
  status: LiveStatus;
  /** The last log position this page has accounted for; null before the first hello. */
  position: number | null;
}

export const useLiveStore = create<LiveState>()(() => ({ status: 'inactivo', position: null }));

/** The kind of a staff list's counts per status (projections/src/moves.rs `COUNTS_KIND`). */
export const COUNTS_KIND = 'move_counts';

/** Backoff between reconnection attempts: 1 s, 2 s, 4 s … up to 30 s, with jitter. */
export const RECONNECT_BASE_MS = 1_000;
export const RECONNECT_MAX_MS = 30_000;

export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** attempt);
  // Jitter spreads the reconnections of many dashboards after a server restart.
  return Math.round(ceiling * (0.75 + 0.25 * random()));
}

export function liveUrl(after: number | null, location: Pick<Location, 'protocol' | 'host'> = window.location) {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  const query = after === null ? '' : `?after=${after}`;
  return `${scheme}//${location.host}/api/live${query}`;
}

const listeners = new Set<LiveListener>();
let socket: WebSocket | null = null;
let attempt = 0;
let retryTimer: ReturnType<typeof setTimeout> | null = null;
let stopTimer: ReturnType<typeof setTimeout> | null = null;

function set(partial: Partial<LiveState>) {
  useLiveStore.setState(partial);
}

function emit(call: (listener: LiveListener) => void) {
  for (const listener of [...listeners]) {
    try {
      call(listener);
    } catch (error) {
      // One broken subscriber must not starve the others or kill the socket handler.
      console.error('live: un suscriptor falló', error);
    }
  }
}

function advance(position: unknown) {
  if (typeof position !== 'number' || !Number.isFinite(position)) return;
  const current = useLiveStore.getState().position;
  if (current === null || position > current) set({ position });
}

function handleFrame(raw: unknown) {
  if (typeof raw !== 'string') return;
  let frame: Record<string, unknown>;
  try {
    frame = JSON.parse(raw) as Record<string, unknown>;
  } catch {
    return;
  }
  switch (frame.type) {
    case 'hello': {
      const resumed = useLiveStore.getState().position !== null;
      attempt = 0;
      // On a resumed connection the missed changes follow the hello; the position only moves as
      // they arrive, so a drop in the middle of the catch-up resumes from the right place.
      if (!resumed) advance(frame.position);
      set({ status: 'conectado' });
      if (!resumed) emit((l) => l.onResync?.());
      return;
    }
    case 'change': {
      if (typeof frame.position !== 'number' || typeof frame.kind !== 'string') return;
      // A position's counts come before its other frames and are absolute: until those arrive
      // the position is not accounted for, and a resume from just before it gets the counts
      // again (harmless) with what followed them.
      advance(frame.kind === COUNTS_KIND ? frame.position - 1 : frame.position);
      const change: LiveChange = {
        position: frame.position,
        kind: frame.kind,
        id: String(frame.id),
        data: frame.data,
      };
      emit((l) => l.onChange?.(change));
      return;
    }
    case 'resync':
      advance(frame.position);
      emit((l) => l.onResync?.());
      return;
  }
}

function connect() {
  retryTimer = null;
  let ws: WebSocket;
  try {
    ws = new WebSocket(liveUrl(useLiveStore.getState().position));
  } catch (error) {
    console.error('live: no se pudo abrir el WebSocket', error);
    scheduleReconnect();
    return;
  }
  socket = ws;
  ws.onmessage = (event: MessageEvent) => handleFrame(event.data);
  ws.onclose = () => {
    if (socket !== ws) return;
    socket = null;
    scheduleReconnect();
  };
  // An error is always followed by close, which does the retrying.
  ws.onerror = () => {};
}

function scheduleReconnect() {
  set({ status: 'reconectando' });
  const delay = reconnectDelay(attempt);
  attempt += 1;
  retryTimer = setTimeout(connect, delay);
}

function stop() {
  stopTimer = null;
  if (retryTimer !== null) clearTimeout(retryTimer);
  retryTimer = null;
  const ws = socket;
  socket = null;
  if (ws) {
    ws.onclose = null;
    ws.onmessage = null;
    ws.close();
  }
  attempt = 0;
  // The next page starts afresh: it loads its own lists, so there is nothing to resume.
  set({ status: 'inactivo', position: null });
}

// Back online (the crew's app, issue 21), a feed waiting out its backoff reconnects at once.
if (typeof window !== 'undefined') {
  window.addEventListener('online', () => {
    if (retryTimer === null || listeners.size === 0) return;
    clearTimeout(retryTimer);
    attempt = 0;
    connect();
  });
}

/** Subscribes to the live feed, opening it for the first subscriber; returns the unsubscribe. */
export function subscribeLive(listener: LiveListener): () => void {
  listeners.add(listener);
  if (stopTimer !== null) {
    clearTimeout(stopTimer);
    stopTimer = null;
  }
  if (socket === null && retryTimer === null) {
    set({ status: 'conectando' });
    connect();
  }
  return () => {
    if (!listeners.delete(listener) || listeners.size > 0) return;
    // Closed a moment later: a component that remounts at once (React StrictMode, a route that
    // swaps one dashboard panel for another) keeps the same socket instead of churning it.
    stopTimer = setTimeout(stop, 0);
  };
}

/** Closes the feed at once and forgets every subscriber (tests, logout). */
export function resetLive() {
  listeners.clear();
  if (stopTimer !== null) clearTimeout(stopTimer);
  stop();
}
