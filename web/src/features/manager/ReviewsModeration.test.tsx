import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ModeratedReview, Role } from '../../lib/api';
import { useAuthStore } from '../../lib/useAuthStore';
import { jsonResponse, makeUser, mockFetch } from '../../test/fixtures';
import { formatSatisfaction } from './managerMoves';
import { pendingAfter, pendingLabel, reasonError } from './reviews';
import { ReviewsModeration } from './ReviewsModeration';

function review(overrides: Partial<ModeratedReview> & { id: string }): ModeratedReview {
  return {
    mudanza_id: 7,
    nombre: 'Marta S.',
    ubicacion: 'Madrid',
    rating: 4,
    titulo: 'Muy profesionales',
    texto: 'Llegaron puntuales.',
    recomendaria: true,
    fecha: '2026-12-03',
    estado: 'pendiente',
    motivo: '',
    enviada: '2026-12-03T10:00:00Z',
    moderada: null,
    ...overrides,
  };
}

const PENDING = [
  review({ id: 'mudanza-7' }),
  review({ id: 'mudanza-8', mudanza_id: 8, nombre: 'Pablo G.', titulo: 'Regular', rating: 2, recomendaria: false }),
];
const PUBLISHED = [review({ id: 'importada-1', mudanza_id: null, nombre: 'María González', estado: 'publicada' })];

type Decision = { publicar: boolean; motivo: string };

function renderSection(role: Role = 'empresario', decide?: (id: string, body: Decision) => Response) {
  useAuthStore.setState({ checking: false, user: makeUser({ role }) });
  const fetchMock = mockFetch({
    'GET /api/gestion/opiniones?estado=pendiente': () =>
      jsonResponse({ success: true, opiniones: PENDING, pendientes: 2 }),
    'GET /api/gestion/opiniones?estado=publicada': () =>
      jsonResponse({ success: true, opiniones: PUBLISHED, pendientes: 2 }),
    'GET /api/gestion/opiniones': () =>
      jsonResponse({ success: true, opiniones: [...PENDING, ...PUBLISHED], pendientes: 2 }),
    'POST /api/opiniones/*': (init, url) => {
      const id = decodeURIComponent(url.split('/')[3]!);
      const body = JSON.parse(String(init?.body)) as Decision;
      if (decide) return decide(id, body);
      const before = PENDING.find((r) => r.id === id)!;
      return jsonResponse({
        success: true,
        position: 50,
        opinion: {
          ...before,
          estado: body.publicar ? 'publicada' : 'oculta',
          motivo: body.motivo,
          moderada: '2026-12-03T11:00:00Z',
        },
      });
    },
  });
  render(<ReviewsModeration />);
  return fetchMock;
}

const item = (name: RegExp) => screen.getByRole('listitem', { name });

describe('moderation rules', () => {
  it('counts what waits and requires a reason to hide', () => {
    expect(pendingLabel(0)).toBe('Ninguna pendiente');
    expect(pendingLabel(1)).toBe('1 pendiente');
    expect(pendingLabel(3)).toBe('3 pendientes');
    expect(pendingAfter(3, 'pendiente', 'publicada')).toBe(2);
    expect(pendingAfter(3, 'publicada', 'oculta')).toBe(3);
    expect(reasonError('  ')).toBe('Indica el motivo por el que se oculta la opinión');
    expect(reasonError('Datos personales')).toBeUndefined();
  });

  it("shows the company's satisfaction as the average stars", () => {
    expect(formatSatisfaction(4.87)).toBe('4,9 / 5');
    expect(formatSatisfaction(5)).toBe('5,0 / 5');
    expect(formatSatisfaction(null)).toBe('Sin opiniones');
  });
});

