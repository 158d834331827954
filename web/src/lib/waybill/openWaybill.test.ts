import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../test/fixtures';
import { openWaybill, WAYBILL_CONNECTION_ERROR, waybillError } from './index';
import { POPUP_BLOCKED } from './openWaybill';
import { makeWaybill } from './testWaybill';

vi.mock('../browser', () => ({ reloadPage: vi.fn(), showAlert: vi.fn() }));
const { showAlert } = await import('../browser');

/** A stand-in for the new window: records what is written and parses it on close. */
function fakeWindow() {
  let html = '';
  let parsed: Document = document.implementation.createHTMLDocument('');
  const win = {
    closed: false,
    document: {
      open: vi.fn(() => {
        html = '';
      }),
      write: vi.fn((chunk: string) => {
        html += chunk;
      }),
      close: vi.fn(() => {
        parsed = new DOMParser().parseFromString(html, 'text/html');
      }),
      getElementById: (id: string) => parsed.getElementById(id),
    },
    close: vi.fn(() => {
      win.closed = true;
    }),
    print: vi.fn(),
    focus: vi.fn(),
  };
  return { win, shown: () => parsed };
}

describe('openWaybill', () => {
  beforeEach(() => {
    vi.mocked(showAlert).mockClear();
  });

  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('opens the window at once, then writes the waybill with working buttons', async () => {
    const { win, shown } = fakeWindow();
    const open = vi.spyOn(window, 'open').mockReturnValue(win as unknown as Window);
    let answer: (r: Response) => void = () => {};
    const fetchMock = mockFetch({ 'GET /api/albaran/7': () => new Promise<Response>((resolve) => (answer = resolve)) });

    const done = openWaybill(7);
    // Synchronously, inside the click: popup blockers allow it.
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(shown().body.textContent).toContain('Generando albarán...');

    answer(jsonResponse({ success: true, albaran: makeWaybill() }));
    await expect(done).resolves.toBe(true);
    expect(fetchMock.mock.calls[0]?.[1]?.credentials).toBe('include');
    expect(shown().title).toBe('Albarán A2026-000003 | Mudanzas');

    shown().getElementById('albaran-imprimir')?.dispatchEvent(new Event('click'));
    expect(win.print).toHaveBeenCalledTimes(1);
    shown().getElementById('albaran-cerrar')?.dispatchEvent(new Event('click'));
    expect(win.close).toHaveBeenCalledTimes(1);
    expect(showAlert).not.toHaveBeenCalled();
  });

  it('issues the waybill with a POST when asked to: a GET only reads one issued', async () => {
    const { win, shown } = fakeWindow();
    vi.spyOn(window, 'open').mockReturnValue(win as unknown as Window);
    const fetchMock = mockFetch({
      'POST /api/albaran/7/emitir': () => jsonResponse({ success: true, albaran: makeWaybill() }),
    });
    await expect(openWaybill(7, true)).resolves.toBe(true);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(shown().title).toBe('Albarán A2026-000003 | Mudanzas');
  });

  it('closes the window and alerts the server message on an error answer', async () => {
    const { win } = fakeWindow();
    vi.spyOn(window, 'open').mockReturnValue(win as unknown as Window);
    mockFetch({ 'GET /api/albaran/9': () => jsonResponse({ success: false, error: 'Mudanza no encontrada' }, 404) });

    await expect(openWaybill(9)).resolves.toBe(false);
    expect(win.close).toHaveBeenCalled();
    expect(showAlert).toHaveBeenCalledWith('Error al generar el albarán: Mudanza no encontrada');
  });

  it('alerts an unknown error when the answer has no message', async () => {
    const { win } = fakeWindow();
    vi.spyOn(window, 'open').mockReturnValue(win as unknown as Window);
    mockFetch({ 'GET /api/albaran/9': () => new Response('Bad gateway', { status: 502 }) });
    await openWaybill(9);
    expect(showAlert).toHaveBeenCalledWith(waybillError('Error desconocido'));
  });

  it('alerts the connection error when the server cannot be reached', async () => {
    const { win } = fakeWindow();
    vi.spyOn(window, 'open').mockReturnValue(win as unknown as Window);
    mockFetch({
      'GET /api/albaran/9': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await expect(openWaybill(9)).resolves.toBe(false);
    expect(win.close).toHaveBeenCalled();
    expect(showAlert).toHaveBeenCalledWith(WAYBILL_CONNECTION_ERROR);
  });

  it('says so when the browser blocks the window, without asking the server', async () => {
    vi.spyOn(window, 'open').mockReturnValue(null);
    const fetchMock = mockFetch({});
    await expect(openWaybill(7)).resolves.toBe(false);
    expect(showAlert).toHaveBeenCalledWith(waybillError(POPUP_BLOCKED));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('does nothing more when the user closed the window while it loaded', async () => {
    const { win } = fakeWindow();
    vi.spyOn(window, 'open').mockReturnValue(win as unknown as Window);
    mockFetch({
      'GET /api/albaran/7': () => {
        win.closed = true;
        return jsonResponse({ success: true, albaran: makeWaybill() });
      },
    });
    await expect(openWaybill(7)).resolves.toBe(false);
    expect(win.document.write).toHaveBeenCalledTimes(1);
    expect(showAlert).not.toHaveBeenCalled();
  });
});
