import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ContactMessage, JobApplication } from '../lib/api';
import { jsonResponse, mockFetch } from '../test/fixtures';
import { FormsInbox } from './FormsInbox';
import { resetFormsInbox } from './useFormsInbox';

type Handlers = Parameters<typeof mockFetch>[0];

function message(overrides: Partial<ContactMessage> & { id: string }): ContactMessage {
  return {
    name: 'Ana Ruiz',
    email: 'ana@correo.test',
    phone: '612 345 678',
    origin: 'Calle de Alcalá 10, Madrid',
    destination: 'Calle Mayor 2, Alcalá de Henares',
    date: '2026-06-15',
    service_type: 'mudanza_completa',
    message: 'Un piso de dos dormitorios.',
    consent: { contact: true, marketing: false },
    recibido_en: '2026-03-01T09:30:00Z',
    ...overrides,
  };
}

function application(overrides: Partial<JobApplication> & { id: string }): JobApplication {
  return {
    name: 'Luis Gómez',
    email: 'luis@correo.test',
    phone: '698 765 432',
    position: 'conductor',
    experience: '6-10',
    message: 'Carné C y CAP en vigor.',
    consent: { contact: true, marketing: true },
    recibido_en: '2026-03-02T16:05:00Z',
    cv: { nombre: 'cv-luis.pdf', tipo: 'pdf', bytes: 153_600, url: `/api/candidaturas/${overrides.id}/cv` },
    ...overrides,
  };
}

function serve(messages: ContactMessage[], applications: JobApplication[], extra: Handlers = {}) {
  return mockFetch({
    'GET /api/mensajes-contacto': () => jsonResponse({ success: true, mensajes: messages }),
    'GET /api/candidaturas': () => jsonResponse({ success: true, candidaturas: applications }),
    ...extra,
  });
}

const panel = () => within(screen.getByRole('tabpanel'));
const items = () =>
  panel()
    .queryAllByRole('listitem')
    .map((li) => li.getAttribute('aria-label'));

