import {
  CONTACT_FIELD_MASK,
  REQUIRED_ADDRESS_FIELDS,
  type TAddress,
  type TQuote,
  type TQuotePatch,
  ZQuoteAddressInput,
  ZQuotePatch,
} from '@cpq/contracts';

/** The contact fields of the quote, as updateQuote takes them (e-mail: 'Invalid email address.'). */
export const ZContactPatch = ZQuotePatch.pick(CONTACT_FIELD_MASK);
export type TContactField = keyof typeof CONTACT_FIELD_MASK;
export const CONTACT_FIELDS = Object.keys(CONTACT_FIELD_MASK) as TContactField[];

/** Both addresses' fields, as updateQuote takes them (US states, 'Incorrect format for Zip'; any may be empty). */
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

/** The outcome of a blur: nothing to save, field errors to show, or the patch to send (with errors of the fields left out). */
export type TBlurSave =
  | { kind: 'none' }
  | { kind: 'invalid'; errors: TFieldError[] }
  | { kind: 'save'; patch: TQuotePatch; errors?: TFieldError[] };

/** A contact field on blur: unchanged sends nothing; empty clears it; otherwise the request's rules apply. */
export function contactSave(field: TContactField, value: string, saved: string | null | undefined): TBlurSave {
  if (value.trim() === (saved ?? '')) return { kind: 'none' };
  const parsed = ZContactPatch.safeParse({ [field]: value.trim() === '' ? null : value });
  if (!parsed.success) {
    return { kind: 'invalid', errors: parsed.error.issues.map((issue) => ({ path: field, message: issue.message })) };
  }
  return { kind: 'save', patch: parsed.data };
}

const ADDRESS_LABELS: Record<TAddressField, string> = {
  Address: 'Address',
  Address2: 'Address 2',
  City: 'City',
  State: 'State',
  Zip: 'Zip',
};

/** The labels of the fields a saved address still lacks (none when it is whole or there is none). */
export function missingAddressFields(address: TAddress | null): string[] {
  if (!address) return [];
  return REQUIRED_ADDRESS_FIELDS.filter((field) => !address[field]?.trim()).map((field) => ADDRESS_LABELS[field]);
}

/**
 * An address on blur. Unchanged sends nothing; all empty removes a saved one. Otherwise every field that follows the
 * address rules is saved at once, even while others are still empty (nothing typed waits unsaved); a field that
 * breaks a rule keeps its saved value and shows the rule's message, and the rest is still saved.
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
  const errors: TFieldError[] = [];
  const sent = { ...values };
  for (const field of ADDRESS_FIELDS) {
    const parsed = ZQuoteAddressInput.shape[field].safeParse(values[field]);
    if (parsed.success) continue;
    errors.push(...parsed.error.issues.map((issue) => ({ path: `${kind}.${field}`, message: issue.message })));
    sent[field] = before[field];
  }
  const parsed = ZQuoteAddressInput.safeParse({ ...sent, Address2: sent.Address2 || null });
  const isUnchanged = ADDRESS_FIELDS.every((field) => sent[field].trim() === before[field].trim());
  if (!parsed.success || isUnchanged) {
    const issues = parsed.success ? [] : parsed.error.issues;
    const all = [
      ...errors,
      ...issues.map((issue) => ({ path: `${kind}.${issue.path.join('.')}`, message: issue.message })),
    ];
    return { kind: 'invalid', errors: all };
  }
  const address =
    kind === 'billingAddress' ? { ...parsed.data, sameAsShipping: extra.sameAsShipping ?? false } : parsed.data;
  return { kind: 'save', patch: { [kind]: address }, errors };
}
