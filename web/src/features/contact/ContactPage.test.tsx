import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ContactFormRequest } from '../../lib/api';
import { COMPANY_EMAIL, COMPANY_PHONE_HREF } from '../../lib/company';
import { usePublishedReviewsStore } from '../../lib/usePublishedReviews';
import { jsonResponse, mockFetch } from '../../test/fixtures';
import { TEST_FIGURES, TEST_REVIEWS } from '../../test/reviews';
import { ContactPage } from './ContactPage';
import { addDays, companyToday } from '../../lib/calendar';

function renderPage() {
  render(
    <MemoryRouter>
      <ContactPage />
    </MemoryRouter>,
  );
  return within(screen.getByRole('form', { name: 'Envíanos tu consulta' }));
}

// Labels read 'Email *': the asterisk is for sighted users (screen readers get aria-required).
const escape = (text: string) => text.replace(/[()]/g, '\\$&');
const field = (form: ReturnType<typeof renderPage>, label: string) =>
  form.getByLabelText(new RegExp(`^${escape(label)}( \\*)?$`));

function type(el: HTMLElement, value: string) {
  fireEvent.change(el, { target: { value } });
  fireEvent.blur(el);
}

function fillValid(form: ReturnType<typeof renderPage>) {
  type(field(form, 'Nombre completo'), 'María José Pérez');
  type(field(form, 'Email'), 'maria@correo.test');
  type(field(form, 'Teléfono'), '612345678');
  fireEvent.change(field(form, 'Tipo de servicio'), { target: { value: 'mudanza_parcial' } });
  type(field(form, 'Origen'), 'Calle de Alcalá 120, Madrid');
  type(field(form, 'Destino'), 'Calle Mayor 2, Alcalá de Henares');
  type(field(form, 'Fecha aproximada (opcional)'), '2099-05-20');
  type(field(form, 'Mensaje (opcional)'), 'Un piano y doce cajas.');
  fireEvent.click(form.getByRole('checkbox', { name: /para responder a esta consulta/ }));
}

function inAWeek(): string {
  return addDays(companyToday(), 7);
}