describe('Mensajes y candidaturas (manager panel)', () => {
  beforeEach(() => {
    resetFormsInbox();
  });

  it('lists contact messages newest first, with the service type in Spanish, the date and the consent', async () => {
    serve(
      [
        message({ id: 'm1', name: 'Ana Ruiz', recibido_en: '2026-03-01T09:30:00Z' }),
        message({
          id: 'm2',
          name: 'Bea Soto',
          recibido_en: '2026-03-03T18:00:00Z',
          service_type: 'mudanza_oficina',
          date: null,
          message: '',
          consent: { contact: true, marketing: true },
        }),
      ],
      [],
    );
    render(<FormsInbox />);
    expect(screen.getByRole('status').textContent).toBe('Cargando mensajes...');
    await screen.findByRole('list', { name: 'Mensajes de contacto' });

    expect(items()).toEqual(['Mensaje de Bea Soto', 'Mensaje de Ana Ruiz']);
    const bea = within(panel().getByRole('listitem', { name: 'Mensaje de Bea Soto' }));
    expect(bea.getByText('Mudanza de oficina')).toBeTruthy();
    expect(bea.getByText('Sin fecha')).toBeTruthy();
    expect(bea.getByText('Sin mensaje')).toBeTruthy();
    expect(bea.getByText('Publicidad: sí')).toBeTruthy();

    const ana = within(panel().getByRole('listitem', { name: 'Mensaje de Ana Ruiz' }));
    expect(ana.getByText('Mudanza completa')).toBeTruthy();
    const received = new Intl.DateTimeFormat('es-ES', { dateStyle: 'medium', timeStyle: 'short' }).format(
      new Date('2026-03-01T09:30:00Z'),
    );
    expect(ana.getByText(`Recibido ${received}`)).toBeTruthy();
    expect(ana.getByText('lun, 15 jun 2026')).toBeTruthy();
    expect(ana.getByText('Contacto: sí')).toBeTruthy();
    expect(ana.getByText('Publicidad: no')).toBeTruthy();
    expect(ana.getByText('«Un piso de dos dormitorios.»')).toBeTruthy();
    expect(ana.getByRole('link', { name: 'ana@correo.test' }).getAttribute('href')).toBe('mailto:ana@correo.test');
    expect(ana.getByRole('link', { name: '612 345 678' }).getAttribute('href')).toBe('tel:612345678');
    // The tab shows how many arrived.
    expect(screen.getByRole('tab', { name: 'Mensajes de contacto 2' }).getAttribute('aria-selected')).toBe('true');
  });

  it('lists job applications with the position in Spanish and a link to download the CV', async () => {
    serve(
      [],
      [
        application({ id: 'a1', name: 'Luis Gómez', recibido_en: '2026-03-02T16:05:00Z' }),
        application({
          id: 'a2',
          name: 'Carla Díaz',
          position: 'atencion',
          experience: '10+',
          recibido_en: '2026-03-04T08:00:00Z',
          cv: { nombre: 'Carla CV.docx', tipo: 'docx', bytes: 2_400_000, url: '/api/candidaturas/a2/cv' },
        }),
      ],
    );
    render(<FormsInbox />);
    const tab = screen.getByRole('tab', { name: /^Candidaturas/ });
    fireEvent.click(tab);
    await screen.findByRole('list', { name: 'Candidaturas' });
    expect(tab.getAttribute('aria-selected')).toBe('true');
    expect(items()).toEqual(['Candidatura de Carla Díaz', 'Candidatura de Luis Gómez']);

    const carla = within(panel().getByRole('listitem', { name: 'Candidatura de Carla Díaz' }));
    expect(carla.getByText('Atención al cliente')).toBeTruthy();
    expect(carla.getByText('Más de 10 años')).toBeTruthy();
    const cv = carla.getByRole('link', { name: 'Descargar CV de Carla Díaz' });
    expect(cv.getAttribute('href')).toBe('/api/candidaturas/a2/cv');
    expect(cv.getAttribute('download')).toBe('Carla CV.docx');
    expect(carla.getByText('Carla CV.docx · DOCX · 2,3 MB')).toBeTruthy();

    const luis = within(panel().getByRole('listitem', { name: 'Candidatura de Luis Gómez' }));
    expect(luis.getByText('Conductor/a')).toBeTruthy();
    expect(luis.getByText('6-10 años')).toBeTruthy();
    expect(luis.getByText('cv-luis.pdf · PDF · 150 KB')).toBeTruthy();
    expect(luis.getByText('Publicidad: sí')).toBeTruthy();
  });

  it('says so when nothing has arrived yet', async () => {
    serve([], []);
    render(<FormsInbox />);
    expect(await screen.findByText('Todavía no ha llegado ningún mensaje del formulario de contacto.')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: /^Candidaturas/ }));
    expect(screen.getByText('Todavía no ha llegado ninguna candidatura.')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Candidaturas 0' })).toBeTruthy();
  });

  it('tells a failed load from an empty one, per list, and retries', async () => {
    let fail = true;
    const fetchMock = serve([], [], {
      'GET /api/mensajes-contacto': () =>
        fail
          ? jsonResponse({ success: false, error: 'Error interno del servidor' }, 500)
          : jsonResponse({ success: true, mensajes: [message({ id: 'm1' })] }),
      'GET /api/candidaturas': () => jsonResponse({ success: false, error: 'No autorizado' }, 403),
    });
    render(<FormsInbox />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('No se pudieron cargar los mensajes de contacto: Error interno del servidor');
    expect(screen.queryByText(/Todavía no ha llegado/)).toBeNull();
    // No count on a tab whose list could not be read.
    expect(screen.getByRole('tab', { name: 'Mensajes de contacto' })).toBeTruthy();

    fireEvent.click(screen.getByRole('tab', { name: 'Candidaturas' }));
    expect(screen.getByRole('alert').textContent).toContain('Tu cuenta no tiene permiso para ver esta lista.');

    fail = false;
    fireEvent.click(screen.getByRole('tab', { name: 'Mensajes de contacto' }));
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    await screen.findByRole('list', { name: 'Mensajes de contacto' });
    expect(items()).toEqual(['Mensaje de Ana Ruiz']);
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/mensajes-contacto')).toHaveLength(2);
  });

  it('says the connection failed when the server cannot be reached', async () => {
    mockFetch({
      'GET /api/candidaturas': () => jsonResponse({ success: true, candidaturas: [] }),
      // No handler for the messages: the mock throws, as fetch does when the server is down.
    });
    render(<FormsInbox />);
    expect((await screen.findByRole('alert')).textContent).toContain(
      'No se pudieron cargar los mensajes de contacto. Comprueba la conexión e inténtalo de nuevo.',
    );
  });

  it('moves between the tabs with the arrow keys', async () => {
    serve([], []);
    render(<FormsInbox />);
    await screen.findByText('Todavía no ha llegado ningún mensaje del formulario de contacto.');
    const first = screen.getByRole('tab', { name: /^Mensajes de contacto/ });
    const second = screen.getByRole('tab', { name: /^Candidaturas/ });
    expect(first.tabIndex).toBe(0);
    expect(second.tabIndex).toBe(-1);
    act(() => first.focus());
    fireEvent.keyDown(first, { key: 'ArrowRight' });
    await waitFor(() => expect(second.getAttribute('aria-selected')).toBe('true'));
    expect(document.activeElement).toBe(second);
    expect(screen.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe(second.id);
    fireEvent.keyDown(second, { key: 'ArrowRight' });
    await waitFor(() => expect(first.getAttribute('aria-selected')).toBe('true'));
  });
});
