import { fireEvent, render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Role } from '../../../lib/api';
import type { AnswerRequest, ClaimDetail } from '../../../lib/claims';
import { useAuthStore } from '../../../lib/useAuthStore';
import { makeClaim, makeClaimSummary } from '../../../test/claims';
import { jsonResponse, makeUser, mockFetch } from '../../../test/fixtures';
import { ClaimsSection } from './ClaimsSection';

const nbsp = (s: string | null | undefined) => (s ?? '').replace(/\u00a0/g, ' ');

const NEAR = { fecha: '2026-12-09', dias_habiles_restantes: 2, vencido: false, aviso: true };
const PAST = { fecha: '2026-12-01', dias_habiles_restantes: -3, vencido: true, aviso: true };

const LIST = [
  makeClaimSummary({ move_id: 21, cliente_nombre: 'Pablo Gil', plazo: PAST }),
  makeClaimSummary({ move_id: 14, plazo: NEAR }),
  makeClaimSummary({
    move_id: 9,
    cliente_nombre: 'Lucía Fernández',
    estado: 'respondida',
    respuesta: {
      resolucion: 'rechazada',
      importe_cents: null,
      importe: null,
      motivo: 'Daño ya anotado en la recogida',
      respondida_en: '2026-11-20T10:00:00Z',
    },
  }),
];

function renderSection(role: Role = 'empresario', answer?: (body: AnswerRequest) => Response) {
  useAuthStore.setState({ checking: false, user: makeUser({ role }) });
  const fetchMock = mockFetch({
    'GET /api/reclamaciones': () => jsonResponse({ success: true, reclamaciones: LIST }),
    'GET /api/reclamaciones/14': () => jsonResponse({ success: true, reclamacion: makeClaim({ plazo: NEAR }) }),
    'POST /api/reclamaciones/14/respuesta': (init) => {
      const body = JSON.parse(String(init?.body)) as AnswerRequest;
      if (answer) return answer(body);
      const answered: ClaimDetail = makeClaim({
        estado: 'respondida',
        plazo: { ...NEAR, aviso: false },
        respuesta: {
          resolucion: body.resolucion,
          importe_cents: body.importe_cents ?? null,
          importe: body.importe_cents == null ? null : body.importe_cents / 100,
          motivo: body.motivo ?? '',
          respondida_en: '2026-12-05T10:00:00Z',
        },
      });
      return jsonResponse({ success: true, reclamacion: answered });
    },
  });
  render(<ClaimsSection />);
  return fetchMock;
}

const row = (id: number) => screen.getByRole('listitem', { name: new RegExp(`^Reclamación de la mudanza ${id},`) });

async function openDetail(role: Role = 'empresario', answer?: (body: AnswerRequest) => Response) {
  const fetchMock = renderSection(role, answer);
  await screen.findByRole('list', { name: 'Reclamaciones' });
  fireEvent.click(within(row(14)).getByRole('button', { name: /de la mudanza 14$/ }));
  const dialog = await screen.findByRole('dialog', { name: 'Reclamación de la mudanza #14' });
  await within(dialog).findByText('Lo que reclama el cliente');
  return { dialog: within(dialog), fetchMock };
}

beforeEach(() => {
  useAuthStore.setState({ checking: false, user: null });
});

describe('ClaimsSection: the list', () => {
  it('lists each claim with its client, objects, dates and how near its deadline is', async () => {
    renderSection();
    await screen.findByRole('list', { name: 'Reclamaciones' });
    expect(screen.getByTestId('reclamaciones-abiertas').textContent).toBe('2 por responder · 2 con el plazo cerca');
    const near = within(row(14));
    expect(near.getByText('Marta Sánchez')).toBeTruthy();
    expect(near.getByText('Sofá de 3 plazas')).toBeTruthy();
    expect(near.getByText('9 de diciembre de 2026')).toBeTruthy();
    expect(near.getByText('Quedan 2 días hábiles').className).toContain('mgr-badge--warning');
    expect(within(row(21)).getByText('Plazo vencido').className).toContain('mgr-badge--error');
    expect(within(row(9)).getByText('Rechazada')).toBeTruthy();
    // The manager answers the open ones; the answered one is only read.
    expect(near.getByRole('button', { name: 'Responder de la mudanza 14' })).toBeTruthy();
    expect(within(row(9)).getByRole('button', { name: 'Ver reclamación de la mudanza 9' })).toBeTruthy();
  });
});

