import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../test/fixtures';
import { CV_MAX_BYTES } from './application';
import { SUCCESS_CLOSE_MS } from './ApplicationModal';
import { WorkWithUsPage } from './WorkWithUsPage';

function renderPage() {
  render(
    <MemoryRouter>
      <WorkWithUsPage />
    </MemoryRouter>,
  );
}

function openDialog(name: string | RegExp = 'Enviar candidatura') {
  fireEvent.click(screen.getAllByRole('button', { name })[0]!);
  return within(screen.getByRole('dialog', { name: 'Envía tu candidatura' }));
}

type Dialog = ReturnType<typeof openDialog>;

const escape = (text: string) => text.replace(/[()]/g, '\\$&');
// Labels read 'Email *': the asterisk is for sighted users (screen readers get aria-required).
const field = (dialog: Dialog, label: string) => dialog.getByLabelText(new RegExp(`^${escape(label)}( \\*)?$`));

function type(el: HTMLElement, value: string) {
  fireEvent.change(el, { target: { value } });
  fireEvent.blur(el);
}

function pdf(name = 'cv-lucia.pdf', size = 2048): File {
  const bytes = new Uint8Array(size);
  bytes.set(new TextEncoder().encode('%PDF-1.4\n'));
  return new File([bytes], name, { type: 'application/pdf' });
}

function chooseFile(dialog: Dialog, file: File) {
  fireEvent.change(field(dialog, 'CV'), { target: { files: [file] } });
}

function fillValid(dialog: Dialog, cv: File = pdf()) {
  type(field(dialog, 'Nombre completo'), 'Lucía Martín');
  type(field(dialog, 'Email'), 'lucia@correo.test');
  type(field(dialog, 'Teléfono'), '698765432');
  fireEvent.change(field(dialog, 'Puesto'), { target: { value: 'coordinador' } });
  fireEvent.change(field(dialog, 'Experiencia'), { target: { value: '2-5' } });
  type(field(dialog, 'Cuéntanos sobre ti (opcional)'), 'Cinco años coordinando rutas.');
  chooseFile(dialog, cv);
  fireEvent.click(dialog.getByRole('checkbox', { name: /valorar esta candidatura/ }));
}

const submit = (dialog: Dialog) => fireEvent.click(dialog.getByRole('button', { name: 'Enviar candidatura' }));

/** Lets the pending fetch promise and the state updates after it run (under fake timers too). */
async function settle() {
  await act(async () => {
    for (let i = 0; i < 5; i += 1) await Promise.resolve();
  });
}

