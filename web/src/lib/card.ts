// The card form's rules, as the server checks them (command/src/payments.rs): the browser says
// the same thing first, so a typo is caught before the round trip.

export type Brand = 'visa' | 'mastercard' | 'amex' | 'discover' | 'diners' | 'jcb' | 'unionpay' | 'desconocida';

export const BRAND_NAMES: Record<Brand, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
  desconocida: 'Tarjeta',
};

/** A stored brand code (`visa`, `desconocida`…) as people read it. */
export function brandLabel(marca: string | undefined): string {
  return BRAND_NAMES[(marca ?? 'desconocida') as Brand] ?? 'Tarjeta';
}

export const CARD_MESSAGES = {
  holder: 'Introduce el nombre del titular',
  number: 'El número de tarjeta no es válido',
  expiry: 'La fecha de caducidad no es válida',
  expired: 'La tarjeta está caducada',
  cvc: 'El CVC no es válido',
} as const;

export function digitsOf(value: string): string {
  return value.replace(/\D/g, '');
}

export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** The brand by the first digits (IIN ranges), as soon as they say it. */
export function brandOf(digits: string): Brand {
  const n = (len: number) => Number(digits.slice(0, len));
  if (digits.length >= 2 && [34, 37].includes(n(2))) return 'amex';
  if (digits.startsWith('4')) return 'visa';
  if (digits.length >= 2 && n(2) >= 51 && n(2) <= 55) return 'mastercard';
  if (digits.length >= 4 && n(4) >= 2221 && n(4) <= 2720) return 'mastercard';
  if (digits.startsWith('6011') || digits.startsWith('65')) return 'discover';
  if (digits.startsWith('62')) return 'unionpay';
  if (digits.length >= 4 && n(4) >= 3528 && n(4) <= 3589) return 'jcb';
  if (digits.length >= 2 && [36, 38, 39].includes(n(2))) return 'diners';
  if (digits.length >= 4 && n(4) >= 3000 && n(4) <= 3059) return 'diners';
  return 'desconocida';
}

/** Groups of four (Amex: 4-6-5), at most 19 digits. */
export function formatCardNumber(value: string): string {
  const digits = digitsOf(value).slice(0, 19);
  if (brandOf(digits) === 'amex') {
    return [digits.slice(0, 4), digits.slice(4, 10), digits.slice(10, 15)].filter(Boolean).join(' ');
  }
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** `1230` → `12/30` as the user types. */
export function formatExpiry(value: string): string {
  const digits = digitsOf(value).slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

export interface CardFields {
  titular: string;
  numero: string;
  caducidad: string;
  cvc: string;
}

export type CardErrors = Partial<Record<keyof CardFields, string>>;

export function validateField(field: keyof CardFields, fields: CardFields, today = new Date()): string | undefined {
  switch (field) {
    case 'titular':
      return fields.titular.trim() === '' ? CARD_MESSAGES.holder : undefined;
    case 'numero': {
      const digits = digitsOf(fields.numero);
      return digits.length < 12 || digits.length > 19 || !luhnValid(digits) ? CARD_MESSAGES.number : undefined;
    }
    case 'caducidad': {
      const match = /^(\d{2})\/(\d{2})$/.exec(fields.caducidad.trim());
      if (!match) return CARD_MESSAGES.expiry;
      const month = Number(match[1]);
      const year = 2000 + Number(match[2]);
      if (month < 1 || month > 12) return CARD_MESSAGES.expiry;
      // Valid to the end of its month.
      const thisMonth = today.getFullYear() * 12 + today.getMonth();
      return year * 12 + (month - 1) < thisMonth ? CARD_MESSAGES.expired : undefined;
    }
    case 'cvc': {
      const length = brandOf(digitsOf(fields.numero)) === 'amex' ? 4 : 3;
      return new RegExp(`^\\d{${length}}$`).test(fields.cvc) ? undefined : CARD_MESSAGES.cvc;
    }
  }
}

export function validateCard(fields: CardFields, today = new Date()): CardErrors {
  const errors: CardErrors = {};
  for (const field of ['titular', 'numero', 'caducidad', 'cvc'] as const) {
    const error = validateField(field, fields, today);
    if (error) errors[field] = error;
  }
  return errors;
}

/** The built-in test gateway's cards (README 'Card payments'), shown on /pago in test mode. */
export const TEST_CARDS = [
  { numero: '4242 4242 4242 4242', resultado: 'Pago autorizado (Visa)' },
  { numero: '5555 5555 5555 4444', resultado: 'Pago autorizado (Mastercard)' },
  { numero: '4000 0000 0000 0002', resultado: 'Rechazada por el banco' },
  { numero: '4000 0000 0000 9995', resultado: 'Fondos insuficientes' },
  { numero: '4000 0000 0000 0069', resultado: 'Tarjeta caducada' },
] as const;

export const REFUSAL_REASONS: Record<string, string> = {
  denegada: 'El banco emisor ha rechazado la tarjeta.',
  fondos_insuficientes: 'La tarjeta no tiene fondos suficientes.',
  caducada: 'La tarjeta está caducada.',
};
