import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, MemoryRouter, RouterProvider } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import type { OwnClaimPage } from '../../../lib/claims';
import { useAuthStore } from '../../../lib/useAuthStore';
import { makeClaim } from '../../../test/claims';
import { jsonResponse, makeUser, mockFetch } from '../../../test/fixtures';
import { makeClientMove } from '../testMoves';
import { useClientMovesStore } from '../useClientMovesStore';
import { ClientMoveCard } from '../ClientMoveCard';
import { ClaimPage } from './ClaimPage';

const OBJECTS = [
  { id: 'sofa-3', nombre: 'Sofá de 3 plazas' },
  { id: 'mesa', nombre: 'Mesa de comedor' },
];

const CAN_CLAIM: OwnClaimPage = {
  reclamacion: null,
  objetos: OBJECTS,
  ultimo_dia_para_reclamar: '2026-12-08',
  puede_reclamar: true,
};

const nbsp = (s: string | null | undefined) => (s ?? '').replace(/\u00a0/g, ' ');

function renderPage(page: OwnClaimPage, post?: (form: FormData) => Response) {
  const fetchMock = mockFetch({
    'GET /api/mis-mudanzas': () =>
      jsonResponse({
        success: true,
        email_confirmado: true,
        mudanzas: [makeClientMove({ id: 14, status: 'completed', date: '2026-12-01', from: 'Calle Mayor 1, Madrid' })],
      }),
    'GET /api/mi-mudanza/14/reclamacion': () => jsonResponse({ success: true, ...page }),
    'POST /api/mi-mudanza/14/reclamacion': (init) =>
      post
        ? post(init?.body as FormData)
        : jsonResponse({ success: true, ...CAN_CLAIM, puede_reclamar: false, reclamacion: makeClaim() }),
  });
  const router = createMemoryRouter(
    [
      { path: '/cliente/reclamacion/:id', element: <ClaimPage /> },
      { path: '/cliente/:id', element: <h1>Mi área de cliente</h1> },
    ],
    { initialEntries: ['/cliente/reclamacion/14'] },
  );
  render(<RouterProvider router={router} />);
  return fetchMock;
}

function png(name: string): File {
  return new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });
}

beforeEach(() => {
  useAuthStore.setState({ checking: false, user: makeUser({ id: 'c-1', role: 'cliente' }) });
  useClientMovesStore.getState().reset();
});

