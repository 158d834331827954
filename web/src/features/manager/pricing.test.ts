import { describe, expect, it } from 'vitest';
import { computePrice, parseEuros, pendingCents, taxOf } from './pricing';
import { formatCents, formatEuros } from '../../lib/format';

const nbsp = (s: string) => s.replace(/\u00a0/g, ' ');

describe('§9 price computation', () => {
  it('adds base, distance, services and urgency, then 21% VAT', () => {
    const price = computePrice({
      baseCents: 18_000,
      distanceCents: 2_100,
      servicesCents: 4_000,
      urgencyCents: 5_000,
      ivaEnabled: true,
      advanceCents: 0,
    });
    expect(price.subtotalCents).toBe(29_100);
    expect(price.taxCents).toBe(6_111);
    expect(price.totalCents).toBe(35_211);
  });

  it('charges no VAT when it is turned off', () => {
    const price = computePrice({
      baseCents: 10_000,
      distanceCents: 0,
      servicesCents: 0,
      urgencyCents: 0,
      ivaEnabled: false,
      advanceCents: 2_500,
    });
    expect(price).toMatchObject({ subtotalCents: 10_000, taxCents: 0, totalCents: 10_000 });
  });

  it("'Pendiente de pago' is total − paid, whatever advance was asked for", () => {
    expect(pendingCents(10_000, 0)).toBe(10_000);
    expect(pendingCents(10_000, 2_500)).toBe(7_500);
    expect(pendingCents(10_000, 12_000)).toBe(0);
  });

  it('rounds the VAT half up to the cent, as the server does', () => {
    // 21% of 0.50 € is 0.105 €: 11 cents; of 0.02 € is 0.0042 €: 0 cents.
    expect(taxOf(50)).toBe(11);
    expect(taxOf(2)).toBe(0);
    expect(taxOf(12_345)).toBe(2_592);
    for (let subtotal = 0; subtotal < 2_000; subtotal += 1) {
      expect(taxOf(subtotal)).toBe(Math.floor((subtotal * 21 + 50) / 100));
    }
  });

  it('reads euro amounts with a dot or a decimal comma', () => {
    expect(parseEuros('120')).toBe(12_000);
    expect(parseEuros('120.5')).toBe(12_050);
    expect(parseEuros('120,55')).toBe(12_055);
    expect(parseEuros(' 0.1 ')).toBe(10);
    expect(parseEuros('')).toBe(0);
    expect(parseEuros('-3')).toBe(-300);
    expect(parseEuros('doce')).toBeNull();
    expect(parseEuros('1e3')).toBeNull();
    expect(parseEuros(19.99)).toBe(1_999);
  });

  it('formats euros the Spanish way, grouping thousands', () => {
    expect(nbsp(formatEuros(1234.56))).toBe('1.234,56 €');
    expect(nbsp(formatEuros(0))).toBe('0,00 €');
    expect(nbsp(formatEuros(1_234_567.8))).toBe('1.234.567,80 €');
    expect(nbsp(formatCents(35_211))).toBe('352,11 €');
  });
});