describe('ReviewsModeration', () => {
  beforeEach(() => vi.unstubAllGlobals());
  afterEach(() => vi.unstubAllGlobals());

  it('lists the waiting reviews first with their count, and filters by state', async () => {
    const fetchMock = renderSection();
    await screen.findByRole('listitem', { name: /Marta S\./ });
    expect(screen.getByTestId('opiniones-pendientes').textContent).toBe('2 pendientes');
    expect(screen.getByRole('button', { name: 'Pendientes' }).getAttribute('aria-pressed')).toBe('true');
    const marta = within(item(/Marta S\./));
    expect(marta.getByRole('img', { name: '4 de 5 estrellas' })).toBeTruthy();
    expect(marta.getByText('Mudanza #7')).toBeTruthy();
    expect(marta.getByText('Pendiente')).toBeTruthy();
    expect(within(item(/Pablo G\./)).getByText('No nos recomendaría')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Publicadas' }));
    await screen.findByRole('listitem', { name: /María González/ });
    expect(within(item(/María González/)).getByText('Importada (anterior a la plataforma)')).toBeTruthy();
    // A published one can only be hidden.
    expect(within(item(/María González/)).queryByRole('button', { name: 'Publicar' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Todas' }));
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(3));
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([
      '/api/gestion/opiniones?estado=pendiente',
      '/api/gestion/opiniones?estado=publicada',
      '/api/gestion/opiniones',
    ]);
  });

  it('publishes a review and shows the result', async () => {
    const fetchMock = renderSection();
    await screen.findByRole('listitem', { name: /Marta S\./ });
    fireEvent.click(within(item(/Marta S\./)).getByRole('button', { name: 'Publicar' }));
    await waitFor(() => within(item(/Marta S\./)).getByText('Publicada'));
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(post[0]).toBe('/api/opiniones/mudanza-7/moderar');
    expect(JSON.parse(String(post[1]?.body))).toEqual({ publicar: true, motivo: '' });
    expect(screen.getByRole('status').textContent).toBe('Opinión de Marta S. publicada: ya aparece en Opiniones.');
    expect(screen.getByTestId('opiniones-pendientes').textContent).toBe('1 pendiente');
  });

  it('hides a review only with a reason, which is sent and shown', async () => {
    const fetchMock = renderSection();
    await screen.findByRole('listitem', { name: /Pablo G\./ });
    fireEvent.click(within(item(/Pablo G\./)).getByRole('button', { name: 'Ocultar' }));
    const form = screen.getByRole('form', { name: 'Ocultar la opinión de Pablo G.' });
    const reason = within(form).getByLabelText(/^Motivo/);
    expect(document.activeElement).toBe(reason);
    fireEvent.click(within(form).getByRole('button', { name: 'Ocultar opinión' }));
    expect(within(form).getByText('Indica el motivo por el que se oculta la opinión')).toBeTruthy();
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    fireEvent.change(reason, { target: { value: ' Incluye datos personales ' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Ocultar opinión' }));
    await waitFor(() => within(item(/Pablo G\./)).getByText('Oculta'));
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(JSON.parse(String(post[1]?.body))).toEqual({ publicar: false, motivo: 'Incluye datos personales' });
    expect(within(item(/Pablo G\./)).getByText('Motivo: Incluye datos personales')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Opinión de Pablo G. ocultada. Su autor verá el motivo.');
  });

  it("shows the server's refusal on the review", async () => {
    renderSection('empresario', () => jsonResponse({ success: false, error: 'Opinión no encontrada' }, 404));
    await screen.findByRole('listitem', { name: /Marta S\./ });
    fireEvent.click(within(item(/Marta S\./)).getByRole('button', { name: 'Publicar' }));
    expect((await within(item(/Marta S\./)).findByRole('alert')).textContent).toBe('Opinión no encontrada');
  });

  it('is read-only for the admin and the auditor', async () => {
    for (const role of ['admin', 'auditor'] as const) {
      renderSection(role);
      await screen.findByRole('listitem', { name: /Marta S\./ });
      expect(screen.getByText(/Solo la gerencia puede publicar u ocultar opiniones/)).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Publicar' })).toBeNull();
      expect(screen.queryByRole('button', { name: 'Ocultar' })).toBeNull();
      document.body.innerHTML = '';
    }
  });

  it('says when the list cannot be read', async () => {
    useAuthStore.setState({ checking: false, user: makeUser({ role: 'empresario' }) });
    mockFetch({ 'GET /api/gestion/opiniones?estado=pendiente': () => jsonResponse({ success: false }, 500) });
    render(<ReviewsModeration />);
    expect((await screen.findByRole('alert')).textContent).toBe('No se pudieron cargar las opiniones.');
  });
});
