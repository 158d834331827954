import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, makeMove, mockFetch } from '../../test/fixtures';
import { listChanges, listRefused } from '../../lib/crewDevice';
import { CREW_KINDS, withPending } from './changeKinds';
import {
  createChangeQueue,
  outcomeOf,
  REFUSED_FALLBACK,
  retryDelay,
  UNKNOWN_KIND,
  UNSENDABLE,
  type ChangeQueue,
} from './changeQueue';
import type { StoredChange } from '../../lib/crewDevice';

const WORKER = '01920000-0000-7000-8000-00000000a001';
const CANCELLED = 'La mudanza está cancelada: este cambio ya no se aplica.';

interface Seen {
  path: string;
  key: string | null;
  occurredAt: string | null;
  body: BodyInit | null | undefined;
}

/** The requests the queue made, in order, with the headers that matter. */
function recorder() {
  const seen: Seen[] = [];
  const record = (init: RequestInit | undefined, url: string) => {
    const headers = new Headers(init?.headers);
    seen.push({
      path: `${init?.method} ${url}`,
      key: headers.get('Idempotency-Key'),
      occurredAt: headers.get('Occurred-At'),
      body: init?.body,
    });
  };
  return { seen, record };
}

const moveAnswer = (id: number, extra = {}) =>
  jsonResponse({ success: true, position: 1, mudanza: makeMove({ id, version: 2, ...extra }) });

let queue: ChangeQueue;
let sent: StoredChange[];
let stop: () => void;

function makeQueue() {
  sent = [];
  queue = createChangeQueue({
    kinds: CREW_KINDS,
    onSent: (change) => sent.push(change),
    // Retries only when a test asks for them (flush), never on a timer during the test.
    delay: () => 3_600_000,
  });
  return queue;
}

/** Until this round of sending is over. */
async function settle() {
  await queue.idle();
}

