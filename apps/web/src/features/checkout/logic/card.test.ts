import { TEST_CARDS } from '@cpq/contracts';
import { describe, expect, it } from 'vitest';
import { caretAfterDigits, formatCardNumber, formatExpiry, isExpired, parseExpiry, passesLuhn } from './card';
import { CARD_MESSAGES, cardFormSchema } from './card-form.schema';

const FIXED_NOW = () => new Date(2026, 4, 15);
const valid = { number: '4242 4242 4242 4242', expiry: '12 / 30', cvc: '123', zip: '78701' };
const issuesOf = (form: typeof valid) => {
  const result = cardFormSchema(FIXED_NOW).safeParse(form);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((issue) => [issue.path[0], issue.message]));
};

describe('card number helpers', () => {
  it('groups the number as typed: fours, and 4-6-5 for American Express', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4242 42')).toBe('4242 42');
    expect(formatCardNumber('378282246310005')).toBe('3782 822463 10005');
    expect(formatCardNumber('4242-4242-4242-4242-9999')).toBe('4242 4242 4242 4242');
  });

  it('shapes the expiry as MM / YY once the year starts, so Backspace is never stuck on the separator', () => {
    expect(formatExpiry('12')).toBe('12');
    expect(formatExpiry('1230')).toBe('12 / 30');
    expect(formatExpiry('12 / 3')).toBe('12 / 3');
  });

  it('keeps the caret after the same digit after regrouping', () => {
    expect(caretAfterDigits('4242 4242 4', 5)).toBe(6);
    expect(caretAfterDigits('4242 4242', 4)).toBe(4);
    expect(caretAfterDigits('4242', 0)).toBe(0);
  });

  it('checks Luhn: every test card passes and a mistyped digit fails', () => {
    for (const card of TEST_CARDS) expect(passesLuhn(card.number)).toBe(true);
    expect(passesLuhn('4242424242424241')).toBe(false);
  });

  it('reads MM / YY and treats a card as good through its expiry month', () => {
    expect(parseExpiry('05 / 26')).toEqual({ month: 5, year: 2026 });
    expect(parseExpiry('13 / 26')).toBeNull();
    expect(isExpired({ month: 5, year: 2026 }, FIXED_NOW())).toBe(false);
    expect(isExpired({ month: 4, year: 2026 }, FIXED_NOW())).toBe(true);
  });
});

describe('cardFormSchema', () => {
  it('maps a test card to its payment method: the number itself is not in the output', () => {
    const result = cardFormSchema(FIXED_NOW).parse(valid);
    expect(result).toEqual({ paymentMethod: 'pm_card_visa' });
    expect(JSON.stringify(result)).not.toContain('4242');
    expect(cardFormSchema(FIXED_NOW).parse({ ...valid, number: '4000 0000 0000 0002' })).toEqual({
      paymentMethod: 'pm_card_chargeDeclined',
    });
  });

  it('American Express takes a 4-digit CVC', () => {
    const amex = { ...valid, number: '3782 822463 10005', cvc: '1234' };
    expect(cardFormSchema(FIXED_NOW).parse(amex)).toEqual({ paymentMethod: 'pm_card_amex' });
    expect(issuesOf({ ...amex, cvc: '123' })).toEqual({ cvc: CARD_MESSAGES.cvcInvalidAmex });
  });

  it('says what to fix in each field', () => {
    expect(issuesOf({ number: '', expiry: '', cvc: '', zip: '' })).toEqual({
      number: CARD_MESSAGES.numberRequired,
      expiry: CARD_MESSAGES.expiryInvalid,
      cvc: CARD_MESSAGES.cvcInvalid(3),
      zip: CARD_MESSAGES.zipInvalid,
    });
    expect(issuesOf({ ...valid, number: '4242 4242 4242 4241' })).toEqual({ number: CARD_MESSAGES.numberInvalid });
    expect(issuesOf({ ...valid, expiry: '04 / 26' })).toEqual({ expiry: CARD_MESSAGES.expired });
    expect(issuesOf({ ...valid, zip: '7870' })).toEqual({ zip: CARD_MESSAGES.zipInvalid });
  });

  it('refuses a real card number, naming a test card', () => {
    // A valid Visa number (Luhn) that is not one of the gateway's test cards.
    expect(issuesOf({ ...valid, number: '4111 1111 1111 1111' })).toEqual({ number: CARD_MESSAGES.notTestCard });
    expect(CARD_MESSAGES.notTestCard).toBe('Use a test card, such as 4242 4242 4242 4242.');
  });
});
