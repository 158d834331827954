import { create } from 'zustand';
import { errorText, NetworkError, type ApiResponse, type RequestHeaders } from '../../lib/api';
import * as device from '../../lib/crewDevice';
import type { NewChange, RefusedChange, StoredChange } from '../../lib/crewDevice';

// The crew's durable queue (issue 21): every change the worker makes, online or not, is written
// to the device first, with the device's time and an idempotency key, and then sent in order,
// one at a time, by one tab at a time. The server answers a repeated key with its first result,
// so a change is never applied twice however often it is sent, and never sent with a new key.

/** What a kind's request answers: the fields the queue reads (the kinds read the rest). */
export interface SentBody {
  success?: boolean;
  error?: string;
}

/** One kind of change (a status, a milestone, a photo…): how it is sent and shown. */
export interface ChangeKind<D = Record<string, unknown>> {
  send: (moveId: number, data: D, headers: RequestHeaders) => Promise<ApiResponse<SentBody>>;
  /** What the pending and refused lists call it: 'Estado: En Progreso'. */
  describe: (data: D) => string;
}

/** The table of kinds, by the name stored with each change. */
export type ChangeKinds = Record<string, ChangeKind<never>>;

export type Outcome = 'sent' | 'refused' | 'retry' | 'signed-out';

/**
 * What an answer means for the change: applied (2xx); refused for good (4xx: the move was
 * cancelled, the milestone is out of order…); worth another try later (5xx, a timeout, too many
 * requests); or waiting for the worker to sign in again (401).
 */
export function outcomeOf(status: number): Outcome {
  if (status >= 200 && status < 300) return 'sent';
  if (status === 401) return 'signed-out';
  if (status === 408 || status === 429) return 'retry';
  if (status >= 400 && status < 500) return 'refused';
  return 'retry';
}

/** Backoff between retries: 2 s, 4 s, 8 s … up to a minute, with jitter. */
export function retryDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(60_000, 2_000 * 2 ** attempt);
  return Math.round(ceiling * (0.75 + 0.25 * random()));
}

export const REFUSED_FALLBACK = 'El servidor no aceptó este cambio.';
export const UNKNOWN_KIND = 'Esta versión de la aplicación no sabe enviar este cambio.';
export const UNSENDABLE = 'Este cambio no se pudo preparar para enviarlo.';

export interface QueueState {
  userId: string | null;
  /** This user's changes not yet applied, oldest first. */
  pending: StoredChange[];
  /** The changes the server refused, until the worker dismisses them. */
  refused: RefusedChange[];
  /** A request is on its way. */
  sending: boolean;
  /** The browser says it is offline, or the last attempt could not reach the server. */
  offline: boolean;
  /** The server answered 401: nothing more goes until the worker signs in again. */
  signedOut: boolean;
}

export interface QueueOptions {
  kinds: ChangeKinds;
  /** A change the server applied, with its answer: merged into what the page shows. */
  onSent?: (change: StoredChange, body: unknown) => void;
  delay?: (attempt: number) => number;
  /** The Web Lock that lets only one tab send. */
  lockName?: string;
}

const initialState: QueueState = {
  userId: null,
  pending: [],
  refused: [],
  sending: false,
  offline: false,
  signedOut: false,
};

/** An idempotency key: a UUID (crypto.randomUUID needs a secure context; getRandomValues does not). */
export function newKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The blobs (a photo) go: a refused change is kept for its reason, not its bytes. */
function withoutBlobs(data: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(data).filter(([, value]) => !(value instanceof Blob)));
}

