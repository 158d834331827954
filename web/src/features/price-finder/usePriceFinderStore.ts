// The price finder's state: the calculator (calculator.ts), the slide on screen, the route, price
// and quote calls. It lives for the browser tab, so leaving the page and coming back (the client
// dashboard links here) keeps what was typed; a sent quote or "Calcular otra mudanza" resets it.
import { create } from 'zustand';
import * as api from '../../lib/api';
import type { CatalogueObject, OfferPack, PriceLine, PriceServices } from '../../lib/api';
import { withElevator, withFloor, withPropertyType } from '../../lib/moveOptions';
import {
  buildPriceRequest,
  buildQuoteRequest,
  currentRoute,
  EMPTY_CONTACT,
  initialCalculator,
  LAST_STEP,
  needsRoute,
  packsAvailable,
  priceSettled,
  QUOTE_MESSAGES,
  setObjectQuantity,
  type Calculator,
  type CalculatorSide,
  type QuoteContact,
  type RouteState,
  type Schedule,
  type Step,
} from './calculator';
import { formatNumber } from '../../lib/format';
import { rememberedReferral } from '../../lib/referral';

export type Side = 'origin' | 'destination';

/** A price the server gave, with every figure the summary shows. */
export interface PriceQuote {
  /** Shown: 80 % of total (§9). */
  price: number;
  /** The definitive quote: 95 % of total (§9). */
  budget: number;
  lines: PriceLine[];
  subtotal: number;
  iva: number;
  total: number;
}

export type PriceState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'ready'; quote: PriceQuote }
  | { status: 'error'; message: string };

export type QuoteState =
  | { status: 'idle' }
  | { status: 'sending' }
  | { status: 'sent'; reference: string | null }
  /** `detail`: the server's reason, when it gave one (e.g. the field it refused). */
  | { status: 'error'; message: string; detail: string | null };

type ServiceFlag = 'dismount' | 'packaging' | 'bestPackaging' | 'cleaning' | 'fragile' | 'longStairs';
type ServiceQuantity = 'dismountQuantity' | 'packagingQuantity';

interface PriceFinderState extends Calculator {
  step: Step;
  price: PriceState;
  contact: QuoteContact;
  quote: QuoteState;

  goTo: (step: Step) => void;
  setAddress: (side: Side, address: string) => void;
  /** Asks for the route of the current addresses unless it is known or not askable (§7). */
  loadRoute: () => Promise<void>;
  /** Forgets a failed route so it is asked for again. */
  retryRoute: () => Promise<void>;
  setPropertyType: (side: Side, propertyType: string) => void;
  setFloor: (side: Side, floor: string) => void;
  setElevator: (side: Side, elevator: boolean) => void;
  setAccess: (side: Side, access: string) => void;
  setObjectQuantity: (object: Pick<CatalogueObject, 'id' | 'nombre' | 'categoria'>, quantity: number) => void;
  resetObjects: () => void;
  selectPack: (pack: OfferPack) => void;
  resetPack: () => void;
  setService: (service: ServiceFlag, on: boolean) => void;
  setServiceQuantity: (service: ServiceQuantity, quantity: number) => void;
  setInstructions: (text: string) => void;
  setSchedule: (change: Partial<Schedule>) => void;
  setContactPreference: (preference: Calculator['contactPreference']) => void;
  /** POST /api/calculate-price with the calculator as it is; entering the summary calls it. */
  calculate: () => Promise<void>;
  setContact: (change: Partial<QuoteContact>) => void;
  /** POST /api/submit-quote-request with the price shown, or without one when none could be calculated. */
  submitQuote: () => Promise<void>;
  reset: () => void;
}

function initialState() {
  return {
    ...initialCalculator(),
    step: 1 as Step,
    price: { status: 'idle' } as PriceState,
    contact: { ...EMPTY_CONTACT },
    quote: { status: 'idle' } as QuoteState,
  };
}

function calculatorOf(state: PriceFinderState): Calculator {
  const { origin, destination, route, objects, offerPack, services, instructions, schedule, contactPreference } = state;
  return { origin, destination, route, objects, offerPack, services, instructions, schedule, contactPreference };
}

function isNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

// Answers to an older question are dropped: the user may have changed the addresses or left the
// summary and come back while a call was on its way.
let priceRequestId = 0;