describe('ClaimsSection: answering', () => {
  it('asks for the amount only when paying back, and for a reason for a partial answer', async () => {
    const { dialog, fetchMock } = await openDetail();
    expect(dialog.getByTestId('plazo-reclamacion').textContent).toContain(
      'Responder como muy tarde el 9 de diciembre de 2026',
    );
    // The records beside each other, in the dialog too.
    const records = within(dialog.getByRole('region', { name: 'Sofá de 3 plazas' }));
    expect(records.getByRole('group', { name: 'En la recogida' })).toBeTruthy();
    expect(records.getByRole('group', { name: 'En la entrega' })).toBeTruthy();

    fireEvent.click(dialog.getByRole('button', { name: 'Enviar respuesta' }));
    expect(dialog.getByText('Elige cómo respondes a la reclamación')).toBeTruthy();
    expect(dialog.queryByLabelText(/Importe/)).toBeNull();

    fireEvent.click(dialog.getByRole('radio', { name: 'Rechazar' }));
    expect(dialog.queryByLabelText(/Importe/)).toBeNull();
    expect(dialog.getByText('Explica el motivo al cliente')).toBeTruthy();

    fireEvent.click(dialog.getByRole('radio', { name: 'Aceptar' }));
    expect(dialog.getByText('Indica el importe que se abonará')).toBeTruthy();
    // Accepted in full, the reason is optional.
    expect(dialog.queryByText('Explica el motivo al cliente')).toBeNull();
    expect(dialog.getByLabelText(/Comentario para el cliente/).getAttribute('aria-required')).toBeNull();

    fireEvent.click(dialog.getByRole('radio', { name: 'Aceptar en parte' }));
    fireEvent.change(dialog.getByLabelText(/Importe/), { target: { value: '0' } });
    expect(dialog.getByText('El importe debe ser mayor que 0 €')).toBeTruthy();
    fireEvent.change(dialog.getByLabelText(/Importe/), { target: { value: '40,505' } });
    expect(dialog.getByText('Escribe un importe en euros, p. ej. 40,50')).toBeTruthy();
    expect(dialog.getByText('Explica el motivo al cliente')).toBeTruthy();
    expect(dialog.getByLabelText(/Motivo/).getAttribute('maxLength')).toBe('2000');
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('sends a partial answer in cents and shows it, in the dialog and the list', async () => {
    let sent: AnswerRequest | undefined;
    const { dialog } = await openDetail('empresario', (body) => {
      sent = body;
      return jsonResponse({
        success: true,
        reclamacion: makeClaim({
          estado: 'respondida',
          respuesta: {
            ...body,
            importe_cents: 4050,
            importe: 40.5,
            motivo: body.motivo!,
            respondida_en: '2026-12-05T10:00:00Z',
          },
        }),
      });
    });
    fireEvent.click(dialog.getByRole('radio', { name: 'Aceptar en parte' }));
    fireEvent.change(dialog.getByLabelText(/Importe/), { target: { value: '40,50' } });
    fireEvent.change(dialog.getByLabelText(/Motivo/), { target: { value: 'La pata ya estaba rozada.' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Enviar respuesta' }));

    const answer = await dialog.findByTestId('respuesta');
    expect(sent).toEqual({ resolucion: 'parcial', importe_cents: 4050, motivo: 'La pata ya estaba rozada.' });
    expect(nbsp(within(answer).getByText(/^Aceptada en parte/).textContent)).toBe('Aceptada en parte: 40,50 €');
    expect(answer.textContent).toContain('Motivo: La pata ya estaba rozada.');
    // The answer, at the top of the dialog, takes the focus the form at its bottom had.
    expect(document.activeElement).toBe(answer.parentElement);
    expect(dialog.queryByRole('button', { name: 'Enviar respuesta' })).toBeNull();
    expect(nbsp(within(row(14)).getByText(/^Aceptada en parte/).textContent)).toBe('Aceptada en parte: 40,50 €');
    expect(screen.getByTestId('reclamaciones-abiertas').textContent).toBe('1 por responder · 1 con el plazo cerca');
  });

  it("shows the server's refusal and keeps the form", async () => {
    const already = 'Esta reclamación ya está respondida.';
    const { dialog } = await openDetail('empresario', () => jsonResponse({ success: false, error: already }, 409));
    fireEvent.click(dialog.getByRole('radio', { name: 'Rechazar' }));
    fireEvent.change(dialog.getByLabelText(/Motivo/), { target: { value: 'Sin daños nuevos' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Enviar respuesta' }));
    expect((await dialog.findByRole('alert')).textContent).toBe(already);
    expect(dialog.getByRole('button', { name: 'Enviar respuesta' })).toHaveProperty('disabled', false);
  });

  it('lets the auditor read the claims but not answer them', async () => {
    renderSection('auditor');
    await screen.findByRole('list', { name: 'Reclamaciones' });
    expect(screen.getByText('Solo la gerencia responde a las reclamaciones: aquí puedes leerlas.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Responder/ })).toBeNull();
    fireEvent.click(within(row(14)).getByRole('button', { name: 'Ver reclamación de la mudanza 14' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Reclamación de la mudanza #14' }));
    await dialog.findByText('Lo que reclama el cliente');
    expect(dialog.queryByRole('form')).toBeNull();
    expect(dialog.queryByRole('button', { name: 'Enviar respuesta' })).toBeNull();
    expect(dialog.getByText(/Solo la gerencia responde/)).toBeTruthy();
  });
});
