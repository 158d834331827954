import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as api from '../../lib/api';
import { WARNINGS } from './calculator';
import { ROUTE_ERROR } from './AddressesSlide';
import { ROUTE_OK } from './testCatalogue';
import {
  backButton,
  DESTINATION,
  elapse,
  nextButton,
  ORIGIN,
  prefillTo,
  renderPage,
  settle,
  slideHeading,
} from './testing';
import { usePriceFinderStore } from './usePriceFinderStore';

vi.mock('../../lib/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/api')>()),
  fetchAutocomplete: vi.fn(),
  fetchRouteStats: vi.fn(),
  fetchObjectsByCategory: vi.fn(),
  fetchCatalogue: vi.fn(),
  calculatePrice: vi.fn(),
  submitQuoteRequest: vi.fn(),
}));

const originField = () => screen.getByRole('combobox', { name: 'Dirección de origen' }) as HTMLInputElement;
const destinationField = () => screen.getByRole('combobox', { name: 'Dirección de destino' }) as HTMLInputElement;
const type = (input: HTMLElement, value: string) => {
  input.focus();
  fireEvent.change(input, { target: { value } });
};

beforeEach(() => {
  usePriceFinderStore.getState().reset();
  vi.mocked(api.fetchAutocomplete).mockResolvedValue([]);
  vi.mocked(api.fetchRouteStats).mockResolvedValue({ ok: true, status: 200, body: ROUTE_OK });
  vi.mocked(api.fetchObjectsByCategory).mockResolvedValue([]);
});

afterEach(() => {
  vi.useRealTimers();
});

describe('the page', () => {
  it('shows six steps with a progress indicator, no Anterior on the first and no warning before anything is typed', () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Buscador de precios' })).toBeTruthy();
    expect(screen.getByText('Paso 1 de 6')).toBeTruthy();
    const progress = screen.getByRole('navigation', { name: 'Progreso del buscador' });
    expect(
      within(progress)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['1Direcciones', '2Viviendas', '3Objetos', '4Servicios', '5Fechas', '6Resumen']);
    expect(progress.querySelector('[aria-current="step"]')?.textContent).toContain('Direcciones');
    expect(backButton()).toBeNull();
    expect(screen.queryByText(WARNINGS.addresses)).toBeNull();
    expect(nextButton().getAttribute('aria-describedby')).toBeNull();
  });

  it('shows the §5 address warning once Siguiente is pressed with nothing typed, and stays on step 1', () => {
    renderPage();
    fireEvent.click(nextButton());
    expect(screen.getByText('Paso 1 de 6')).toBeTruthy();
    expect(screen.getByText(WARNINGS.addresses)).toBeTruthy();
    expect(nextButton().disabled).toBe(true);
    expect(nextButton().getAttribute('aria-describedby')).toBe('pf-aviso');
    expect(document.activeElement).toBe(originField());
  });

  it('starts untouched again after a sent request and "Calcular otra mudanza"', () => {
    renderPage();
    fireEvent.click(nextButton());
    expect(screen.getByText(WARNINGS.addresses)).toBeTruthy();
    act(() => usePriceFinderStore.setState({ quote: { status: 'sent', reference: 'P-2026-000001' } }));
    fireEvent.click(screen.getByRole('button', { name: 'Calcular otra mudanza' }));
    expect(screen.getByText('Paso 1 de 6')).toBeTruthy();
    expect(screen.queryByText(WARNINGS.addresses)).toBeNull();
  });

  it('shows the §5 address warning as soon as something is typed', () => {
    renderPage();
    type(destinationField(), 'C');
    expect(screen.getByText(WARNINGS.addresses)).toBeTruthy();
    expect(nextButton().disabled).toBe(true);
  });

  it('moves focus to the new slide heading and offers Anterior from step 2', () => {
    prefillTo(1);
    renderPage();
    fireEvent.click(nextButton());
    expect(screen.getByText('Paso 2 de 6')).toBeTruthy();
    expect(document.activeElement).toBe(slideHeading());
    expect(slideHeading().textContent).toBe('Paso 2: Viviendas');
    fireEvent.click(backButton()!);
    expect(screen.getByText('Paso 1 de 6')).toBeTruthy();
    expect(document.activeElement).toBe(slideHeading());
    expect(originField().value).toBe(ORIGIN);
  });
});

