import { describe, expect, it } from 'vitest';
import { brandOf, CARD_MESSAGES, formatCardNumber, formatExpiry, luhnValid, validateCard } from './card';

const today = new Date(2026, 10, 21);

describe('card rules', () => {
  it('checks the Luhn digit', () => {
    expect(luhnValid('4242424242424242')).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(luhnValid('')).toBe(false);
  });

  it('tells the brand from the first digits', () => {
    expect(brandOf('4242')).toBe('visa');
    expect(brandOf('5555555555554444')).toBe('mastercard');
    expect(brandOf('2223003122003222')).toBe('mastercard');
    expect(brandOf('378282246310005')).toBe('amex');
    expect(brandOf('6011111111111117')).toBe('discover');
    expect(brandOf('9')).toBe('desconocida');
  });

  it('formats the number and the expiry as typed', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('378282246310005')).toBe('3782 822463 10005');
    expect(formatExpiry('1230')).toBe('12/30');
    expect(formatExpiry('1')).toBe('1');
  });

  it('gives the Spanish message of each field', () => {
    expect(
      validateCard({ titular: 'Ana', numero: '4242 4242 4242 4242', caducidad: '12/30', cvc: '123' }, today),
    ).toEqual({});
    expect(validateCard({ titular: ' ', numero: '4242 4242 4242 4241', caducidad: '13/30', cvc: '12' }, today)).toEqual(
      {
        titular: CARD_MESSAGES.holder,
        numero: CARD_MESSAGES.number,
        caducidad: CARD_MESSAGES.expiry,
        cvc: CARD_MESSAGES.cvc,
      },
    );
    expect(
      validateCard({ titular: 'Ana', numero: '4242424242424242', caducidad: '10/26', cvc: '123' }, today).caducidad,
    ).toBe(CARD_MESSAGES.expired);
    // Valid to the end of its month; Amex has a four-digit CVC.
    expect(validateCard({ titular: 'Ana', numero: '4242424242424242', caducidad: '11/26', cvc: '123' }, today)).toEqual(
      {},
    );
    expect(validateCard({ titular: 'Ana', numero: '378282246310005', caducidad: '12/30', cvc: '123' }, today).cvc).toBe(
      CARD_MESSAGES.cvc,
    );
  });
});
