import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as api from '../../lib/api';
import { rememberReferral } from '../../lib/referral';
import { PACKS_OUTSIDE_M30, WARNINGS } from './calculator';
import { PERCENTAGES_NOTE } from './PriceSection';
import { NO_MATCHES } from './ObjectSearchDialog';
import { ARMCHAIR, BED, BOX, PRICE_OK, SOFA } from './testCatalogue';
import { elapse, nextButton, prefillInsideM30, prefillTo, renderPage, settle } from './testing';
import { usePriceFinderStore } from './usePriceFinderStore';
import { PROPERTY_TYPES } from '../../lib/options';
import { companyToday } from '../../lib/calendar';

vi.mock('../../lib/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/api')>()),
  fetchAutocomplete: vi.fn(),
  fetchRouteStats: vi.fn(),
  fetchObjectsByCategory: vi.fn(),
  fetchCatalogue: vi.fn(),
  calculatePrice: vi.fn(),
  submitQuoteRequest: vi.fn(),
}));

const store = () => usePriceFinderStore.getState();
const fieldset = (name: string) => screen.getByRole('group', { name });

beforeEach(() => {
  store().reset();
  vi.mocked(api.fetchObjectsByCategory).mockImplementation(async (category) =>
    [SOFA, ARMCHAIR, BOX, BED].filter((o) => o.categoria === category),
  );
  vi.mocked(api.fetchCatalogue).mockResolvedValue([SOFA, ARMCHAIR, BOX, BED]);
  vi.mocked(api.calculatePrice).mockResolvedValue({ ok: true, status: 200, body: PRICE_OK });
  vi.mocked(api.submitQuoteRequest).mockResolvedValue({
    ok: true,
    status: 200,
    body: { success: true, quote_id: 'Q-7', referencia: 'P-2026-000007' },
  });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('slide 2: properties', () => {
  it('shows the floor only for apartments, studios and shared floors, and the elevator only above ground', () => {
    prefillTo(2);
    renderPage();
    const origin = fieldset('Origen');
    const type = within(origin).getByLabelText('Tipo de vivienda') as HTMLSelectElement;
    expect(type.value).toBe('apartment_1_room');
    // The one list of lib/options (issue 17, item 6), as the staff wizard offers it.
    expect(Array.from(type.options).map((o) => o.value)).toEqual(PROPERTY_TYPES.map((p) => p.value));
    const floor = () => within(origin).queryByLabelText('Planta') as HTMLSelectElement | null;
    const elevator = () => within(origin).queryByRole('checkbox', { name: 'Hay ascensor' }) as HTMLInputElement | null;
    expect(Array.from(floor()!.options).map((o) => o.value)).toEqual([
      'ground',
      'first',
      'second',
      'third',
      'fourth',
      'fifth',
      'sixth',
      'seventh',
      'eighth',
      'ninth',
      'tenth',
      'higher',
    ]);
    expect(elevator()).toBeNull();

    fireEvent.change(floor()!, { target: { value: 'fourth' } });
    fireEvent.click(elevator()!);
    expect(elevator()!.checked).toBe(true);

    // Ground floor: no elevator, and it is off when the floor goes up again.
    fireEvent.change(floor()!, { target: { value: 'ground' } });
    expect(elevator()).toBeNull();
    fireEvent.change(floor()!, { target: { value: 'second' } });
    expect(elevator()!.checked).toBe(false);
    fireEvent.click(elevator()!);

    // A house has no floor: the selector goes and floor and elevator are reset.
    fireEvent.change(type, { target: { value: 'house_2_rooms' } });
    expect(floor()).toBeNull();
    expect(elevator()).toBeNull();
    expect(store().origin).toMatchObject({ floor: 'ground', elevator: false });

    fireEvent.change(type, { target: { value: 'shared_floor' } });
    expect(floor()!.value).toBe('ground');

    // The destination is its own.
    expect(within(fieldset('Destino')).getByLabelText('Tipo de vivienda')).toBeTruthy();
    expect(nextButton().disabled).toBe(false);
  });

  it('offers the five access types with Spanish names', () => {
    prefillTo(2);
    renderPage();
    const access = within(fieldset('Destino')).getByLabelText('Acceso') as HTMLSelectElement;
    expect(Array.from(access.options).map((o) => o.value)).toEqual([
      'normal',
      'little_access',
      'cant_park',
      'disabled_access',
      'pedestrian_zone',
    ]);
    fireEvent.change(access, { target: { value: 'pedestrian_zone' } });
    expect(store().destination.access).toBe('pedestrian_zone');
    expect(access.selectedOptions[0]!.textContent).toBe('Zona peatonal');
  });
});

describe('slide 3: objects', () => {
  it('loads each category once, shows valid images and hides the rest', async () => {
    prefillTo(3);
    store().resetObjects();
    renderPage();
    await settle();
    expect(api.fetchObjectsByCategory).toHaveBeenCalledWith('sofas');
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual([
      'Sofás',
      'Armarios',
      'Cajas',
      'Camas y colchones',
      'Mesas',
      'Televisores',
      'Sillas',
      'Otros',
    ]);
    const panel = screen.getByRole('tabpanel', { name: 'Sofás' });
    const cards = within(panel).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    const sofaImage = cards[0]!.querySelector('img')!;
    expect(sofaImage.getAttribute('src')).toBe(`data:image/svg+xml;base64,${SOFA.imagen}`);
    // Not base64: never shown.
    expect(cards[1]!.querySelector('img')).toBeNull();
    // Fails to load: hidden.
    fireEvent.error(sofaImage);
    expect(cards[0]!.querySelector('img')).toBeNull();

    // Arrow keys move between categories; each is asked for once.
    tabs[0]!.focus();
    fireEvent.keyDown(tabs[0]!, { key: 'ArrowLeft' });
    await settle();
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Otros' }));
    fireEvent.click(screen.getByRole('tab', { name: 'Camas y colchones' }));
    await settle();
    expect(api.fetchObjectsByCategory).toHaveBeenLastCalledWith('camas_y_colchones');
    expect(within(screen.getByRole('tabpanel')).getByText(BED.nombre)).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Sofás' }));
    await settle();
    expect(vi.mocked(api.fetchObjectsByCategory).mock.calls.filter(([c]) => c === 'sofas')).toHaveLength(1);
  });

  it('counts quantities with + and −, enables Siguiente and empties the list with Vaciar objetos', async () => {
    prefillTo(3);
    store().resetObjects();
    renderPage();
    await settle();
    expect(nextButton().disabled).toBe(true);
    expect(screen.getByText(WARNINGS.objects)).toBeTruthy();
    const minus = screen.getByRole('button', { name: `Quitar uno: ${SOFA.nombre}` }) as HTMLButtonElement;
    expect(minus.disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: `Añadir uno: ${SOFA.nombre}` }));
    fireEvent.click(screen.getByRole('button', { name: `Añadir uno: ${SOFA.nombre}` }));
    fireEvent.click(minus);
    expect(screen.getByText('1 objeto seleccionado')).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Objetos seleccionados' }).textContent).toBe(`1 × ${SOFA.nombre}`);
    expect(nextButton().disabled).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Vaciar objetos' }));
    expect(screen.getByText('Ningún objeto seleccionado')).toBeTruthy();
    expect(nextButton().disabled).toBe(true);
  });

  it('searches the catalogue 300 ms after typing stops, ignoring case and accents', async () => {
    vi.useFakeTimers();
    prefillTo(3);
    store().resetObjects();
    renderPage();
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Buscar objeto' }));
    const dialog = screen.getByRole('dialog', { name: 'Buscar objetos' });
    await settle();
    expect(api.fetchCatalogue).toHaveBeenCalledWith();
    const input = within(dialog).getByLabelText('Nombre del objeto');
    expect(document.activeElement).toBe(input);
    expect(within(dialog).getAllByRole('listitem')).toHaveLength(4);

    fireEvent.change(input, { target: { value: 'COLCHON' } });
    await elapse(299);
    expect(within(dialog).getAllByRole('listitem')).toHaveLength(4);
    await elapse(1);
    const results = within(dialog).getAllByRole('listitem');
    expect(results.map((r) => r.querySelector('.pf-object__name')?.textContent)).toEqual([BED.nombre]);
    fireEvent.click(within(dialog).getByRole('button', { name: `Añadir uno: ${BED.nombre}` }));
    expect(store().objects).toEqual([{ id: BED.id, nombre: BED.nombre, categoria: BED.categoria, quantity: 1 }]);

    fireEvent.change(input, { target: { value: 'piano de cola' } });
    await elapse(300);
    expect(within(dialog).getByText(NO_MATCHES)).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Hecho' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(nextButton().disabled).toBe(false);
  });

  it('offers the three packs within the M-30; one is enough to go on, and Quitar pack resets it', async () => {
    prefillInsideM30(3);
    store().resetObjects();
    renderPage();
    await settle();
    const packs = screen.getAllByRole('button', { name: /^Elegir Pack/ });
    expect(packs).toHaveLength(3);
    const list = screen.getByRole('heading', { name: 'Packs de oferta' }).closest('section')!;
    expect(list.textContent).toContain('Pack Esencial');
    expect(list.textContent).toContain('-53 %');
    expect(list.textContent).toContain('Desde 30 €');
    expect(list.textContent).toContain('-40 %');
    expect(list.textContent).toContain('Desde 90 €');
    expect(list.textContent).toContain('-39 %');
    expect(list.textContent).toContain('Desde 195 €');
    expect(within(list).getAllByText('Solo dentro de la M-30')).toHaveLength(3);

    expect(screen.queryByText(`${PACKS_OUTSIDE_M30}.`)).toBeNull();
    for (const pack of packs) expect((pack as HTMLButtonElement).disabled).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Elegir Pack Avanzado' }));
    expect(store().offerPack).toBe('advanced');
    expect(screen.getByRole('button', { name: 'Pack Avanzado elegido' }).getAttribute('aria-pressed')).toBe('true');
    expect(nextButton().disabled).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Quitar pack' }));
    expect(store().offerPack).toBeNull();
    expect(nextButton().disabled).toBe(true);
  });

  it('does not let a pack be chosen when an address is outside the M-30, and says why', async () => {
    prefillTo(3);
    store().resetObjects();
    renderPage();
    await settle();
    const reason = screen.getByText(`${PACKS_OUTSIDE_M30}.`);
    const packs = screen.getAllByRole('button', { name: /^Elegir Pack/ }) as HTMLButtonElement[];
    expect(packs).toHaveLength(3);
    for (const pack of packs) {
      expect(pack.disabled).toBe(true);
      expect(pack.getAttribute('aria-describedby')).toBe(reason.id);
    }
    fireEvent.click(packs[0]!);
    expect(store().offerPack).toBeNull();
    // Objects are then the only way on.
    expect(nextButton().disabled).toBe(true);
    expect(screen.getByText(WARNINGS.objects)).toBeTruthy();
  });

  it('says so when a category cannot be loaded, and retries', async () => {
    vi.mocked(api.fetchObjectsByCategory).mockRejectedValueOnce(new Error('objetos respondió 500'));
    prefillTo(3);
    renderPage();
    await settle();
    expect(screen.getByText('No se pudieron cargar los objetos de esta categoría.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    await settle();
    expect(screen.getByText(SOFA.nombre)).toBeTruthy();
  });
});

describe('slide 4: services', () => {
  it('offers every §3 service; dismount and packaging quantities go from 1 to 10', () => {
    prefillTo(4);
    renderPage();
    for (const name of [
      'Desmontaje y montaje de muebles',
      'Embalaje de objetos',
      'Embalaje profesional',
      'Limpieza',
      'Objetos frágiles',
      'Escaleras largas',
    ]) {
      expect((screen.getByRole('checkbox', { name }) as HTMLInputElement).checked).toBe(false);
    }
    expect(screen.getByText('Hay que subir o bajar 4 o más plantas por la escalera.')).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Cantidad: muebles a desmontar' })).toBeNull();

    fireEvent.click(screen.getByRole('checkbox', { name: 'Desmontaje y montaje de muebles' }));
    const quantity = screen.getByRole('group', { name: 'Cantidad: muebles a desmontar' });
    const less = within(quantity).getByRole('button', { name: /Quitar uno/ }) as HTMLButtonElement;
    const more = within(quantity).getByRole('button', { name: /Añadir uno/ }) as HTMLButtonElement;
    expect(less.disabled).toBe(true);
    for (let i = 0; i < 12; i += 1) if (!more.disabled) fireEvent.click(more);
    expect(store().services.dismountQuantity).toBe(10);
    expect(more.disabled).toBe(true);

    fireEvent.click(screen.getByRole('checkbox', { name: 'Embalaje profesional' }));
    fireEvent.change(screen.getByLabelText(/Instrucciones especiales/), { target: { value: 'Hay un piano' } });
    expect(store().services).toMatchObject({ dismount: true, bestPackaging: true });
    expect(store().instructions).toBe('Hay un piano');
    expect(nextButton().disabled).toBe(false);
  });
});

describe('slide 5: dates and preferences', () => {
  it('needs a preferred date from today on; flexible time and phone are the defaults', () => {
    prefillTo(5);
    store().setSchedule({ preferredDate: '' });
    renderPage();
    const date = screen.getByLabelText('Fecha preferida') as HTMLInputElement;
    expect(date.min).toBe(companyToday());
    expect(nextButton().disabled).toBe(true);
    expect(screen.getByText(WARNINGS.preferredDate)).toBeTruthy();

    expect((screen.getByRole('radio', { name: 'Horario flexible' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('radio', { name: 'Teléfono' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('group', { name: 'Franja horaria' })).toBeTruthy();
    expect(screen.getAllByRole('radio').map((r) => r.parentElement?.textContent)).toEqual([
      'Mañana (8:00-12:00)',
      'Tarde (12:00-17:00)',
      'Tarde-noche (17:00-20:00)',
      'Horario flexible',
      'Teléfono',
      'Email',
      'WhatsApp',
    ]);

    fireEvent.change(date, { target: { value: '2099-06-01' } });
    expect((screen.getByLabelText(/Fecha alternativa/) as HTMLInputElement).min).toBe('2099-06-01');
    fireEvent.click(screen.getByRole('radio', { name: 'Mañana (8:00-12:00)' }));
    fireEvent.click(screen.getByRole('radio', { name: 'WhatsApp' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Mis fechas son flexibles' }));
    expect(store().schedule).toMatchObject({
      preferredDate: '2099-06-01',
      timePreference: 'morning',
      flexibleDates: true,
    });
    expect(store().contactPreference).toBe('whatsapp');
    expect(nextButton().disabled).toBe(false);
  });
});

describe('slide 6: summary, price and quote', () => {
  async function enterSummary() {
    prefillTo(5);
    renderPage();
    fireEvent.click(nextButton());
    await settle();
  }

  const sendButton = () => screen.getByRole('button', { name: 'Solicitar presupuesto' }) as HTMLButtonElement;
  const field = (label: string) => screen.getByLabelText(label, { exact: true }) as HTMLInputElement;

  it('summarises every slide and asks for the price on entering', async () => {
    await enterSummary();
    expect(screen.getByText('Paso 6 de 6')).toBeTruthy();
    expect(api.calculatePrice).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('button', { name: 'Siguiente' })).toBeNull();
    for (const title of ['Ruta', 'Viviendas', 'Objetos', 'Servicios', 'Fechas']) {
      expect(screen.getByRole('heading', { level: 3, name: title })).toBeTruthy();
    }
    expect(screen.getByText('2 × Sofá de 3 plazas')).toBeTruthy();
    expect(screen.getByText('Sin servicios adicionales')).toBeTruthy();
    expect(screen.getByText('Sin pack')).toBeTruthy();
    expect(screen.getByText('31,4 km · 38 min')).toBeTruthy();

    // Cambiar goes back to that slide.
    fireEvent.click(screen.getByRole('button', { name: 'Cambiar viviendas' }));
    expect(screen.getByText('Paso 2 de 6')).toBeTruthy();
  });

  it('shows the itemised breakdown, VAT, total, the price shown (80 %) and the definitive quote (95 %)', async () => {
    await enterSummary();
    const table = screen.getByRole('table', { name: 'Desglose del precio' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) => r.textContent?.replace(/\s/g, ' '));
    expect(rows).toEqual([
      'Volumen (1,8 m³ × 38 €/m³)68,40 €',
      'Distancia (31,4 km)100,00 €',
      'Planta 4.º sin ascensor70,00 €',
      'Subtotal238,40 €',
      'IVA (21 %)50,06 €',
      'Total288,46 €',
      'Precio orientativo (80 % del total)230,77 €',
      'Presupuesto definitivo (95 % del total)274,04 €',
    ]);
    const price = screen.getByRole('region', { name: 'Tu precio' });
    expect(price.querySelector('.pf-price__amount')?.textContent?.replace(/\s/g, ' ')).toBe('230,77 €');
    const text = price.textContent!.replace(/\s/g, ' ');
    expect(text).toContain('IVA incluido');
    expect(text).toContain('Es un precio orientativo: te mostramos el 80 % del total calculado (288,46 €)');
    expect(text).toContain('el presupuesto definitivo será de 274,04 € (el 95 % del total, IVA incluido)');
    expect(text).toContain('Sin cargos sorpresa');
  });

  it('says next to the breakdown that the 80 % and the 95 % are of one total, not two prices', async () => {
    await enterSummary();
    const table = screen.getByRole('table', { name: 'Desglose del precio' });
    const note = screen.getByText(PERCENTAGES_NOTE);
    expect(note.textContent).toContain('no son dos precios');
    expect(note.textContent).toContain('El 80 % es el precio orientativo');
    expect(note.textContent).toContain('el 95 % es lo que figurará en el presupuesto definitivo');
    expect(table.getAttribute('aria-describedby')).toBe(note.id);
    expect(table.nextElementSibling).toBe(note);
  });

  it("shows the server's error with the fallback text and can ask again", async () => {
    vi.mocked(api.calculatePrice).mockResolvedValueOnce({
      ok: false,
      status: 400,
      body: { success: false, error: 'La fecha no puede ser anterior a hoy' },
    });
    await enterSummary();
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('La fecha no puede ser anterior a hoy');
    expect(alert.textContent).toContain('presupuesto personalizado');
    fireEvent.click(within(alert).getByRole('button', { name: 'Volver a calcular' }));
    await settle();
    expect(screen.getByRole('table', { name: 'Desglose del precio' })).toBeTruthy();
  });

  it('offers to drop a pack the server refused (outside the M-30) and asks again without it', async () => {
    vi.mocked(api.calculatePrice).mockResolvedValueOnce({
      ok: false,
      status: 400,
      body: { success: false, error: 'Los packs de oferta solo están disponibles para mudanzas dentro de la M-30' },
    });
    prefillInsideM30(5);
    store().selectPack('premium');
    expect(store().offerPack).toBe('premium');
    renderPage();
    fireEvent.click(nextButton());
    await settle();
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Los packs de oferta solo están disponibles para mudanzas dentro de la M-30');
    fireEvent.click(within(alert).getByRole('button', { name: 'Quitar el pack y calcular' }));
    await settle();
    expect(store().offerPack).toBeNull();
    expect(vi.mocked(api.calculatePrice).mock.calls[1]![0].offerPack).toBeNull();
    expect(screen.getByRole('table', { name: 'Desglose del precio' })).toBeTruthy();
  });

  it('shows the §8 text when the price cannot be calculated at all', async () => {
    vi.mocked(api.calculatePrice).mockRejectedValueOnce(new api.NetworkError(new TypeError('offline')));
    await enterSummary();
    expect(screen.getByRole('alert').textContent).toContain('Error al calcular el precio. Inténtalo de nuevo.');
  });

  it('enables the button with a name and the consent, checks email and phone, and sends the price shown', async () => {
    await enterSummary();
    expect(sendButton().disabled).toBe(true);
    const consent = screen.getByRole('checkbox', { name: /Acepto que me contactéis/ }) as HTMLInputElement;
    const marketing = screen.getByRole('checkbox', { name: /ofertas y novedades/ }) as HTMLInputElement;
    expect(consent.checked).toBe(false);
    expect(marketing.checked).toBe(false);
    fireEvent.change(field('Nombre'), { target: { value: 'Lucía Fernández' } });
    expect(sendButton().disabled).toBe(true);
    fireEvent.click(consent);
    expect(sendButton().disabled).toBe(false);

    fireEvent.change(field('Email'), { target: { value: 'lucia@ejemplo' } });
    fireEvent.change(field('Teléfono'), { target: { value: '61234' } });
    fireEvent.click(sendButton());
    expect(screen.getByText('Por favor, introduzca un email válido.')).toBeTruthy();
    expect(screen.getByText('Por favor, introduzca un número de teléfono válido.')).toBeTruthy();
    expect(document.activeElement).toBe(field('Email'));
    expect(api.submitQuoteRequest).not.toHaveBeenCalled();

    fireEvent.change(field('Email'), { target: { value: 'lucia@ejemplo.es' } });
    fireEvent.change(field('Teléfono'), { target: { value: '612345678' } });
    expect(field('Teléfono').value).toBe('612 345 678');
    fireEvent.change(screen.getByLabelText('Prefiero que me contactéis por'), { target: { value: 'email' } });
    await act(async () => {
      fireEvent.click(sendButton());
    });
    await settle();
    const body = vi.mocked(api.submitQuoteRequest).mock.calls[0]![0];
    expect(body.contact).toEqual({
      name: 'Lucía Fernández',
      email: 'lucia@ejemplo.es',
      phone: '612345678',
      preferredContact: 'email',
    });
    expect(body.moveDetails.estimatedPrice).toBe(230.77);
    expect(body.moveDetails.origin.elevator).toBe(false);
    expect('referralCode' in body).toBe(false);

    expect(screen.getByRole('heading', { name: '¡Solicitud enviada! Te contactaremos pronto.' })).toBeTruthy();
    expect(document.activeElement).toBe(
      screen.getByRole('heading', { name: '¡Solicitud enviada! Te contactaremos pronto.' }),
    );
    expect(screen.getByText(/Te responderemos en menos de 24 horas por email/)).toBeTruthy();
    expect(screen.getByText('P-2026-000007')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Calcular otra mudanza' }));
    expect(screen.getByText('Paso 1 de 6')).toBeTruthy();
    expect(store().objects).toEqual([]);
  });

  it('lets the quote be sent without a price when none could be calculated', async () => {
    // Through a friend's link, too: the request names it.
    rememberReferral('?ref=7KQ2M9XA');
    vi.mocked(api.calculatePrice).mockResolvedValueOnce({ ok: false, status: 502, body: null });
    await enterSummary();
    expect(screen.getByRole('alert').textContent).toContain('presupuesto personalizado');
    expect(screen.getByText(/Aunque no hayamos podido calcular el precio, puedes enviarnos la solicitud/)).toBeTruthy();
    expect(sendButton().disabled).toBe(true);
    fireEvent.change(field('Nombre'), { target: { value: 'Lucía' } });
    fireEvent.change(field('Email'), { target: { value: 'lucia@ejemplo.es' } });
    fireEvent.change(field('Teléfono'), { target: { value: '612 345 678' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /Acepto que me contactéis/ }));
    expect(sendButton().disabled).toBe(false);
    await act(async () => {
      fireEvent.click(sendButton());
    });
    await settle();
    const body = vi.mocked(api.submitQuoteRequest).mock.calls[0]![0];
    expect('estimatedPrice' in body.moveDetails).toBe(false);
    expect(body.contact.name).toBe('Lucía');
    expect(body.referralCode).toBe('7KQ2M9XA');
    expect(screen.getByRole('heading', { name: '¡Solicitud enviada! Te contactaremos pronto.' })).toBeTruthy();
  });

  it('keeps the button disabled while the price is being calculated', async () => {
    vi.mocked(api.calculatePrice).mockReturnValueOnce(new Promise(() => {}));
    await enterSummary();
    expect(screen.getByText('Calculando el precio...')).toBeTruthy();
    fireEvent.change(field('Nombre'), { target: { value: 'Lucía' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /Acepto que me contactéis/ }));
    expect(sendButton().disabled).toBe(true);
  });

  it('says when the request could not be sent', async () => {
    vi.mocked(api.submitQuoteRequest).mockResolvedValueOnce({ ok: false, status: 500, body: null });
    await enterSummary();
    fireEvent.change(field('Nombre'), { target: { value: 'Lucía' } });
    fireEvent.change(field('Email'), { target: { value: 'lucia@ejemplo.es' } });
    fireEvent.change(field('Teléfono'), { target: { value: '612 345 678' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /Acepto que me contactéis/ }));
    fireEvent.click(sendButton());
    await settle();
    expect(screen.getByRole('alert').textContent).toBe('Error al enviar la solicitud. Inténtalo de nuevo.');
    expect(sendButton().disabled).toBe(false);
  });
});
