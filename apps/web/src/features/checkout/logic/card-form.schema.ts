import { z } from 'zod';
import { cardDigits, cvcLength, isAmex, isExpired, parseExpiry, passesLuhn, testCardFor } from './card';

/** The messages of the built-in card form: each says what to fix. */
export const CARD_MESSAGES = {
  numberRequired: 'Enter the card number.',
  numberInvalid: 'This card number is not valid. Check the digits and try again.',
  notTestCard: 'Use a test card, such as 4242 4242 4242 4242.',
  expiryInvalid: 'Enter the expiry date as MM / YY.',
  expired: 'This card has expired. Use another card.',
  cvcInvalid: (length: number) => `Enter the ${length}-digit security code (CVC) from the back of the card.`,
  cvcInvalidAmex: 'Enter the 4-digit security code (CVC) from the front of the card.',
  zipInvalid: 'Enter the 5-digit ZIP code the card is registered to.',
} as const;

/**
 * The built-in test gateway's card form: validated on submit (Luhn, not expired, the CVC's length, a test card).
 * Its output is the test card's payment method id, never the number: the number stays in the browser. `now` is
 * injected so that expiry can be tested on any day.
 */
export function cardFormSchema(now: () => Date = () => new Date()) {
  return z
    .object({ number: z.string(), expiry: z.string(), cvc: z.string(), zip: z.string() })
    .superRefine((form, ctx) => {
      const digits = cardDigits(form.number);
      const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
      if (digits.length === 0) issue('number', CARD_MESSAGES.numberRequired);
      else if (digits.length < 13 || digits.length > 19 || !passesLuhn(digits)) {
        issue('number', CARD_MESSAGES.numberInvalid);
      } else if (!testCardFor(digits)) issue('number', CARD_MESSAGES.notTestCard);
      const expiry = parseExpiry(form.expiry);
      if (!expiry) issue('expiry', CARD_MESSAGES.expiryInvalid);
      else if (isExpired(expiry, now())) issue('expiry', CARD_MESSAGES.expired);
      const length = cvcLength(digits);
      if (!new RegExp(`^\\d{${length}}$`).test(form.cvc.trim())) {
        issue('cvc', isAmex(digits) ? CARD_MESSAGES.cvcInvalidAmex : CARD_MESSAGES.cvcInvalid(length));
      }
      if (!/^\d{5}(-?\d{4})?$/.test(form.zip.trim())) issue('zip', CARD_MESSAGES.zipInvalid);
    })
    .transform((form) => ({ paymentMethod: testCardFor(cardDigits(form.number))?.paymentMethod ?? '' }));
}

export type TCardForm = z.input<ReturnType<typeof cardFormSchema>>;
export type TCardFormOutput = z.output<ReturnType<typeof cardFormSchema>>;