describe('/contacto', () => {
  beforeEach(() => {
    vi.unstubAllGlobals();
    // Read already (by another page): the contact page reads them only when nothing was.
    usePublishedReviewsStore.setState({ status: 'ready', reviews: [...TEST_REVIEWS], stats: TEST_FIGURES });
  });

  it('shows the hero, contact methods with actions, quick actions, coverage, hours, social and 3 testimonials', () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Hablemos de tu mudanza' })).toBeTruthy();
    expect(screen.getAllByText(/menos de 24 horas/).length).toBeGreaterThan(0);

    const methods = within(screen.getByRole('complementary', { name: 'Otras formas de contactar' }));
    expect(
      methods.getByRole('link', { name: 'Abrir WhatsApp (se abre en una pestaña nueva)' }).getAttribute('href'),
    ).toMatch(/^https:\/\/wa\.me\/34910123456\?text=/);
    expect(methods.getByRole('link', { name: 'Escribir un email' }).getAttribute('href')).toBe(
      `mailto:${COMPANY_EMAIL}`,
    );
    expect(methods.getByRole('link', { name: 'Llamar ahora' }).getAttribute('href')).toBe(COMPANY_PHONE_HREF);
    expect(methods.getByText('8:00-21:00')).toBeTruthy();
    expect(methods.getByText('9:00-15:00')).toBeTruthy();

    const actions = within(screen.getByRole('region', { name: 'Quizá encuentres aquí lo que buscas' }));
    const hrefs = actions.getAllByRole('link').map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual(['/buscador-precios', '/preguntas-frecuentes', '/opiniones', '/trabaja-con-nosotros']);

    const coverage = within(screen.getByRole('region', { name: 'Dónde estamos y adónde llegamos' }));
    expect(coverage.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Madrid',
      'Toda España',
      'Europa',
    ]);

    const social = within(screen.getByRole('region', { name: 'Síguenos' }));
    expect(social.getAllByRole('link')).toHaveLength(3);

    const testimonials = within(screen.getByRole('region', { name: 'Lo que dicen nuestros clientes' }));
    // The three newest of five stars among the published reviews.
    expect(testimonials.getAllByRole('listitem')).toHaveLength(3);
    expect(testimonials.getAllByRole('listitem').map((li) => li.querySelector('strong')?.textContent)).toEqual([
      'Marta S.',
      'María González',
      'Javier Martín',
    ]);
    expect(testimonials.getAllByRole('img', { name: '5 de 5 estrellas' })).toHaveLength(3);
    expect(testimonials.getByRole('link', { name: 'Ver todas las opiniones' }).getAttribute('href')).toBe('/opiniones');
  });

  it('offers the five service types, a date from today, and two consents unticked by default', () => {
    const form = renderPage();
    const select = field(form, 'Tipo de servicio') as HTMLSelectElement;
    expect(Array.from(select.options).map((o) => o.text)).toEqual([
      'Selecciona un servicio',
      'Mudanza completa',
      'Mudanza parcial',
      'Mudanza de oficina',
      'Solo transporte',
      'Otros servicios',
    ]);
    expect((field(form, 'Fecha aproximada (opcional)') as HTMLInputElement).min).toBe(companyToday());

    const consent = form.getByRole('checkbox', { name: /para responder a esta consulta/ }) as HTMLInputElement;
    const marketing = form.getByRole('checkbox', { name: /ofertas y novedades/ }) as HTMLInputElement;
    expect(consent.checked).toBe(false);
    expect(marketing.checked).toBe(false);
    expect(consent).not.toBe(marketing);
    expect(
      within(consent.closest('div')!).getByRole('link', { name: 'política de privacidad' }).getAttribute('href'),
    ).toBe('/politica-privacidad');

    // The first layer of the data-protection notice sits under the form, linking to the second.
    const notice = within(form.getByRole('region', { name: 'Información básica sobre protección de datos' }));
    for (const term of ['Responsable', 'Finalidad', 'Legitimación', 'Destinatarios', 'Derechos']) {
      expect(notice.getByText(term)).toBeTruthy();
    }
    expect(notice.getAllByRole('link', { name: 'política de privacidad' })[0]!.getAttribute('href')).toBe(
      '/politica-privacidad',
    );
  });

  it('shows each field error on blur with the §5 messages, and clears it once fixed', () => {
    const form = renderPage();
    const name = field(form, 'Nombre completo');
    expect(form.queryByText('El nombre completo es requerido')).toBeNull();
    fireEvent.blur(name);
    expect(form.getByText('El nombre completo es requerido')).toBeTruthy();
    expect(name.getAttribute('aria-invalid')).toBe('true');
    type(name, 'R2D2');
    expect(form.getByText('Solo se permiten letras y espacios')).toBeTruthy();
    fireEvent.change(name, { target: { value: 'Rosa' } });
    expect(form.queryByText('Solo se permiten letras y espacios')).toBeNull();
    expect(name.getAttribute('aria-invalid')).toBeNull();

    type(field(form, 'Email'), 'rosa@correo');
    expect(form.getByText('Ingresa un email válido')).toBeTruthy();
    type(field(form, 'Teléfono'), '512345678');
    expect(form.getByText('Ingresa un número de teléfono válido')).toBeTruthy();
    type(field(form, 'Origen'), '   ');
    expect(form.getByText('La dirección de origen es requerida')).toBeTruthy();
    fireEvent.blur(field(form, 'Destino'));
    expect(form.getByText('La dirección de destino es requerida')).toBeTruthy();
    fireEvent.blur(field(form, 'Tipo de servicio'));
    expect(form.getByText('Selecciona el tipo de servicio')).toBeTruthy();
    type(field(form, 'Fecha aproximada (opcional)'), '2001-01-01');
    expect(form.getByText('La fecha no puede ser anterior a hoy')).toBeTruthy();
    type(field(form, 'Fecha aproximada (opcional)'), '');
    expect(form.queryByText('La fecha no puede ser anterior a hoy')).toBeNull();
  });

  it('formats the phone in groups of three as it is typed', () => {
    const form = renderPage();
    const phone = field(form, 'Teléfono') as HTMLInputElement;
    fireEvent.change(phone, { target: { value: '+34612345678' } });
    expect(phone.value).toBe('+34 612 345 678');
  });

  it('does not send without the required consent, and says why', async () => {
    const fetchMock = mockFetch({});
    const form = renderPage();
    fillValid(form);
    fireEvent.click(form.getByRole('checkbox', { name: /para responder a esta consulta/ })); // untick it again
    fireEvent.click(form.getByRole('button', { name: 'Enviar mensaje' }));
    expect(form.getByRole('alert').textContent).toBe('Por favor completa todos los campos correctamente');
    expect(form.getByText('Debes aceptar que usemos tus datos para responder a tu consulta')).toBeTruthy();
    expect(document.activeElement).toBe(form.getByRole('checkbox', { name: /para responder a esta consulta/ }));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('on submit with empty fields shows every error and focuses the first', () => {
    const fetchMock = mockFetch({});
    const form = renderPage();
    fireEvent.click(form.getByRole('button', { name: 'Enviar mensaje' }));
    for (const text of [
      'El nombre completo es requerido',
      'Ingresa un email válido',
      'Ingresa un número de teléfono válido',
      'La dirección de origen es requerida',
      'La dirección de destino es requerida',
      'Selecciona el tipo de servicio',
      'Debes aceptar que usemos tus datos para responder a tu consulta',
    ]) {
      expect(form.getByText(text)).toBeTruthy();
    }
    expect(document.activeElement).toBe(field(form, 'Nombre completo'));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends exactly what was typed, then promises a reply within 24 hours', async () => {
    let resolve: (r: Response) => void = () => {};
    const fetchMock = mockFetch({
      'POST /api/contact-form': () => new Promise<Response>((r) => (resolve = r)),
    });
    const form = renderPage();
    fillValid(form);
    type(field(form, 'Fecha aproximada (opcional)'), inAWeek());
    fireEvent.click(form.getByRole('checkbox', { name: /ofertas y novedades/ }));
    fireEvent.click(form.getByRole('button', { name: 'Enviar mensaje' }));

    const sending = await form.findByRole('button', { name: 'Enviando...' });
    expect((sending as HTMLButtonElement).disabled).toBe(true);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const body = JSON.parse(String(fetchMock.mock.calls[0]![1]!.body)) as ContactFormRequest;
    expect(body).toEqual({
      name: 'María José Pérez',
      email: 'maria@correo.test',
      phone: '612 345 678',
      origin: 'Calle de Alcalá 120, Madrid',
      destination: 'Calle Mayor 2, Alcalá de Henares',
      date: inAWeek(),
      service_type: 'mudanza_parcial',
      message: 'Un piano y doce cajas.',
      consent: { contact: true, marketing: true },
    });

    resolve(jsonResponse({ success: true, id: 'c-1' }, 201));
    const success = await screen.findByRole('heading', { name: '¡Mensaje enviado!' });
    expect(success).toBeTruthy();
    expect(screen.getByText(/Gracias, María José Pérez\. .*te responderemos en menos de 24 horas/)).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(success));

    // Another message starts from an empty form, consents unticked again.
    fireEvent.click(screen.getByRole('button', { name: 'Enviar otro mensaje' }));
    const again = within(screen.getByRole('form', { name: 'Envíanos tu consulta' }));
    expect((field(again, 'Nombre completo') as HTMLInputElement).value).toBe('');
    expect((again.getByRole('checkbox', { name: /ofertas y novedades/ }) as HTMLInputElement).checked).toBe(false);
  });

  it('sends a missing date as null and an empty message as empty', async () => {
    const fetchMock = mockFetch({ 'POST /api/contact-form': () => jsonResponse({ success: true, id: 'c-2' }, 201) });
    const form = renderPage();
    fillValid(form);
    type(field(form, 'Fecha aproximada (opcional)'), '');
    type(field(form, 'Mensaje (opcional)'), '');
    fireEvent.click(form.getByRole('button', { name: 'Enviar mensaje' }));
    await screen.findByRole('heading', { name: '¡Mensaje enviado!' });
    const body = JSON.parse(String(fetchMock.mock.calls[0]![1]!.body)) as ContactFormRequest;
    expect(body.date).toBeNull();
    expect(body.message).toBe('');
    expect(body.consent).toEqual({ contact: true, marketing: false });
  });

  it('shows the §8 failure message when the server fails, keeping what was typed', async () => {
    mockFetch({ 'POST /api/contact-form': () => new Response('<html>Bad gateway</html>', { status: 502 }) });
    const form = renderPage();
    fillValid(form);
    fireEvent.click(form.getByRole('button', { name: 'Enviar mensaje' }));
    expect((await form.findByRole('alert')).textContent).toBe(
      'Error al enviar el formulario. Por favor, inténtalo de nuevo.',
    );
    expect((field(form, 'Nombre completo') as HTMLInputElement).value).toBe('María José Pérez');
    expect((form.getByRole('button', { name: 'Enviar mensaje' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('shows the §8 failure message when the server cannot be reached', async () => {
    mockFetch({}); // every call throws, as fetch does offline
    const form = renderPage();
    fillValid(form);
    fireEvent.click(form.getByRole('button', { name: 'Enviar mensaje' }));
    expect((await form.findByRole('alert')).textContent).toBe(
      'Error al enviar el formulario. Por favor, inténtalo de nuevo.',
    );
  });

  it("puts the server's error under the field it names", async () => {
    mockFetch({
      'POST /api/contact-form': () =>
        jsonResponse({ success: false, error: 'Este dominio de email no acepta correo', field: 'email' }, 400),
    });
    const form = renderPage();
    fillValid(form);
    fireEvent.click(form.getByRole('button', { name: 'Enviar mensaje' }));
    expect((await form.findByRole('alert')).textContent).toBe('Este dominio de email no acepta correo');
    const email = field(form, 'Email');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(email.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Este dominio de email no acepta correo',
    );
    await waitFor(() => expect(document.activeElement).toBe(email));
  });
});
