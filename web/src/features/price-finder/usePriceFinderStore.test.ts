import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as api from '../../lib/api';
import { NetworkError } from '../../lib/api';
import { QUOTE_MESSAGES } from './calculator';
import { INSIDE_DESTINATION, INSIDE_ORIGIN, PRICE_OK, ROUTE_INSIDE_M30, ROUTE_OK, SOFA } from './testCatalogue';
import { usePriceFinderStore } from './usePriceFinderStore';

vi.mock('../../lib/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/api')>()),
  fetchRouteStats: vi.fn(),
  calculatePrice: vi.fn(),
  submitQuoteRequest: vi.fn(),
}));

const ORIGIN = 'Calle de Alcalá 120, 28009 Madrid';
const DESTINATION = 'Calle Mayor 2, 28801 Alcalá de Henares';
const store = () => usePriceFinderStore.getState();

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

async function fillEverything() {
  store().setAddress('origin', ORIGIN);
  store().setAddress('destination', DESTINATION);
  await store().loadRoute();
  store().setObjectQuantity(SOFA, 2);
  store().setSchedule({ preferredDate: '2099-06-01' });
}

describe('usePriceFinderStore', () => {
  beforeEach(() => {
    store().reset();
    vi.mocked(api.fetchRouteStats).mockResolvedValue({ ok: true, status: 200, body: ROUTE_OK });
    vi.mocked(api.calculatePrice).mockResolvedValue({ ok: true, status: 200, body: PRICE_OK });
    vi.mocked(api.submitQuoteRequest).mockResolvedValue({
      ok: true,
      status: 200,
      body: { success: true, quote_id: 'Q-42', referencia: 'P-2026-000042' },
    });
  });

  describe('the route', () => {
    it('is not asked for while an address has 5 characters or fewer, or ends with a comma', async () => {
      store().setAddress('origin', 'Sol 1');
      store().setAddress('destination', DESTINATION);
      await store().loadRoute();
      store().setAddress('origin', 'Calle Mayor 2,');
      await store().loadRoute();
      expect(api.fetchRouteStats).not.toHaveBeenCalled();
      expect(store().route.status).toBe('idle');
    });

    it('keeps distance, duration, their texts and the image for the addresses asked', async () => {
      store().setAddress('origin', ORIGIN);
      store().setAddress('destination', DESTINATION);
      await store().loadRoute();
      expect(api.fetchRouteStats).toHaveBeenCalledWith(ORIGIN, DESTINATION);
      expect(store().route).toEqual({
        status: 'ready',
        origin: ORIGIN,
        destination: DESTINATION,
        distance: 31.4,
        duration: 38,
        distanceText: '31,4 km',
        durationText: '38 min',
        image: ROUTE_OK.image,
        insideM30: false,
      });
      // Known: not asked again.
      await store().loadRoute();
      expect(api.fetchRouteStats).toHaveBeenCalledTimes(1);
    });

    it('forgets the route as soon as an address changes', async () => {
      await fillEverything();
      store().setAddress('destination', `${DESTINATION}, España`);
      expect(store().route.status).toBe('idle');
    });

    it('is an error for a 422, for an answer without figures and for no answer', async () => {
      store().setAddress('origin', ORIGIN);
      store().setAddress('destination', 'Calle Inventada 99, Villanoexiste');
      vi.mocked(api.fetchRouteStats).mockResolvedValueOnce({
        ok: false,
        status: 422,
        body: { success: false, error: 'No se pudo calcular la ruta entre las direcciones proporcionadas' },
      });
      await store().loadRoute();
      expect(store().route.status).toBe('error');

      vi.mocked(api.fetchRouteStats).mockResolvedValueOnce({ ok: true, status: 200, body: { success: true } });
      await store().retryRoute();
      expect(store().route.status).toBe('error');

      vi.mocked(api.fetchRouteStats).mockRejectedValueOnce(new NetworkError(new TypeError('offline')));
      await store().retryRoute();
      expect(store().route.status).toBe('error');
      expect(api.fetchRouteStats).toHaveBeenCalledTimes(3);
    });

    it('drops an answer that arrives after the addresses changed', async () => {
      const late = deferred<api.ApiResponse<api.RouteStats>>();
      vi.mocked(api.fetchRouteStats).mockReturnValueOnce(late.promise);
      store().setAddress('origin', ORIGIN);
      store().setAddress('destination', DESTINATION);
      const asked = store().loadRoute();
      store().setAddress('destination', 'Gran Vía 1, 28013 Madrid');
      late.resolve({ ok: true, status: 200, body: ROUTE_OK });
      await asked;
      expect(store().route.status).toBe('idle');
    });
  });

  describe('floor and elevator (§4)', () => {
    it('a house resets floor and elevator; ground floor turns the elevator off', () => {
      store().setFloor('origin', 'third');
      store().setElevator('origin', true);
      expect(store().origin).toMatchObject({ floor: 'third', elevator: true });
      store().setPropertyType('origin', 'house_3_rooms');
      expect(store().origin).toMatchObject({ propertyType: 'house_3_rooms', floor: 'ground', elevator: false });

      store().setPropertyType('destination', 'shared_floor');
      store().setFloor('destination', 'second');
      store().setElevator('destination', true);
      store().setFloor('destination', 'ground');
      expect(store().destination).toMatchObject({ floor: 'ground', elevator: false });
    });
  });

  async function routeInsideM30() {
    vi.mocked(api.fetchRouteStats).mockResolvedValueOnce({ ok: true, status: 200, body: ROUTE_INSIDE_M30 });
    store().setAddress('origin', INSIDE_ORIGIN);
    store().setAddress('destination', INSIDE_DESTINATION);
    await store().loadRoute();
  }

  describe('objects and packs', () => {
    it('resets objects and the pack separately', async () => {
      await routeInsideM30();
      store().setObjectQuantity(SOFA, 2);
      store().selectPack('premium');
      store().resetObjects();
      expect(store().objects).toEqual([]);
      expect(store().offerPack).toBe('premium');
      store().resetPack();
      expect(store().offerPack).toBeNull();
    });
  });

  describe('packs and the M-30 (§3)', () => {
    it('keeps whether both addresses are inside the M-30 with the route', async () => {
      await routeInsideM30();
      expect(store().route).toMatchObject({ status: 'ready', insideM30: true });
      await fillEverything();
      expect(store().route).toMatchObject({ status: 'ready', insideM30: false });
    });

    it('takes no pack before the route is known, nor for a route leaving the M-30', async () => {
      store().selectPack('esential');
      expect(store().offerPack).toBeNull();
      await fillEverything();
      store().selectPack('esential');
      expect(store().offerPack).toBeNull();
      await routeInsideM30();
      store().selectPack('esential');
      expect(store().offerPack).toBe('esential');
    });

    it('drops the chosen pack when new addresses leave the M-30, and keeps it while they stay inside', async () => {
      await routeInsideM30();
      store().selectPack('advanced');
      vi.mocked(api.fetchRouteStats).mockResolvedValueOnce({
        ok: true,
        status: 200,
        body: { ...ROUTE_INSIDE_M30, distance: 2.1 },
      });
      store().setAddress('destination', 'Calle de Fuencarral 10, 28004 Madrid');
      await store().loadRoute();
      expect(store().offerPack).toBe('advanced');

      store().setAddress('destination', DESTINATION);
      await store().loadRoute();
      expect(store().route).toMatchObject({ status: 'ready', insideM30: false });
      expect(store().offerPack).toBeNull();
    });

    it('reads an answer without dentro_m30 as outside', async () => {
      const withoutFlag: api.RouteStats = { ...ROUTE_INSIDE_M30 };
      delete withoutFlag.dentro_m30;
      vi.mocked(api.fetchRouteStats).mockResolvedValueOnce({ ok: true, status: 200, body: withoutFlag });
      store().setAddress('origin', INSIDE_ORIGIN);
      store().setAddress('destination', INSIDE_DESTINATION);
      await store().loadRoute();
      expect(store().route).toMatchObject({ status: 'ready', insideM30: false });
    });
  });

  describe('the price', () => {
    it('is asked for on entering step 6, with the calculator as the request', async () => {
      await fillEverything();
      store().goTo(6);
      expect(store().step).toBe(6);
      expect(store().price.status).toBe('loading');
      await vi.waitFor(() => expect(store().price.status).toBe('ready'));
      const body = vi.mocked(api.calculatePrice).mock.calls[0]![0];
      expect(body).toMatchObject({
        origin: { address: ORIGIN, elevator: 0 },
        objects: [{ id: SOFA.id, quantity: 2 }],
        distance: 31.4,
        duration: 38,
        schedule: { preferredDate: '2099-06-01', timePreference: 'flexible' },
      });
      expect(store().price).toEqual({
        status: 'ready',
        quote: {
          price: 230.77,
          budget: 274.04,
          lines: PRICE_OK.desglose,
          subtotal: 238.4,
          iva: 50.06,
          total: 288.46,
        },
      });
    });

    it('other steps do not ask for it', () => {
      store().goTo(2);
      store().goTo(5);
      expect(api.calculatePrice).not.toHaveBeenCalled();
    });

    it("shows the server's error, or the §8 text when there is none or no answer", async () => {
      await fillEverything();
      vi.mocked(api.calculatePrice).mockResolvedValueOnce({
        ok: false,
        status: 400,
        body: { success: false, error: 'Debe seleccionar al menos un objeto o un pack...' },
      });
      await store().calculate();
      expect(store().price).toEqual({ status: 'error', message: 'Debe seleccionar al menos un objeto o un pack...' });

      vi.mocked(api.calculatePrice).mockResolvedValueOnce({ ok: false, status: 502, body: null });
      await store().calculate();
      expect(store().price).toEqual({ status: 'error', message: 'Error al calcular el precio. Inténtalo de nuevo.' });

      vi.mocked(api.calculatePrice).mockRejectedValueOnce(new NetworkError(new TypeError('offline')));
      await store().calculate();
      expect(store().price).toEqual({ status: 'error', message: QUOTE_MESSAGES.priceError });
    });

    it('keeps only the answer to the latest question', async () => {
      await fillEverything();
      const first = deferred<api.ApiResponse<api.PriceResponse>>();
      vi.mocked(api.calculatePrice).mockReturnValueOnce(first.promise);
      const older = store().calculate();
      const newer = store().calculate();
      first.resolve({ ok: true, status: 200, body: { ...PRICE_OK, price: 1 } });
      await Promise.all([older, newer]);
      expect(store().price).toMatchObject({ status: 'ready', quote: { price: 230.77 } });
    });
  });

  describe('the quote request', () => {
    it('sends the price shown as estimatedPrice and the contact, elevator as boolean', async () => {
      await fillEverything();
      await store().calculate();
      store().setContact({ name: 'Lucía', email: 'lucia@ejemplo.es', phone: '612 345 678', consent: true });
      await store().submitQuote();
      const body = vi.mocked(api.submitQuoteRequest).mock.calls[0]![0];
      expect(body.moveDetails.estimatedPrice).toBe(230.77);
      expect(body.moveDetails.origin.elevator).toBe(false);
      expect(body.contact).toEqual({
        name: 'Lucía',
        email: 'lucia@ejemplo.es',
        phone: '612345678',
        preferredContact: 'phone',
      });
      expect(store().quote).toEqual({ status: 'sent', reference: 'P-2026-000042' });
    });

    it('is not sent while the price is still unknown', async () => {
      await fillEverything();
      await store().submitQuote();
      expect(api.submitQuoteRequest).not.toHaveBeenCalled();
      store().goTo(6);
      expect(store().price.status).toBe('loading');
      await store().submitQuote();
      expect(api.submitQuoteRequest).not.toHaveBeenCalled();
    });

    it('is sent without estimatedPrice when no price could be calculated', async () => {
      await fillEverything();
      vi.mocked(api.calculatePrice).mockResolvedValueOnce({ ok: false, status: 502, body: null });
      await store().calculate();
      expect(store().price.status).toBe('error');
      store().setContact({ name: 'Lucía', email: 'lucia@ejemplo.es', phone: '612 345 678', consent: true });
      await store().submitQuote();
      const body = vi.mocked(api.submitQuoteRequest).mock.calls[0]![0];
      expect('estimatedPrice' in body.moveDetails).toBe(false);
      expect(body.moveDetails.objects).toEqual([{ id: SOFA.id, quantity: 2 }]);
      expect(store().quote).toEqual({ status: 'sent', reference: 'P-2026-000042' });
    });

    it('fails with the §8 text, keeping the server reason when there is one', async () => {
      await fillEverything();
      await store().calculate();
      vi.mocked(api.submitQuoteRequest).mockResolvedValueOnce({
        ok: false,
        status: 400,
        body: { success: false, error: 'Por favor, introduzca un email válido.' },
      });
      await store().submitQuote();
      expect(store().quote).toEqual({
        status: 'error',
        message: 'Error al enviar la solicitud. Inténtalo de nuevo.',
        detail: 'Por favor, introduzca un email válido.',
      });
      vi.mocked(api.submitQuoteRequest).mockRejectedValueOnce(new NetworkError(new TypeError('offline')));
      await store().submitQuote();
      expect(store().quote).toEqual({ status: 'error', message: QUOTE_MESSAGES.sendError, detail: null });
    });

    it('reset starts over with the defaults', async () => {
      await fillEverything();
      store().reset();
      expect(store()).toMatchObject({ step: 1, objects: [], route: { status: 'idle' }, price: { status: 'idle' } });
      expect(store().schedule.timePreference).toBe('flexible');
    });
  });
});
