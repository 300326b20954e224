import {
  CONTACT_FIELD_MASK,
  type TAddress,
  type TQuote,
  type TQuotePatch,
  ZQuotePatch,
  ZQuoteShippingAddressInput,
} from '@cpq/contracts';

/** The contact fields of the quote, as updateQuote takes them (e-mail: 'Invalid email address.'). */
export const ZContactPatch = ZQuotePatch.pick(CONTACT_FIELD_MASK);
export type TContactField = keyof typeof CONTACT_FIELD_MASK;
export const CONTACT_FIELDS = Object.keys(CONTACT_FIELD_MASK) as TContactField[];

/** Both addresses' fields, as updateQuote takes them (US states, 'Incorrect format for Zip'). */
const ADDRESS_FIELDS = ['Address', 'Address2', 'City', 'State', 'Zip'] as const;
type TAddressField = (typeof ADDRESS_FIELDS)[number];
type TAddressForm = Record<TAddressField, string>;
export type TAddressKind = 'billingAddress' | 'shippingAddress';

/** The Customer tab's values: text fields as typed. */
export type TCustomerTabForm = Record<TContactField, string> & Record<TAddressKind, TAddressForm>;

const addressForm = (address: TAddress | null): TAddressForm => ({
  Address: address?.Address ?? '',
  Address2: address?.Address2 ?? '',
  City: address?.City ?? '',
  State: address?.State ?? '',
  Zip: address?.Zip ?? '',
});

export function customerTabDefaults(quote: Pick<TQuote, 'contact' | 'billingAddress' | 'shippingAddress'>) {
  const contact = quote.contact;
  const values = {} as TCustomerTabForm;
  for (const field of CONTACT_FIELDS) values[field] = contact?.[field] ?? '';
  values.billingAddress = addressForm(quote.billingAddress);
  values.shippingAddress = addressForm(quote.shippingAddress);
  return values;
}

/** A field error of a blur save: the path in the form and the schema's message. */
export type TFieldError = { path: string; message: string };

/** The outcome of a blur: nothing to save, field errors to show, or the patch to send. */
export type TBlurSave =
  | { kind: 'none' }
  | { kind: 'invalid'; errors: TFieldError[] }
  | { kind: 'save'; patch: TQuotePatch };

/** A contact field on blur: unchanged sends nothing; empty clears it; otherwise the request's rules apply. */
export function contactSave(field: TContactField, value: string, saved: string | null | undefined): TBlurSave {
  if (value.trim() === (saved ?? '')) return { kind: 'none' };
  const parsed = ZContactPatch.safeParse({ [field]: value.trim() === '' ? null : value });
  if (!parsed.success) {
    return { kind: 'invalid', errors: parsed.error.issues.map((issue) => ({ path: field, message: issue.message })) };
  }
  return { kind: 'save', patch: parsed.data };
}

const REQUIRED_ADDRESS_FIELDS = ['Address', 'City', 'State', 'Zip'] as const;

/**
 * An address on blur. Unchanged sends nothing; all empty removes a saved one; a half-typed one waits (the user is
 * still filling it in); a complete one is checked by the request's rules and sent whole.
 */
export function addressSave(
  kind: TAddressKind,
  values: TAddressForm,
  saved: TAddress | null,
  extra: { sameAsShipping?: boolean } = {},
): TBlurSave {
  const before = addressForm(saved);
  if (ADDRESS_FIELDS.every((field) => values[field].trim() === before[field].trim())) return { kind: 'none' };
  if (ADDRESS_FIELDS.every((field) => values[field].trim() === '')) {
    return saved ? { kind: 'save', patch: { [kind]: null } } : { kind: 'none' };
  }
  if (REQUIRED_ADDRESS_FIELDS.some((field) => values[field].trim() === '')) return { kind: 'none' };
  const parsed = ZQuoteShippingAddressInput.safeParse({ ...values, Address2: values.Address2 || null });
  if (!parsed.success) {
    return {
      kind: 'invalid',
      errors: parsed.error.issues.map((issue) => ({ path: `${kind}.${issue.path.join('.')}`, message: issue.message })),
    };
  }
  const address =
    kind === 'billingAddress' ? { ...parsed.data, sameAsShipping: extra.sameAsShipping ?? false } : parsed.data;
  return { kind: 'save', patch: { [kind]: address } };
}
