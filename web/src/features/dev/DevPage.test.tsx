import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import { routes } from '../../app/routes';
import type { OutboxMessage } from '../../lib/api';
import { jsonResponse, mockFetch, waitForPage } from '../../test/fixtures';
import { useAuthStore } from '../../lib/useAuthStore';
import { DEV_SECTIONS } from './DevPage';
import { OUTBOX_TITLE } from './DevOutbox';

async function renderDev() {
  const router = createMemoryRouter(routes, { initialEntries: ['/dev'] });
  render(<RouterProvider router={router} />);
  await waitForPage();
  return router;
}

const OLD: OutboxMessage = {
  id: 'm1',
  para: 'ana@ejemplo.es',
  asunto: 'Tu código de confirmación',
  texto: 'Tu código es 123456.',
  enviado: '2026-03-01T09:00:00Z',
};
const NEW: OutboxMessage = {
  id: 'm2',
  para: 'luis@ejemplo.es',
  asunto: 'Restablece tu contraseña',
  texto: 'Abre este enlace: http://127.0.0.1:18300/recuperar?token=abc\nCaduca en 1 hora.',
  enviado: '2026-03-02T09:00:00Z',
};

beforeEach(() => {
  useAuthStore.setState({ checking: false, user: null });
});

describe('/dev', () => {
  it('has the six sections with a section nav, its own link home and no site header or footer', async () => {
    mockFetch({ 'GET /api/dev/outbox': () => jsonResponse({ success: false, error: 'Ruta no encontrada' }, 404) });
    await renderDev();
    expect(await screen.findByRole('heading', { level: 1, name: 'Detrás de la web de Mudanzas' })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Secciones de la página' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((l) => l.getAttribute('href'))).toEqual(DEV_SECTIONS.map((s) => `#${s.id}`));
    for (const { id } of DEV_SECTIONS) expect(document.getElementById(id)).not.toBeNull();
    expect(screen.getByRole('link', { name: 'Volver a Mudanzas' }).getAttribute('href')).toBe('/');
    // The shell drops the site's banner and footer here; the page's own bar sits inside <main>.
    expect(screen.queryByRole('banner')).toBeNull();
    expect(screen.queryByRole('contentinfo')).toBeNull();
    expect(screen.getByText(/event sourcing/)).toBeTruthy();
    await waitFor(() => expect(screen.queryByText(OUTBOX_TITLE)).toBeNull());
  });

  it('opens the code-hosting and game sites in new tabs without giving them the opener', async () => {
    mockFetch({ 'GET /api/dev/outbox': () => jsonResponse({ success: false }, 404) });
    await renderDev();
    const github = screen.getByRole('link', { name: /Ver en GitHub/ });
    const lichess = screen.getByRole('link', { name: /Jugar en Lichess/ });
    expect(github.getAttribute('href')).toBe('https://github.com/');
    expect(lichess.getAttribute('href')).toBe('https://lichess.org/');
    for (const link of [github, lichess]) {
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toContain('noopener');
    }
  });

  it('shows nothing of the outbox when the server answers 404', async () => {
    const fetchMock = mockFetch({
      'GET /api/dev/outbox': () => jsonResponse({ success: false, error: 'Ruta no encontrada' }, 404),
    });
    await renderDev();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    // Let the answer land before checking that it left no trace.
    await new Promise((r) => setTimeout(r, 0));
    expect(screen.queryByText(OUTBOX_TITLE)).toBeNull();
    expect(screen.queryByLabelText('Filtrar por destinatario')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Actualizar' })).toBeNull();
  });

  it('lists the outbox newest first, with clickable links, a recipient filter and a refresh button', async () => {
    let call = 0;
    const fetchMock = mockFetch({
      'GET /api/dev/outbox': () => {
        call += 1;
        const extra: OutboxMessage = {
          ...OLD,
          id: 'm3',
          asunto: 'Presupuesto recibido',
          enviado: '2026-03-03T09:00:00Z',
        };
        return jsonResponse({ success: true, mensajes: call === 1 ? [OLD, NEW] : [extra, NEW, OLD] });
      },
    });
    await renderDev();

    const section = (await screen.findByRole('heading', { name: OUTBOX_TITLE })).closest('section')!;
    const subjects = () =>
      within(section)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent);
    expect(subjects()).toEqual(['Restablece tu contraseña', 'Tu código de confirmación']);
    expect(within(section).getByText('2 correos')).toBeTruthy();

    const link = within(section).getByRole('link', { name: 'http://127.0.0.1:18300/recuperar?token=abc' });
    expect(link.getAttribute('href')).toBe('http://127.0.0.1:18300/recuperar?token=abc');
    expect(link.closest('pre')?.textContent).toBe(NEW.texto);
    const time = section.querySelector('time')!;
    expect(time.getAttribute('datetime')).toBe(NEW.enviado);
    expect(time.textContent).toBe(
      new Intl.DateTimeFormat('es-ES', { dateStyle: 'medium', timeStyle: 'medium' }).format(new Date(NEW.enviado)),
    );

    fireEvent.change(within(section).getByLabelText('Filtrar por destinatario'), { target: { value: 'ANA@' } });
    expect(subjects()).toEqual(['Tu código de confirmación']);
    expect(within(section).getByText('1 correo de 2')).toBeTruthy();
    fireEvent.change(within(section).getByLabelText('Filtrar por destinatario'), { target: { value: 'pedro' } });
    expect(within(section).getByText('Ningún correo para «pedro».')).toBeTruthy();
    fireEvent.change(within(section).getByLabelText('Filtrar por destinatario'), { target: { value: '' } });

    fireEvent.click(within(section).getByRole('button', { name: 'Actualizar' }));
    await waitFor(() =>
      expect(subjects()).toEqual(['Presupuesto recibido', 'Restablece tu contraseña', 'Tu código de confirmación']),
    );
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('keeps the list and says so when a refresh fails', async () => {
    let call = 0;
    mockFetch({
      'GET /api/dev/outbox': () => {
        call += 1;
        if (call === 1) return jsonResponse({ success: true, mensajes: [] });
        throw new TypeError('Failed to fetch');
      },
    });
    await renderDev();
    expect(await screen.findByText('El buzón está vacío.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Actualizar' }));
    expect((await screen.findByRole('alert')).textContent).toBe('No se pudo actualizar el buzón. Inténtalo de nuevo.');
    expect(screen.getByRole('heading', { name: OUTBOX_TITLE })).toBeTruthy();
  });
});
