import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeWebSocket } from '../test/fakeWebSocket';
import { liveUrl, reconnectDelay, resetLive, subscribeLive, useLiveStore, type LiveChange } from './useLiveStore';

function moveChange(position: number, id: number, estado: string) {
  return { type: 'change', position, kind: 'move', id: String(id), data: { id, estado } };
}

describe('live feed', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeWebSocket.install();
  });

  afterEach(() => {
    resetLive();
    vi.useRealTimers();
  });

  it('builds ws:// or wss:// from the page location, with ?after= to resume', () => {
    expect(liveUrl(null, { protocol: 'http:', host: '127.0.0.1:8080' })).toBe('ws://127.0.0.1:8080/api/live');
    expect(liveUrl(1_700_000_000_123, { protocol: 'https:', host: 'mudanzas.es' })).toBe(
      'wss://mudanzas.es/api/live?after=1700000000123',
    );
  });

  it('backs off from 1 s, doubling, capped at 30 s', () => {
    const noJitter = () => 1;
    expect([0, 1, 2, 3, 4, 5, 6, 10].map((n) => reconnectDelay(n, noJitter))).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000,
    ]);
    expect(reconnectDelay(0, () => 0)).toBe(750);
  });

  it('opens one socket for all subscribers and reports changes to each', () => {
    const a: LiveChange[] = [];
    const b: LiveChange[] = [];
    subscribeLive({ onChange: (c) => a.push(c) });
    subscribeLive({ onChange: (c) => b.push(c) });
    expect(FakeWebSocket.instances).toHaveLength(1);
    expect(FakeWebSocket.last().url).toBe(`ws://${window.location.host}/api/live`);
    expect(useLiveStore.getState().status).toBe('conectando');

    const ws = FakeWebSocket.last();
    ws.receive({ type: 'hello', position: 9_000_000_000_000, role: 'empleado' });
    expect(useLiveStore.getState()).toMatchObject({ status: 'conectado', position: 9_000_000_000_000 });

    ws.receive(moveChange(9_000_000_000_007, 3, 'en curso'));
    expect(a).toEqual([{ position: 9_000_000_000_007, kind: 'move', id: '3', data: { id: 3, estado: 'en curso' } }]);
    expect(b).toEqual(a);
    expect(useLiveStore.getState().position).toBe(9_000_000_000_007);
  });

  it('asks for a reload when a fresh connection starts and when the server says resync', () => {
    const onResync = vi.fn();
    subscribeLive({ onResync });
    const ws = FakeWebSocket.last();
    ws.receive({ type: 'hello', position: 10, role: 'empleado' });
    expect(onResync).toHaveBeenCalledTimes(1);

    ws.receive({ type: 'resync', position: 500 });
    expect(onResync).toHaveBeenCalledTimes(2);
    expect(useLiveStore.getState().position).toBe(500);
  });

  it("resumes just before a position whose counts arrived without its move's frame", () => {
    const onChange = vi.fn();
    subscribeLive({ onChange });
    let ws = FakeWebSocket.last();
    ws.receive({ type: 'hello', position: 100, role: 'gerente' });
    const counts = (position: number) => ({ type: 'change', position, kind: 'move_counts', id: 'all', data: {} });
    ws.receive(counts(110));
    ws.receive(moveChange(110, 1, 'confirmada'));
    expect(useLiveStore.getState().position).toBe(110);
    // The next change's counts arrive, then the connection drops before its move's frame.
    ws.receive(counts(111));
    expect(useLiveStore.getState().position).toBe(110);
    ws.drop();
    vi.advanceTimersByTime(1_000);
    ws = FakeWebSocket.last();
    expect(ws.url).toBe(`ws://${window.location.host}/api/live?after=110`);
    expect(onChange).toHaveBeenCalledTimes(3);
  });

  it('reconnects with backoff, resuming after the last position seen', () => {
    const onChange = vi.fn();
    const onResync = vi.fn();
    subscribeLive({ onChange, onResync });
    let ws = FakeWebSocket.last();
    ws.receive({ type: 'hello', position: 100, role: 'empleado' });
    ws.receive(moveChange(120, 1, 'finalizada'));

    ws.drop();
    expect(useLiveStore.getState().status).toBe('reconectando');
    expect(FakeWebSocket.instances).toHaveLength(1);

    // First retry after at most 1 s; it fails too, so the next waits longer.
    vi.advanceTimersByTime(1_000);
    expect(FakeWebSocket.instances).toHaveLength(2);
    ws = FakeWebSocket.last();
    expect(ws.url).toBe(`ws://${window.location.host}/api/live?after=120`);
    ws.drop();
    vi.advanceTimersByTime(1_000);
    expect(FakeWebSocket.instances).toHaveLength(2);
    vi.advanceTimersByTime(1_000);
    expect(FakeWebSocket.instances).toHaveLength(3);

    // The server greets with its head, then sends what was missed.
    ws = FakeWebSocket.last();
    expect(ws.url).toBe(`ws://${window.location.host}/api/live?after=120`);
    ws.receive({ type: 'hello', position: 300, role: 'empleado' });
    expect(useLiveStore.getState()).toMatchObject({ status: 'conectado', position: 120 });
    ws.receive(moveChange(250, 2, 'cancelada'));
    expect(useLiveStore.getState().position).toBe(250);
    expect(onChange).toHaveBeenCalledTimes(2);
    // A resumed connection replays; no reload needed.
    expect(onResync).toHaveBeenCalledTimes(1);

    // A successful hello resets the backoff.
    ws.drop();
    vi.advanceTimersByTime(1_000);
    expect(FakeWebSocket.instances).toHaveLength(4);
    expect(FakeWebSocket.last().url).toBe(`ws://${window.location.host}/api/live?after=250`);
  });

  it('closes the socket when the last subscriber leaves, but survives an immediate remount', () => {
    const first = subscribeLive({});
    const ws = FakeWebSocket.last();
    first();
    const second = subscribeLive({});
    vi.runAllTimers();
    expect(ws.closed).toBe(false);
    expect(FakeWebSocket.instances).toHaveLength(1);

    second();
    vi.runAllTimers();
    expect(ws.closed).toBe(true);
    expect(useLiveStore.getState()).toMatchObject({ status: 'inactivo', position: null });
  });

  it('stops retrying once nobody listens', () => {
    const unsubscribe = subscribeLive({});
    FakeWebSocket.last().drop();
    unsubscribe();
    vi.runAllTimers();
    expect(FakeWebSocket.instances).toHaveLength(1);
    expect(useLiveStore.getState().status).toBe('inactivo');
  });

  it('ignores frames it cannot read and survives a throwing subscriber', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const seen = vi.fn();
    subscribeLive({
      onChange: () => {
        throw new Error('roto');
      },
    });
    subscribeLive({ onChange: seen });
    const ws = FakeWebSocket.last();
    ws.onmessage?.({ data: 'no es json' } as MessageEvent);
    ws.receive({ type: 'desconocido' });
    ws.receive(moveChange(5, 1, 'pendiente'));
    expect(seen).toHaveBeenCalledTimes(1);
    expect(error).toHaveBeenCalledOnce();
  });
});