describe('/trabaja-con-nosotros', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the hero, the four sections with the six positions, and the HR contact card', () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Trabaja con nosotros' })).toBeTruthy();
    for (const name of ['Por qué trabajar con nosotros', 'Puestos', 'Qué ofrecemos', 'Cómo es el proceso']) {
      expect(screen.getByRole('heading', { level: 2, name })).toBeTruthy();
    }
    const positions = within(screen.getByRole('region', { name: 'Puestos' }));
    expect(positions.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Conductor/a',
      'Operario/a de mudanzas',
      'Coordinador/a de mudanzas',
      'Atención al cliente',
      'Personal de limpieza',
      'Otro puesto',
    ]);
    expect(screen.getByText(/Te respondemos en un plazo de 7 días laborables/)).toBeTruthy();
    const hr = within(screen.getByRole('complementary', { name: 'Recursos Humanos' }));
    expect(hr.getByRole('link', { name: 'info@mudanzas.test' }).getAttribute('href')).toBe(
      'mailto:info@mudanzas.test?subject=Candidatura',
    );
    expect(hr.getByRole('link', { name: '+34 910 123 456' }).getAttribute('href')).toBe('tel:+34910123456');
  });

  it('opens the dialog with the position chosen on its card, consents unticked, CV restricted to .pdf/.doc/.docx', () => {
    renderPage();
    const dialog = openDialog('Presentarme al puesto de Conductor/a');
    expect((field(dialog, 'Puesto') as HTMLSelectElement).value).toBe('conductor');
    const experience = field(dialog, 'Experiencia') as HTMLSelectElement;
    expect(Array.from(experience.options).map((o) => o.value)).toEqual(['', '0-1', '2-5', '6-10', '10+']);
    expect((field(dialog, 'CV') as HTMLInputElement).accept).toBe('.pdf,.doc,.docx');
    expect((dialog.getByRole('checkbox', { name: /valorar esta candidatura/ }) as HTMLInputElement).checked).toBe(
      false,
    );
    expect((dialog.getByRole('checkbox', { name: /ofertas de empleo/ }) as HTMLInputElement).checked).toBe(false);
    expect(dialog.getByRole('region', { name: 'Información básica sobre protección de datos' })).toBeTruthy();
  });

  it('validates on blur and refuses to send without a CV or the required consent', () => {
    const fetchMock = mockFetch({});
    renderPage();
    const dialog = openDialog();
    fireEvent.blur(field(dialog, 'Nombre completo'));
    expect(dialog.getByText('El nombre completo es requerido')).toBeTruthy();
    type(field(dialog, 'Email'), 'no-es-un-email');
    expect(dialog.getByText('Ingresa un email válido')).toBeTruthy();
    fireEvent.blur(field(dialog, 'Puesto'));
    expect(dialog.getByText('Selecciona el puesto que te interesa')).toBeTruthy();

    submit(dialog);
    expect(dialog.getByRole('alert').textContent).toBe('Por favor completa todos los campos correctamente');
    expect(dialog.getByText('Adjunta tu currículum (PDF, DOC o DOCX)')).toBeTruthy();
    expect(
      dialog.getByText('Debes aceptar que usemos tus datos para valorar tu candidatura y responderte'),
    ).toBeTruthy();
    expect(dialog.getByText('Selecciona tus años de experiencia')).toBeTruthy();
    expect(document.activeElement).toBe(field(dialog, 'Nombre completo'));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('checks the CV type and size in the browser', () => {
    const fetchMock = mockFetch({});
    renderPage();
    const dialog = openDialog();
    fillValid(dialog, new File(['hola'], 'cv.txt', { type: 'text/plain' }));
    expect(dialog.getByText('El currículum debe ser un archivo PDF, DOC o DOCX')).toBeTruthy();
    submit(dialog);
    expect(fetchMock).not.toHaveBeenCalled();

    const big = pdf('cv.pdf', CV_MAX_BYTES + 1);
    chooseFile(dialog, big);
    expect(dialog.getByText('El currículum supera el tamaño máximo de 5 MB')).toBeTruthy();
    submit(dialog);
    expect(fetchMock).not.toHaveBeenCalled();

    chooseFile(dialog, new File([], 'vacio.docx'));
    expect(dialog.getByText('El archivo del currículum está vacío')).toBeTruthy();

    // Exactly 5 MB, and an upper-case extension, are fine.
    chooseFile(dialog, pdf('CV-FINAL.PDF', CV_MAX_BYTES));
    expect(dialog.queryByText(/currículum/)).toBeNull();
    expect(dialog.getByText('CV-FINAL.PDF')).toBeTruthy();
  });

  it('sends what was typed as multipart, shows success, then resets and closes after 3 s', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let resolve: (r: Response) => void = () => {};
    const fetchMock = mockFetch({
      'POST /api/trabaja-con-nosotros': () => new Promise<Response>((r) => (resolve = r)),
    });
    renderPage();
    const dialog = openDialog();
    const cv = pdf();
    fillValid(dialog, cv);
    fireEvent.click(dialog.getByRole('checkbox', { name: /ofertas de empleo/ }));
    submit(dialog);

    // Sending lasts as long as the server takes: the button says so and the dialog stays open.
    expect((dialog.getByRole('button', { name: 'Enviando...' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.getByRole('dialog', { name: 'Envía tu candidatura' })).toBeTruthy();

    expect(fetchMock).toHaveBeenCalledTimes(1);
    const form = fetchMock.mock.calls[0]![1]!.body as FormData;
    expect(Object.fromEntries(Array.from(form.entries()).filter(([k]) => k !== 'cv'))).toEqual({
      name: 'Lucía Martín',
      email: 'lucia@correo.test',
      phone: '698 765 432',
      position: 'coordinador',
      experience: '2-5',
      message: 'Cinco años coordinando rutas.',
      consent_contact: 'true',
      consent_marketing: 'true',
    });
    const sentCv = form.get('cv') as File;
    expect(sentCv.name).toBe('cv-lucia.pdf');
    expect(sentCv.size).toBe(cv.size);

    resolve(jsonResponse({ success: true, id: 'a-1' }, 201));
    await settle();
    const success = screen.getByRole('dialog', { name: '¡Candidatura enviada!' });
    expect(within(success).getByText(/Gracias, Lucía Martín\..*7 días laborables/)).toBeTruthy();

    act(() => vi.advanceTimersByTime(SUCCESS_CLOSE_MS - 1));
    expect(screen.getByRole('dialog', { name: '¡Candidatura enviada!' })).toBeTruthy();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('dialog')).toBeNull();

    // Reset: the next application starts empty.
    const again = openDialog();
    expect((field(again, 'Nombre completo') as HTMLInputElement).value).toBe('');
    expect((field(again, 'Puesto') as HTMLSelectElement).value).toBe('');
    expect((again.getByRole('checkbox', { name: /valorar esta candidatura/ }) as HTMLInputElement).checked).toBe(false);
    expect(again.queryByText(/Archivo elegido/)).toBeNull();
  });

  it('closing the success view early also resets, and its timer does not touch the next application', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    mockFetch({ 'POST /api/trabaja-con-nosotros': () => jsonResponse({ success: true, id: 'a-2' }, 201) });
    renderPage();
    const dialog = openDialog();
    fillValid(dialog);
    submit(dialog);
    await settle();
    fireEvent.click(
      within(screen.getByRole('dialog', { name: '¡Candidatura enviada!' })).getByRole('button', { name: 'Cerrar' }),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    const next = openDialog();
    expect((field(next, 'Nombre completo') as HTMLInputElement).value).toBe('');
    // The success view's timer died with it: it must not close or reset the new application.
    type(field(next, 'Nombre completo'), 'Otra Persona');
    act(() => vi.advanceTimersByTime(SUCCESS_CLOSE_MS * 2));
    expect((field(next, 'Nombre completo') as HTMLInputElement).value).toBe('Otra Persona');
  });

  it('keeps the draft when the dialog is closed without sending', () => {
    renderPage();
    const dialog = openDialog();
    type(field(dialog, 'Nombre completo'), 'Lucía Martín');
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect((field(openDialog(), 'Nombre completo') as HTMLInputElement).value).toBe('Lucía Martín');
  });

  it.each([
    [413, {}, 'El currículum supera el tamaño máximo de 5 MB', 'CV'],
    [
      429,
      { success: false, error: 'Demasiadas candidaturas desde tu conexión. Espera una hora.' },
      'Demasiadas candidaturas desde tu conexión. Espera una hora.',
      null,
    ],
    [429, {}, 'Has enviado demasiadas candidaturas seguidas. Espera un poco e inténtalo de nuevo.', null],
    [
      400,
      { success: false, error: 'El archivo no es un PDF, DOC ni DOCX válido', field: 'cv' },
      'El archivo no es un PDF, DOC ni DOCX válido',
      'CV',
    ],
    [
      400,
      { success: false, error: 'El teléfono no es válido', field: 'phone' },
      'El teléfono no es válido',
      'Teléfono',
    ],
    [500, {}, 'Error al enviar la candidatura. Por favor, inténtalo de nuevo.', null],
  ] as const)('answers %i with a Spanish message inline (%#)', async (status, body, message, fieldLabel) => {
    mockFetch({ 'POST /api/trabaja-con-nosotros': () => jsonResponse(body, status) });
    renderPage();
    const dialog = openDialog();
    fillValid(dialog);
    submit(dialog);
    expect((await dialog.findByRole('alert')).textContent).toBe(message);
    // The dialog stays with what was typed, ready to fix and send again.
    expect((field(dialog, 'Nombre completo') as HTMLInputElement).value).toBe('Lucía Martín');
    expect((dialog.getByRole('button', { name: 'Enviar candidatura' }) as HTMLButtonElement).disabled).toBe(false);
    if (fieldLabel) {
      const input = field(dialog, fieldLabel);
      expect(input.getAttribute('aria-invalid')).toBe('true');
      // Focus moves in an effect after the answer's render, which may come after the alert shows.
      await waitFor(() => expect(document.activeElement).toBe(input));
    }
  });

  it('says the send failed when the server cannot be reached', async () => {
    mockFetch({});
    renderPage();
    const dialog = openDialog();
    fillValid(dialog);
    submit(dialog);
    expect((await dialog.findByRole('alert')).textContent).toBe(
      'Error al enviar la candidatura. Por favor, inténtalo de nuevo.',
    );
  });
});
