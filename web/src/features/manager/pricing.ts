// §9 prices: total = base + distance + services + urgency, plus 21% VAT when it is on (the
// manager's wizard lets them turn it off). The advance is the deposit asked for, not money
// received: what is pending is total − paid ('Pendiente de pago' means that everywhere). Computed
// in euro cents, the same way the server does, so what the wizard shows is what the server stores.

export const IVA_PERCENT = 21;

export interface PriceInput {
  baseCents: number;
  distanceCents: number;
  servicesCents: number;
  urgencyCents: number;
  ivaEnabled: boolean;
  advanceCents: number;
}

export interface PriceBreakdown extends PriceInput {
  subtotalCents: number;
  taxCents: number;
  totalCents: number;
}

/** 21% of the subtotal, rounded half up to the cent (the server's rule). */
export function taxOf(subtotalCents: number): number {
  return Math.round((subtotalCents * IVA_PERCENT) / 100);
}

export function computePrice(input: PriceInput): PriceBreakdown {
  const subtotalCents = input.baseCents + input.distanceCents + input.servicesCents + input.urgencyCents;
  const taxCents = input.ivaEnabled ? taxOf(subtotalCents) : 0;
  const totalCents = subtotalCents + taxCents;
  return {
    ...input,
    subtotalCents,
    taxCents,
    totalCents,
  };
}

/** A price as a form holds it: its lines as typed, in euros, and the VAT choice. */
export interface PriceFields {
  basePrice: string;
  distanceCost: string;
  servicesCost: string;
  urgencyCost: string;
  ivaEnabled: boolean;
  advancePayment: string;
}

/** The price a form's lines make, as the server computes it (§9); an empty line is 0 €. */
export function priceOfFields(form: PriceFields): PriceBreakdown {
  return computePrice({
    baseCents: parseEuros(form.basePrice) ?? 0,
    distanceCents: parseEuros(form.distanceCost) ?? 0,
    servicesCents: parseEuros(form.servicesCost) ?? 0,
    urgencyCents: parseEuros(form.urgencyCost) ?? 0,
    ivaEnabled: form.ivaEnabled,
    advanceCents: parseEuros(form.advancePayment) ?? 0,
  });
}

/** A price as the create and update requests send it: its lines, the advance and the total. */
export function priceRequest(price: PriceBreakdown) {
  return {
    precio: {
      base: centsToEuros(price.baseCents),
      distancia: centsToEuros(price.distanceCents),
      servicios: centsToEuros(price.servicesCents),
      urgencia: centsToEuros(price.urgencyCents),
      iva: price.ivaEnabled,
    },
    pago_adelantado: centsToEuros(price.advanceCents),
    precio_total: centsToEuros(price.totalCents),
  };
}

/** 'Pendiente de pago': what is still owed, total − paid (the server's `pago_pendiente`). */
export function pendingCents(totalCents: number, paidCents: number): number {
  return Math.max(0, totalCents - paidCents);
}

/**
 * A euro amount typed by the user ('120', '120.5', '120,50') in cents; 0 when empty, null when
 * it is not a number. Accepts a decimal comma, as Spanish users write it.
 */
export function parseEuros(text: string | number): number | null {
  if (typeof text === 'number') return Number.isFinite(text) ? Math.round(text * 100) : null;
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return 0;
  if (!/^-?\d*(\.\d*)?$/.test(trimmed) || trimmed === '.' || trimmed === '-') return null;
  const value = Number(trimmed);
  return Number.isFinite(value) ? Math.round(value * 100) : null;
}

export function centsToEuros(cents: number): number {
  return Math.round(cents) / 100;
}