describe('the crew change queue', () => {
  beforeEach(() => {
    makeQueue();
    stop = queue.start(WORKER);
  });

  afterEach(() => stop());

  it('sends every change in the order it was made, one at a time, with its key and device time', async () => {
    const { seen, record } = recorder();
    let inFlight = 0;
    let most = 0;
    const answer = (response: Response) => async (init: RequestInit | undefined, url: string) => {
      record(init, url);
      inFlight += 1;
      most = Math.max(most, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 5));
      inFlight -= 1;
      return response;
    };
    mockFetch({
      'POST /api/mudanza/4/hito': answer(moveAnswer(4)),
      'PUT /api/actualizar-estado-mudanza': answer(moveAnswer(4)),
      'POST /api/subir-foto': answer(
        jsonResponse({
          success: true,
          foto: { id: 'f1', url: '/api/fotos/4/f1', descripcion: 'Salón', tipo: 'image/png', fecha_subida: '' },
        }),
      ),
    });

    const a = await queue.enqueue('hito', 4, { hito: 'en_camino' });
    const b = await queue.enqueue('estado', 4, { estado: 'finalizada' });
    const photo = new File(['png'], 'salon.png', { type: 'image/png' });
    const c = await queue.enqueue('foto', 4, { foto: photo, nombre: 'salon.png', descripcion: 'Salón' });
    await settle();

    expect(seen.map((s) => s.path)).toEqual([
      'POST /api/mudanza/4/hito',
      'PUT /api/actualizar-estado-mudanza',
      'POST /api/subir-foto',
    ]);
    expect(most).toBe(1);
    expect(seen.map((s) => s.key)).toEqual([a.key, b.key, c.key]);
    expect(new Set(seen.map((s) => s.key)).size).toBe(3);
    expect(seen.map((s) => s.occurredAt)).toEqual([a.occurredAt, b.occurredAt, c.occurredAt]);
    expect(a.occurredAt <= b.occurredAt && b.occurredAt <= c.occurredAt).toBe(true);
    expect(a.key).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    // The photo went as a file of its own name, from what the device kept.
    const form = seen[2]!.body as FormData;
    expect((form.get('foto') as File).name).toBe('salon.png');
    expect(form.get('descripcion')).toBe('Salón');
    expect(sent.map((s) => s.seq)).toEqual([a.seq, b.seq, c.seq]);
    expect(queue.useQueue.getState().pending).toEqual([]);
    expect(await listChanges(WORKER)).toEqual([]);
  });

  it('keeps a change the network could not carry and sends it again with the same key and time', async () => {
    const { seen, record } = recorder();
    let online = false;
    mockFetch({
      'PUT /api/actualizar-estado-mudanza': (init, url) => {
        record(init, url);
        if (!online) throw new TypeError('Failed to fetch');
        return moveAnswer(4);
      },
    });
    const change = await queue.enqueue('estado', 4, { estado: 'en curso' });
    await settle();
    expect(queue.useQueue.getState()).toMatchObject({ offline: true, sending: false });
    expect(queue.useQueue.getState().pending).toHaveLength(1);
    expect(await listChanges(WORKER)).toHaveLength(1);

    // Still nothing: the next try waits too.
    await queue.flush();
    online = true;
    window.dispatchEvent(new Event('online'));
    await settle();

    expect(seen).toHaveLength(3);
    expect(new Set(seen.map((s) => s.key))).toEqual(new Set([change.key]));
    expect(new Set(seen.map((s) => s.occurredAt))).toEqual(new Set([change.occurredAt]));
    expect(queue.useQueue.getState()).toMatchObject({ offline: false, pending: [] });
  });

  it.each([500, 503, 408, 429])(
    'stops at a change the server could not take now (%i) and keeps it and what follows it',
    async (status) => {
      const { seen, record } = recorder();
      mockFetch({
        'PUT /api/actualizar-estado-mudanza': (init, url) => {
          record(init, url);
          return jsonResponse({ success: false, error: 'Inténtalo más tarde' }, status);
        },
        'POST /api/mudanza/4/hito': () => moveAnswer(4),
      });
      await queue.enqueue('estado', 4, { estado: 'en curso' });
      await queue.enqueue('hito', 4, { hito: 'en_camino' });
      await settle();
      expect(seen.map((s) => s.path)).toEqual(['PUT /api/actualizar-estado-mudanza']);
      expect(queue.useQueue.getState().pending.map((c) => c.kind)).toEqual(['estado', 'hito']);
      expect(queue.useQueue.getState()).toMatchObject({ refused: [], offline: false, sending: false });
    },
  );

  it("moves a refused change to the refused list with the server's reason and goes on with the next", async () => {
    const { seen, record } = recorder();
    mockFetch({
      'POST /api/mudanza/7/hito': (init, url) => {
        record(init, url);
        return jsonResponse({ success: false, error: CANCELLED }, 409);
      },
      'PUT /api/actualizar-estado-mudanza': (init, url) => {
        record(init, url);
        return jsonResponse({ success: false }, 422);
      },
      'POST /api/subir-foto': (init, url) => {
        record(init, url);
        return jsonResponse({
          success: true,
          foto: { id: 'f2', url: '', descripcion: '', tipo: '', fecha_subida: '' },
        });
      },
    });
    const milestone = await queue.enqueue('hito', 7, { hito: 'en_camino' });
    await queue.enqueue('estado', 7, { estado: 'finalizada' });
    const photo = new File(['png'], 'a.png', { type: 'image/png' });
    await queue.enqueue('foto', 7, { foto: photo, nombre: 'a.png', descripcion: '' });
    await settle();

    expect(seen.map((s) => s.path)).toEqual([
      'POST /api/mudanza/7/hito',
      'PUT /api/actualizar-estado-mudanza',
      'POST /api/subir-foto',
    ]);
    const { refused, pending } = queue.useQueue.getState();
    expect(pending).toEqual([]);
    expect(refused.map((r) => [r.seq, r.status, r.error])).toEqual([
      [milestone.seq, 409, CANCELLED],
      [milestone.seq + 1, 422, REFUSED_FALLBACK],
    ]);
    expect(queue.describe(refused[0]!)).toBe('Hito: En camino');
    expect(queue.describe(refused[1]!)).toBe('Estado: Completada');
    // Kept on the device until the worker has read it, then gone.
    expect(await listRefused(WORKER)).toHaveLength(2);
    await queue.dismiss(milestone.seq);
    expect(queue.useQueue.getState().refused).toHaveLength(1);
    expect((await listRefused(WORKER)).map((r) => r.seq)).toEqual([milestone.seq + 1]);
  });

  it('stops at a 401 until the worker signs in again, and then sends the same change', async () => {
    const { seen, record } = recorder();
    let signedIn = false;
    mockFetch({
      'PUT /api/actualizar-estado-mudanza': (init, url) => {
        record(init, url);
        return signedIn ? moveAnswer(4) : jsonResponse({ success: false, error: 'No autenticado' }, 401);
      },
    });
    const change = await queue.enqueue('estado', 4, { estado: 'en curso' });
    await queue.enqueue('estado', 4, { estado: 'finalizada' });
    await settle();
    expect(queue.useQueue.getState()).toMatchObject({ signedOut: true });
    expect(queue.useQueue.getState().pending).toHaveLength(2);
    expect(queue.useQueue.getState().refused).toEqual([]);

    // Not even the online event sends while signed out.
    window.dispatchEvent(new Event('online'));
    await settle();
    expect(seen).toHaveLength(1);

    // Signed in again: the page starts the queue for the user, which sends both, the first with its key.
    signedIn = true;
    stop();
    stop = queue.start(WORKER);
    await vi.waitFor(() => expect(seen).toHaveLength(3));
    await settle();
    expect(queue.useQueue.getState().pending).toEqual([]);
    expect(seen.map((s) => s.key)).toEqual([change.key, change.key, seen[2]!.key]);
    expect(seen[2]!.key).not.toBe(change.key);
    expect(queue.useQueue.getState().signedOut).toBe(false);
  });

  it('a page closed mid-send leaves the change with its key: the next page sends that same key', async () => {
    const { seen, record } = recorder();
    let answers = false;
    mockFetch({
      'PUT /api/actualizar-estado-mudanza': (init, url) => {
        record(init, url);
        // The first page goes before its answer arrives.
        return answers ? moveAnswer(4) : new Promise<Response>(() => {});
      },
    });
    const change = await queue.enqueue('estado', 4, { estado: 'en curso' });
    await vi.waitFor(() => expect(seen).toHaveLength(1));

    stop();
    answers = true;
    makeQueue();
    stop = queue.start(WORKER);
    await vi.waitFor(() => expect(seen).toHaveLength(2));
    await settle();
    expect(seen.map((s) => [s.key, s.occurredAt])).toEqual([
      [change.key, change.occurredAt],
      [change.key, change.occurredAt],
    ]);
    expect(await listChanges(WORKER)).toEqual([]);
  });

  it('counts what is pending, survives a new page (the same device) and sends only its own user', async () => {
    mockFetch({ 'PUT /api/actualizar-estado-mudanza': () => Promise.reject(new TypeError('Failed to fetch')) });
    await queue.enqueue('estado', 1, { estado: 'en curso' });
    await queue.enqueue('hito', 1, { hito: 'en_camino' });
    await settle();
    expect(queue.useQueue.getState().pending).toHaveLength(2);

    // A reload: a new queue on the same device reads them back.
    stop();
    makeQueue();
    stop = queue.start(WORKER);
    await vi.waitFor(() => expect(queue.useQueue.getState().pending).toHaveLength(2));
    await settle();

    // Another worker signed in on the device sees and sends none of them.
    stop();
    makeQueue();
    stop = queue.start('otro-trabajador');
    await settle();
    expect(queue.useQueue.getState().pending).toEqual([]);
  });
});

