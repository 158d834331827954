// Helpers for the price finder's component tests: render the page, fill the store to a slide.
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { vi } from 'vitest';
import { initialCalculator, type Step } from './calculator';
import { PriceFinderPage } from './PriceFinderPage';
import { INSIDE_DESTINATION, INSIDE_ORIGIN, ROUTE_INSIDE_M30, ROUTE_OK, SOFA } from './testCatalogue';
import { usePriceFinderStore } from './usePriceFinderStore';
import { companyToday } from '../../lib/calendar';

export const ORIGIN = 'Calle de Alcalá 120, 28009 Madrid';
export const DESTINATION = 'Calle Mayor 2, 28801 Alcalá de Henares';

export function renderPage() {
  return render(
    <MemoryRouter initialEntries={['/buscador-precios']}>
      <PriceFinderPage />
    </MemoryRouter>,
  );
}

/** The store as if the user had filled every slide before `step` correctly. */
export function prefillTo(step: Step) {
  const calc = initialCalculator();
  usePriceFinderStore.setState({
    step,
    origin: { ...calc.origin, address: ORIGIN },
    destination: { ...calc.destination, address: DESTINATION },
    route: {
      status: 'ready',
      origin: ORIGIN,
      destination: DESTINATION,
      distance: ROUTE_OK.distance!,
      duration: ROUTE_OK.duration!,
      distanceText: ROUTE_OK.distance_text!,
      durationText: ROUTE_OK.duration_text!,
      image: ROUTE_OK.image!,
      insideM30: false,
    },
    objects: [{ id: SOFA.id, nombre: SOFA.nombre, categoria: SOFA.categoria, quantity: 2 }],
    schedule: { ...calc.schedule, preferredDate: companyToday() },
  });
}

/** As prefillTo, with both addresses inside the M-30 (the offer packs apply). */
export function prefillInsideM30(step: Step) {
  prefillTo(step);
  const { route } = usePriceFinderStore.getState();
  if (route.status !== 'ready') throw new Error('prefillTo leaves a ready route');
  usePriceFinderStore.setState((s) => ({
    origin: { ...s.origin, address: INSIDE_ORIGIN },
    destination: { ...s.destination, address: INSIDE_DESTINATION },
    route: {
      ...route,
      origin: INSIDE_ORIGIN,
      destination: INSIDE_DESTINATION,
      distance: ROUTE_INSIDE_M30.distance!,
      duration: ROUTE_INSIDE_M30.duration!,
      distanceText: ROUTE_INSIDE_M30.distance_text!,
      durationText: ROUTE_INSIDE_M30.duration_text!,
      insideM30: true,
    },
  }));
}

/** Runs timers and the promises they release (fake timers only). */
export async function elapse(ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
}

/** Lets resolved promises (mocked calls) land. */
export async function settle() {
  await act(async () => {
    for (let i = 0; i < 5; i += 1) await Promise.resolve();
  });
}

export const nextButton = () => screen.getByRole('button', { name: 'Siguiente' }) as HTMLButtonElement;
export const backButton = () => screen.queryByRole('button', { name: 'Anterior' });
export const slideHeading = () => screen.getByRole('heading', { level: 2 });