describe('slide 1: addresses and route', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  it('asks for suggestions 1500 ms after typing stops and lets the keyboard pick one', async () => {
    vi.mocked(api.fetchAutocomplete).mockResolvedValue(['Calle Mayor, Madrid', 'Calle Mayor, Alcalá de Henares']);
    renderPage();
    type(originField(), 'Calle Ma');
    await elapse(1000);
    type(originField(), 'Calle Mayor');
    await elapse(1499);
    expect(api.fetchAutocomplete).not.toHaveBeenCalled();
    await elapse(1);
    expect(api.fetchAutocomplete).toHaveBeenCalledTimes(1);
    expect(api.fetchAutocomplete).toHaveBeenCalledWith('Calle Mayor');

    const list = screen.getByRole('listbox', { name: 'Sugerencias: Dirección de origen' });
    expect(originField().getAttribute('aria-expanded')).toBe('true');
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Calle Mayor, Madrid', 'Calle Mayor, Alcalá de Henares']);
    fireEvent.keyDown(originField(), { key: 'ArrowDown' });
    fireEvent.keyDown(originField(), { key: 'ArrowDown' });
    expect(originField().getAttribute('aria-activedescendant')).toBe('pf-origen-sugerencias-1');
    expect(within(list).getAllByRole('option')[1]!.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(originField(), { key: 'Enter' });
    expect(originField().value).toBe('Calle Mayor, Alcalá de Henares');
    expect(originField().getAttribute('aria-expanded')).toBe('false');

    // The suggestion picked is not looked up again.
    await elapse(2000);
    expect(api.fetchAutocomplete).toHaveBeenCalledTimes(1);
  });

  it('keeps suggestions that arrive after the user left the field closed', async () => {
    vi.mocked(api.fetchAutocomplete).mockResolvedValue(['Calle Mayor, Madrid']);
    renderPage();
    type(originField(), 'Calle Mayor');
    destinationField().focus();
    await elapse(1500);
    expect(api.fetchAutocomplete).toHaveBeenCalledWith('Calle Mayor');
    expect(originField().getAttribute('aria-expanded')).toBe('false');
    // The arrow key opens them once back in the field.
    originField().focus();
    fireEvent.keyDown(originField(), { key: 'ArrowDown' });
    expect(originField().getAttribute('aria-expanded')).toBe('true');
  });

  it('closes the suggestions with Escape and picks one with the mouse', async () => {
    vi.mocked(api.fetchAutocomplete).mockResolvedValue(['Gran Vía 1, Madrid']);
    renderPage();
    type(destinationField(), 'Gran Vía');
    await elapse(1500);
    fireEvent.keyDown(destinationField(), { key: 'Escape' });
    expect(destinationField().getAttribute('aria-expanded')).toBe('false');
    fireEvent.keyDown(destinationField(), { key: 'ArrowDown' });
    fireEvent.mouseDown(screen.getByRole('option', { name: 'Gran Vía 1, Madrid' }));
    expect(destinationField().value).toBe('Gran Vía 1, Madrid');
  });

  it('asks for the route 2000 ms after typing stops, only with both addresses over 5 characters and no trailing comma', async () => {
    renderPage();
    type(originField(), ORIGIN);
    type(destinationField(), 'Sol 1');
    await elapse(2000);
    type(destinationField(), 'Calle Mayor 2,');
    await elapse(2000);
    expect(api.fetchRouteStats).not.toHaveBeenCalled();
    expect(screen.getByText(WARNINGS.distancePending)).toBeTruthy();

    type(destinationField(), DESTINATION);
    await elapse(1999);
    expect(api.fetchRouteStats).not.toHaveBeenCalled();
    await elapse(1);
    expect(api.fetchRouteStats).toHaveBeenCalledWith(ORIGIN, DESTINATION);
    await settle();

    const status = screen.getByRole('status');
    expect(status.getAttribute('aria-live')).toBe('polite');
    expect(within(status).getByText('31,4 km')).toBeTruthy();
    expect(within(status).getByText('38 min')).toBeTruthy();
    expect(
      within(status)
        .getByRole('img', { name: `Mapa de la ruta de ${ORIGIN} a ${DESTINATION}` })
        .getAttribute('src'),
    ).toBe(ROUTE_OK.image);
    expect(nextButton().disabled).toBe(false);
    expect(screen.queryByText(WARNINGS.distancePending)).toBeNull();

    // Editing an address forgets the route until it is asked again.
    type(originField(), `${ORIGIN}, España`);
    expect(nextButton().disabled).toBe(true);
    expect(within(screen.getByRole('status')).queryByText('31,4 km')).toBeNull();
  });

  it('shows the §8 error panel when the route cannot be calculated, and retries', async () => {
    vi.mocked(api.fetchRouteStats).mockResolvedValueOnce({
      ok: false,
      status: 422,
      body: { success: false, error: 'No se pudo calcular la ruta entre las direcciones proporcionadas' },
    });
    renderPage();
    type(originField(), ORIGIN);
    type(destinationField(), 'Calle Inventada 99, Villanoexiste');
    await elapse(2000);
    await settle();
    const status = screen.getByRole('status');
    expect(within(status).getByText('Error en el cálculo')).toBeTruthy();
    expect(within(status).getByText('No se pudo calcular la ruta entre las direcciones proporcionadas')).toBeTruthy();
    for (const hint of ROUTE_ERROR.hints) expect(within(status).getByText(hint)).toBeTruthy();
    expect(screen.getByText(WARNINGS.distanceFailed)).toBeTruthy();
    expect(nextButton().disabled).toBe(true);

    fireEvent.click(within(status).getByRole('button', { name: 'Reintentar' }));
    await settle();
    expect(api.fetchRouteStats).toHaveBeenCalledTimes(2);
    expect(nextButton().disabled).toBe(false);
  });
});