describe('changes that cannot be sent', () => {
  it('sets aside a change its kind cannot even build, or of a kind this version does not know, and goes on', async () => {
    const seen: string[] = [];
    const broken = createChangeQueue({
      kinds: {
        ...CREW_KINDS,
        roto: {
          send: () => {
            throw new Error('sin datos');
          },
          describe: () => 'Roto',
        },
      },
      delay: () => 3_600_000,
    });
    const stopBroken = broken.start(WORKER);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockFetch({
      'PUT /api/actualizar-estado-mudanza': (_init, url) => {
        seen.push(url);
        return moveAnswer(4);
      },
    });
    try {
      await broken.enqueue('roto', 4, {});
      await broken.enqueue('inventario', 4, {});
      await broken.enqueue('estado', 4, { estado: 'en curso' });
      await vi.waitFor(() => expect(seen).toHaveLength(1));
      await broken.idle();
      expect(broken.useQueue.getState().refused.map((r) => [r.kind, r.status, r.error])).toEqual([
        ['roto', 0, UNSENDABLE],
        ['inventario', 0, UNKNOWN_KIND],
      ]);
      expect(broken.useQueue.getState().pending).toEqual([]);
    } finally {
      stopBroken();
    }
  });
});

describe('what answers mean', () => {
  it('reads each status as the contract says', () => {
    expect([200, 201, 204].map(outcomeOf)).toEqual(['sent', 'sent', 'sent']);
    expect([400, 403, 404, 409, 413, 422].map(outcomeOf)).toEqual(Array(6).fill('refused'));
    expect(outcomeOf(401)).toBe('signed-out');
    expect([408, 429, 500, 502, 503].map(outcomeOf)).toEqual(Array(5).fill('retry'));
  });

  it('backs off from 2 s to a minute', () => {
    expect(retryDelay(0, () => 1)).toBe(2_000);
    expect(retryDelay(1, () => 1)).toBe(4_000);
    expect(retryDelay(10, () => 1)).toBe(60_000);
    expect(retryDelay(0, () => 0)).toBe(1_500);
  });
});

describe('the card as the worker sees it', () => {
  const change = (seq: number, kind: string, data: Record<string, unknown>): StoredChange => ({
    seq,
    kind,
    data,
    moveId: 3,
    userId: WORKER,
    key: `clave-${seq}`,
    occurredAt: `2026-12-04T10:0${seq}:00.000Z`,
  });

  it('shows the queued milestone, the move it starts and the queued status, in order', () => {
    const move = makeMove({ id: 3, estado: 'confirmada', hitos: [] });
    const shown = withPending(move, [
      change(1, 'hito', { hito: 'en_camino' }),
      change(2, 'hito', { hito: 'llegada_origen' }),
    ]);
    expect(shown.estado).toBe('en curso');
    expect(shown.hitos).toEqual([
      { hito: 'en_camino', fecha: '2026-12-04T10:01:00.000Z' },
      { hito: 'llegada_origen', fecha: '2026-12-04T10:02:00.000Z' },
    ]);
    expect(withPending(move, [change(1, 'estado', { estado: 'cancelada' })]).estado).toBe('cancelada');
    // Another move's changes are not this one's.
    expect(withPending(makeMove({ id: 4 }), [change(1, 'estado', { estado: 'cancelada' })]).estado).toBe('pendiente');
  });
});