export const usePriceFinderStore = create<PriceFinderState>()((set, get) => {
  const updateSide = (side: Side, change: (p: CalculatorSide) => CalculatorSide) =>
    set((s) => ({ [side]: change(s[side]) }) as Pick<PriceFinderState, Side>);

  return {
    ...initialState(),

    goTo: (step) => {
      set({ step: Math.min(LAST_STEP, Math.max(1, step)) as Step });
      if (step === LAST_STEP) void get().calculate();
    },

    setAddress: (side, address) =>
      set((s) => {
        const next = { ...s, [side]: { ...s[side], address } };
        // A route for other addresses no longer counts; forget it so nothing stale is shown.
        return { [side]: next[side], route: currentRoute(next) };
      }),

    loadRoute: async () => {
      const state = get();
      if (!needsRoute(state)) return;
      const key = { origin: state.origin.address, destination: state.destination.address };
      set({ route: { status: 'loading', ...key } });
      const stillAsked = () => {
        const route = get().route;
        return route.status === 'loading' && route.origin === key.origin && route.destination === key.destination;
      };
      try {
        const response = await api.fetchRouteStats(key.origin.trim(), key.destination.trim());
        if (!stillAsked()) return;
        const body = response.body;
        if (response.ok && body?.success && isNumber(body.distance) && isNumber(body.duration)) {
          const insideM30 = body.dentro_m30 === true;
          const route: RouteState = {
            status: 'ready',
            ...key,
            distance: body.distance,
            duration: body.duration,
            distanceText: body.distance_text ?? `${formatNumber(body.distance)} km`,
            durationText: body.duration_text ?? `${Math.round(body.duration)} min`,
            image: typeof body.image === 'string' && body.image.startsWith('data:image/') ? body.image : null,
            insideM30,
          };
          // A pack chosen for the old addresses does not apply once the move leaves the M-30.
          set((s) => ({ route, offerPack: insideM30 ? s.offerPack : null }));
        } else {
          set({ route: { status: 'error', ...key } });
        }
      } catch {
        if (stillAsked()) set({ route: { status: 'error', ...key } });
      }
    },

    retryRoute: async () => {
      set({ route: { status: 'idle' } });
      await get().loadRoute();
    },

    setPropertyType: (side, propertyType) => updateSide(side, (p) => withPropertyType(p, propertyType)),
    setFloor: (side, floor) => updateSide(side, (p) => withFloor(p, floor)),
    setElevator: (side, elevator) => updateSide(side, (p) => withElevator(p, elevator)),
    setAccess: (side, access) => updateSide(side, (p) => ({ ...p, access })),

    setObjectQuantity: (object, quantity) => set((s) => ({ objects: setObjectQuantity(s.objects, object, quantity) })),
    resetObjects: () => set({ objects: [] }),
    // §4: selecting a pack sets offerPack; only for a route known to be inside the M-30 (§3).
    selectPack: (pack) => set((s) => (packsAvailable(s) ? { offerPack: pack } : {})),
    resetPack: () => set({ offerPack: null }),

    setService: (service, on) => set((s) => ({ services: { ...s.services, [service]: on } as PriceServices })),
    setServiceQuantity: (service, quantity) =>
      set((s) => ({ services: { ...s.services, [service]: quantity } as PriceServices })),
    setInstructions: (instructions) => set({ instructions }),
    setSchedule: (change) => set((s) => ({ schedule: { ...s.schedule, ...change } })),
    setContactPreference: (contactPreference) => set({ contactPreference }),

    calculate: async () => {
      priceRequestId += 1;
      const id = priceRequestId;
      set({ price: { status: 'loading' }, quote: { status: 'idle' } });
      try {
        const response = await api.calculatePrice(buildPriceRequest(calculatorOf(get())));
        if (id !== priceRequestId) return;
        const body = response.body;
        if (response.ok && body?.success && isNumber(body.price)) {
          const lines = Array.isArray(body.desglose) ? body.desglose : [];
          const total = isNumber(body.total) ? body.total : body.price;
          set({
            price: {
              status: 'ready',
              quote: {
                price: body.price,
                budget: isNumber(body.precio_presupuesto) ? body.precio_presupuesto : total,
                lines,
                subtotal: isNumber(body.subtotal) ? body.subtotal : lines.reduce((sum, l) => sum + l.importe, 0),
                iva: isNumber(body.iva) ? body.iva : 0,
                total,
              },
            },
          });
          return;
        }
        set({ price: { status: 'error', message: api.errorText(body, QUOTE_MESSAGES.priceError) } });
      } catch {
        if (id === priceRequestId) set({ price: { status: 'error', message: QUOTE_MESSAGES.priceError } });
      }
    },

    setContact: (change) => set((s) => ({ contact: { ...s.contact, ...change } })),

    submitQuote: async () => {
      const state = get();
      if (!priceSettled(state.price.status) || state.quote.status === 'sending') return;
      const shown = state.price.status === 'ready' ? state.price.quote.price : null;
      set({ quote: { status: 'sending' } });
      try {
        const request = buildQuoteRequest(calculatorOf(state), state.contact, shown, rememberedReferral());
        const response = await api.submitQuoteRequest(request);
        if (response.ok && response.body?.success) {
          set({ quote: { status: 'sent', reference: response.body.referencia ?? null } });
        } else {
          const detail = api.errorText(response.body, '');
          set({ quote: { status: 'error', message: QUOTE_MESSAGES.sendError, detail: detail || null } });
        }
      } catch {
        set({ quote: { status: 'error', message: QUOTE_MESSAGES.sendError, detail: null } });
      }
    },

    reset: () => {
      priceRequestId += 1;
      set(initialState());
    },
  };
});
