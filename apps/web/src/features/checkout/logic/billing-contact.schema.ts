import { MSG, type TQuote, type TQuotePatch, type TUser, ZBillingAddressInput, ZEmail } from '@cpq/contracts';
import { z } from 'zod';

/** The messages of the billing contact: each says what to add. */
export const BILLING_MESSAGES = {
  firstName: 'Enter the first name of the person paying.',
  lastName: 'Enter the last name of the person paying.',
} as const;

/** A name as the quote stores it (at most 100 characters), here required. */
const ZRequiredName = (message: string) =>
  z.string().trim().min(1, message).max(100, 'This field can be at most 100 characters.');

/**
 * The billing contact card checkout asks for before charging: first and last name, e-mail (where the order
 * confirmation goes) and the whole billing address, by the same rules as the Customer tab and the address forms
 * ('Invalid email address.', 'Incorrect format for Zip', US states). Validated on Pay, with the card.
 */
export const ZBillingContactForm = z.object({
  firstName: ZRequiredName(BILLING_MESSAGES.firstName),
  lastName: ZRequiredName(BILLING_MESSAGES.lastName),
  email: z.string().trim().min(1, MSG.emailRequired).pipe(ZEmail),
  billingAddress: ZBillingAddressInput.omit({ sameAsShipping: true }).extend({ Address2: z.string() }),
});
export type TBillingContactForm = z.input<typeof ZBillingContactForm>;
export type TBillingContactValues = z.output<typeof ZBillingContactForm>;

/**
 * What the form starts with: the quote's contact and billing address, and where the quote has no name or e-mail
 * yet, the signed-in user's (a buyer paying for their own quote is usually its contact).
 */
export function billingContactDefaults(
  quote: Pick<TQuote, 'firstName' | 'lastName' | 'contact' | 'billingAddress'>,
  user: Pick<TUser, 'firstName' | 'lastName' | 'username'> | null,
): TBillingContactForm {
  const billing = quote.billingAddress;
  return {
    firstName: quote.firstName || user?.firstName || '',
    lastName: quote.lastName || user?.lastName || '',
    email: quote.contact?.email || user?.username || '',
    billingAddress: {
      Address: billing?.Address ?? '',
      Address2: billing?.Address2 ?? '',
      City: billing?.City ?? '',
      State: (billing?.State ?? '') as TBillingContactForm['billingAddress']['State'],
      Zip: billing?.Zip ?? '',
    },
  };
}

const ADDRESS_FIELDS = ['Address', 'Address2', 'City', 'State', 'Zip'] as const;

/**
 * The updateQuote patch that stores the billing contact on the quote (the contact and billing address the Customer
 * tab edits): only what differs from the quote, so an unchanged contact costs no write (and an autofilled one,
 * which is read-only, is never sent).
 */
export function billingContactPatch(
  values: TBillingContactValues,
  quote: Pick<TQuote, 'firstName' | 'lastName' | 'contact' | 'billingAddress'>,
): TQuotePatch {
  const patch: TQuotePatch = {};
  if (values.firstName !== (quote.firstName ?? '')) patch.firstName = values.firstName;
  if (values.lastName !== (quote.lastName ?? '')) patch.lastName = values.lastName;
  if (values.email !== (quote.contact?.email ?? '')) patch.email = values.email;
  const saved = quote.billingAddress;
  const address = { ...values.billingAddress, Address2: values.billingAddress.Address2.trim() || null };
  const isChanged = ADDRESS_FIELDS.some((field) => (address[field] ?? '') !== (saved?.[field] ?? ''));
  if (isChanged) patch.billingAddress = { ...address, sameAsShipping: saved?.sameAsShipping ?? false };
  return patch;
}