describe('ClaimPage: opening a claim', () => {
  it('shows the move, the last day to claim and the form', async () => {
    renderPage(CAN_CLAIM);
    expect(await screen.findByRole('heading', { level: 2, name: 'Abrir una reclamación' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Reclamación de la mudanza #14' })).toBeTruthy();
    expect(screen.getByText(/Puedes reclamar hasta el/).textContent).toBe(
      'Puedes reclamar hasta el 8 de diciembre de 2026.',
    );
    expect(await screen.findByText(/Calle Mayor 1, Madrid/)).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Sofá de 3 plazas' })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Mesa de comedor' })).toBeTruthy();
    const text = screen.getByLabelText(/Descripción/);
    expect(text.getAttribute('maxLength')).toBe('2000');
    expect(screen.getByText('0 / 2000')).toBeTruthy();
    const photos = screen.getByLabelText(/Fotos/);
    expect(photos.getAttribute('accept')).toBe('image/*');
    expect(photos.hasAttribute('multiple')).toBe(true);
  });

  it('asks for an object and a description before sending anything', async () => {
    const fetchMock = renderPage(CAN_CLAIM);
    fireEvent.click(await screen.findByRole('button', { name: 'Enviar reclamación' }));
    expect(screen.getByText('Elige al menos un objeto')).toBeTruthy();
    expect(screen.getByText('Describe qué ha pasado')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('checkbox', { name: 'Sofá de 3 plazas' }));
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    // The messages go as the fields are filled in.
    fireEvent.click(screen.getByRole('checkbox', { name: 'Mesa de comedor' }));
    expect(screen.queryByText('Elige al menos un objeto')).toBeNull();
    fireEvent.change(screen.getByLabelText(/Descripción/), { target: { value: 'Rayada' } });
    expect(screen.queryByText('Describe qué ha pasado')).toBeNull();
    expect(screen.getByText('6 / 2000')).toBeTruthy();
  });

  it('sends the objects, the text and the photos as a multipart form, then shows the claim', async () => {
    let sent: FormData | undefined;
    renderPage(CAN_CLAIM, (form) => {
      sent = form;
      return jsonResponse({ success: true, ...CAN_CLAIM, puede_reclamar: false, reclamacion: makeClaim() });
    });
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Sofá de 3 plazas' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Mesa de comedor' }));
    fireEvent.change(screen.getByLabelText(/Descripción/), { target: { value: '  La pata delantera llegó rota.  ' } });
    const input = screen.getByLabelText(/Fotos/);
    fireEvent.change(input, { target: { files: [png('pata.png'), png('mesa.png')] } });
    const previews = screen.getByRole('list', { name: 'Fotos añadidas' });
    expect(within(previews).getAllByRole('listitem')).toHaveLength(2);
    // One is taken out again before sending.
    fireEvent.click(within(previews).getByRole('button', { name: 'Quitar la foto 2' }));
    expect(within(previews).getAllByRole('listitem')).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: 'Enviar reclamación' }));
    const heading = await screen.findByRole('heading', { level: 2, name: 'Tu reclamación' });
    // The focus the form had moves to what replaced it.
    expect(document.activeElement).toBe(heading);
    expect(sent).toBeInstanceOf(FormData);
    expect(sent!.getAll('objetos')).toEqual(['sofa-3', 'mesa']);
    expect(sent!.get('texto')).toBe('La pata delantera llegó rota.');
    const fotos = sent!.getAll('fotos') as File[];
    expect(fotos.map((f) => f.name)).toEqual(['pata.png']);
  });

  it('leaves out a sixth photo and what is not an image, saying why', async () => {
    renderPage(CAN_CLAIM);
    const input = await screen.findByLabelText(/Fotos/);
    fireEvent.change(input, { target: { files: ['1', '2', '3', '4', '5', '6'].map((n) => png(`${n}.png`)) } });
    expect(within(screen.getByRole('list', { name: 'Fotos añadidas' })).getAllByRole('listitem')).toHaveLength(5);
    expect(screen.getByRole('alert').textContent).toBe('Puedes añadir como máximo 5 fotos');
    expect((input as HTMLInputElement).disabled).toBe(true);
  });

  it("shows the server's refusal in an alert and keeps the form", async () => {
    const late = 'El plazo para reclamar terminó el 08/12/2026: han pasado más de 7 días desde la entrega.';
    renderPage(CAN_CLAIM, () => jsonResponse({ success: false, error: late }, 409));
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Sofá de 3 plazas' }));
    fireEvent.change(screen.getByLabelText(/Descripción/), { target: { value: 'Rota' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enviar reclamación' }));
    expect((await screen.findByRole('alert')).textContent).toBe(late);
    expect(screen.getByRole('button', { name: 'Enviar reclamación' })).toHaveProperty('disabled', false);
  });
});

describe('ClaimPage: following a claim', () => {
  it('shows when the answer is due, warning once few working days are left', async () => {
    renderPage({
      ...CAN_CLAIM,
      puede_reclamar: false,
      reclamacion: makeClaim({
        plazo: { fecha: '2026-12-23', dias_habiles_restantes: 2, vencido: false, aviso: true },
      }),
    });
    const deadline = await screen.findByTestId('plazo-reclamacion');
    expect(deadline.textContent).toContain('Te responderemos como muy tarde el 23 de diciembre de 2026');
    expect(deadline.textContent).toContain('Quedan 2 días hábiles');
    expect(deadline.className).toContain('claim-deadline--warning');
    expect(screen.getByText('Pendiente de respuesta')).toBeTruthy();
    // What was claimed.
    expect(screen.getByText('La pata delantera llegó rota.')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Foto 1 de la reclamación de la mudanza 14' }).getAttribute('src')).toBe(
      '/api/reclamaciones/14/fotos/f-1',
    );
  });

  it('says the deadline passed while unanswered', async () => {
    renderPage({
      ...CAN_CLAIM,
      puede_reclamar: false,
      reclamacion: makeClaim({
        plazo: { fecha: '2026-12-23', dias_habiles_restantes: -1, vencido: true, aviso: true },
      }),
    });
    const deadline = await screen.findByTestId('plazo-reclamacion');
    expect(deadline.textContent).toContain('Plazo vencido');
    expect(deadline.className).toContain('claim-deadline--error');
  });

  it('shows the answer with the amount and the reason', async () => {
    renderPage({
      ...CAN_CLAIM,
      puede_reclamar: false,
      reclamacion: makeClaim({
        estado: 'respondida',
        respuesta: {
          resolucion: 'parcial',
          importe_cents: 4050,
          importe: 40.5,
          motivo: 'La pata ya estaba rozada en la recogida.',
          respondida_en: '2026-12-05T10:00:00Z',
        },
      }),
    });
    const answer = await screen.findByTestId('respuesta');
    expect(nbsp(within(answer).getByText(/^Aceptada en parte/).textContent)).toBe(
      'Aceptada en parte: te abonaremos 40,50 €',
    );
    expect(answer.textContent).toContain('Motivo: La pata ya estaba rozada en la recogida.');
    expect(screen.queryByTestId('plazo-reclamacion')).toBeNull();
    expect(screen.getByText('Respondida')).toBeTruthy();
  });

  it("puts the crew's records at pickup beside those at delivery, and the signatures", async () => {
    renderPage({ ...CAN_CLAIM, puede_reclamar: false, reclamacion: makeClaim() });
    const object = await screen.findByRole('region', { name: 'Sofá de 3 plazas' });
    const pickup = within(within(object).getByRole('group', { name: 'En la recogida' }));
    expect(pickup.getByText('En buen estado')).toBeTruthy();
    expect(pickup.getByText('Sin marcas')).toBeTruthy();
    expect(pickup.getByRole('img', { name: 'Sofá antes de cargar' }).getAttribute('src')).toBe('/api/fotos/14/p-1');
    const delivery = within(within(object).getByRole('group', { name: 'En la entrega' }));
    expect(delivery.getByText('Sin registros')).toBeTruthy();

    const signatures = within(screen.getByRole('region', { name: 'Firmas del albarán' }));
    const signed = within(signatures.getByRole('group', { name: 'En la recogida' }));
    expect(signed.getByRole('img', { name: /^Firma de Marta Sánchez \(cliente\)/ }).getAttribute('src')).toBe(
      '/api/mudanza/14/firmas/s-1',
    );
    expect(signed.getByText('Cliente')).toBeTruthy();
    expect(within(signatures.getByRole('group', { name: 'En la entrega' })).getByText('Sin firmas')).toBeTruthy();
  });
});

describe('ClaimPage: when there is nothing to claim', () => {
  it('explains the 7 days are over', async () => {
    renderPage({ ...CAN_CLAIM, puede_reclamar: false });
    expect(await screen.findByRole('heading', { name: 'El plazo para reclamar ha terminado' })).toBeTruthy();
    expect(screen.getByText(/se podía reclamar hasta el/).textContent).toContain('8 de diciembre de 2026');
    expect(screen.queryByRole('button', { name: 'Enviar reclamación' })).toBeNull();
  });

  it('explains a move not delivered yet cannot be claimed', async () => {
    renderPage({ ...CAN_CLAIM, puede_reclamar: false, ultimo_dia_para_reclamar: null });
    expect(await screen.findByRole('heading', { name: 'Aún no se puede reclamar' })).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('link', { name: 'Volver a mi área de cliente' })).toBeTruthy());
    expect(screen.getByRole('link', { name: 'Volver a mi área de cliente' }).getAttribute('href')).toBe('/cliente/c-1');
  });
});

describe('the way in', () => {
  it("links a finished move's card on the dashboard to its claim page, and no other", () => {
    render(
      <MemoryRouter>
        <ClientMoveCard move={makeClientMove({ id: 14, status: 'completed' })} />
        <ClientMoveCard move={makeClientMove({ id: 15, status: 'confirmed' })} />
      </MemoryRouter>,
    );
    const links = screen.getAllByRole('link', { name: /^Reclamar/ });
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Reclamar por la mudanza 14', '/cliente/reclamacion/14'],
    ]);
  });
});