export function createChangeQueue({
  kinds,
  onSent,
  delay = retryDelay,
  lockName = 'mudanzas-trabajo-cola',
}: QueueOptions) {
  const useQueue = create<QueueState>()(() => initialState);
  const get = useQueue.getState;
  const set = useQueue.setState;
  // This tab's sending loop; a flush asked for meanwhile makes it look again when it ends.
  let running: Promise<void> | null = null;
  let again = false;
  let attempt = 0;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  let channel: BroadcastChannel | null = null;

  const kindOf = (change: StoredChange) => kinds[change.kind] as ChangeKind | undefined;

  /** Other tabs of this device re-read the queue when it changes here. */
  const announce = () => channel?.postMessage('cambios');

  async function refresh() {
    const userId = get().userId;
    if (!userId) return;
    const [pending, refused] = await Promise.all([device.listChanges(userId), device.listRefused(userId)]);
    if (get().userId === userId) set({ pending, refused });
  }

  function clearRetry() {
    if (retryTimer !== null) clearTimeout(retryTimer);
    retryTimer = null;
  }

  function scheduleRetry() {
    clearRetry();
    retryTimer = setTimeout(() => {
      retryTimer = null;
      void flush();
    }, delay(attempt));
    attempt += 1;
  }

  async function refuse(change: StoredChange, status: number, error: string) {
    const refused: RefusedChange = {
      ...change,
      data: withoutBlobs(change.data),
      status,
      error,
      refusedAt: new Date().toISOString(),
    };
    await device.refuseChange(refused);
    set((s) => ({ pending: s.pending.filter((c) => c.seq !== change.seq), refused: [...s.refused, refused] }));
    announce();
  }

  /**
   * Sends this user's changes in order until the queue is empty (true) or one has to wait for
   * the network, the server or a new sign-in (false).
   */
  async function sendAll(): Promise<boolean> {
    clearRetry();
    const userId = get().userId;
    if (!userId || get().signedOut) return false;
    try {
      for (;;) {
        // Read from the device each time: another tab may have sent or added changes.
        const next = await device.firstChange(userId);
        if (!next || get().userId !== userId) return true;
        const kind = kindOf(next);
        if (!kind) {
          await refuse(next, 0, UNKNOWN_KIND);
          continue;
        }
        set({ sending: true });
        let response: ApiResponse<SentBody>;
        try {
          response = await kind.send(next.moveId, next.data, {
            'Idempotency-Key': next.key,
            'Occurred-At': next.occurredAt,
          });
        } catch (error) {
          if (error instanceof NetworkError) {
            set({ offline: true });
            scheduleRetry();
            return false;
          }
          // The request could not even be made from what was stored: trying again would fail the
          // same way and hold up every change behind it.
          console.error('No se pudo preparar un cambio para enviarlo', error);
          await refuse(next, 0, UNSENDABLE);
          continue;
        }
        switch (outcomeOf(response.status)) {
          case 'sent':
            await device.removeChange(next.seq);
            attempt = 0;
            // In one go with leaving the list, so the page never shows the change twice.
            onSent?.(next, response.body);
            set((s) => ({ offline: false, pending: s.pending.filter((c) => c.seq !== next.seq) }));
            announce();
            break;
          case 'refused':
            set({ offline: false });
            await refuse(next, response.status, errorText(response.body, REFUSED_FALLBACK));
            break;
          case 'signed-out':
            set({ offline: false, signedOut: true });
            return false;
          case 'retry':
            set({ offline: false });
            scheduleRetry();
            return false;
        }
      }
    } finally {
      set({ sending: false });
    }
  }

  function withLock<T>(task: () => Promise<T>): Promise<T> {
    const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
    if (!locks?.request) return task();
    return locks.request(lockName, task);
  }

  /** Sends what is waiting now; resolves when this round is over (sent, refused or waiting). */
  function flush(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        let drained: boolean;
        do {
          again = false;
          drained = await withLock(sendAll);
          // A change added meanwhile is looked at again, unless the queue has to wait anyway.
        } while (again && drained);
      } catch (error) {
        console.error('La cola de cambios falló', error);
        scheduleRetry();
      } finally {
        running = null;
      }
    })();
    return running;
  }

  const onOnline = () => {
    attempt = 0;
    set({ offline: false });
    void flush();
  };
  const onOffline = () => set({ offline: true });

  function stop() {
    clearRetry();
    window.removeEventListener('online', onOnline);
    window.removeEventListener('offline', onOffline);
    channel?.close();
    channel = null;
  }

  return {
    useQueue,

    /** The queue of the signed-in user: loaded from the device and sent. Returns stop. */
    start(userId: string): () => void {
      stop();
      attempt = 0;
      set({ ...initialState, userId, offline: navigator.onLine === false });
      window.addEventListener('online', onOnline);
      window.addEventListener('offline', onOffline);
      if (typeof BroadcastChannel === 'function') {
        channel = new BroadcastChannel(lockName);
        channel.onmessage = () => void refresh().catch(() => undefined);
      }
      void refresh()
        .then(flush)
        .catch((error) => console.error('No se pudo leer la cola de cambios', error));
      return stop;
    },

    stop,

    /** Writes a change to the device, then sends it (now, or when it can). */
    async enqueue(kind: string, moveId: number, data: Record<string, unknown>): Promise<StoredChange> {
      const userId = get().userId;
      if (!userId) throw new Error('La cola de cambios no tiene usuario');
      const change: NewChange = { userId, kind, moveId, data, key: newKey(), occurredAt: new Date().toISOString() };
      const stored = await device.addChange(change);
      set((s) => ({ pending: [...s.pending, stored] }));
      announce();
      // Waiting for the network, the server's backoff or a sign-in, it waits its turn behind the others.
      if (retryTimer === null && !get().signedOut) void flush();
      return stored;
    },

    flush,

    /** Resolves once this tab is not sending. */
    idle(): Promise<void> {
      return running ?? Promise.resolve();
    },

    /** The worker has read why a change was refused. */
    async dismiss(seq: number): Promise<void> {
      await device.removeRefused(seq);
      set((s) => ({ refused: s.refused.filter((c) => c.seq !== seq) }));
      announce();
    },

    /** The pending list's and refused list's text for a change. */
    describe(change: StoredChange): string {
      return kindOf(change)?.describe(change.data) ?? change.kind;
    },
  };
}

export type ChangeQueue = ReturnType<typeof createChangeQueue>;
