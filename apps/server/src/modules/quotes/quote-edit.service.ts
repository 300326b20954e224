import {
  ADDRESS_TYPE,
  discountRefusal,
  headerChangeRefusal,
  type TAddress,
  type TParsedRequestOf,
  type TResultOf,
} from '@cpq/contracts';
import type { CompiledModels } from '../../compiler/compiled-models';
import type { TDbOrTx } from '../../db/client';
import type { TActor } from '../../lib/actor';
import { AppError, assertAllowed } from '../../lib/app-error';
import type { TPlatformScope } from '../../lib/platform-scope';
import { findAddress } from '../addresses/addresses.repository';
import { withdrawApprovalOnChange } from '../approvals/approval-withdrawal';
import { insertChangesBy } from '../audit/change-trail';
import { findCustomer } from '../customers/customers.repository';
import { assignableStatusType } from '../status-types/status-types.service';
import { repriceQuoteLines } from './quote-repricing.service';
import { quoteTrail } from './quote-trails';
import {
  copyAddressToQuote,
  customerAddresses,
  deleteQuoteAddress,
  saveQuoteAddress,
  type TQuoteValues,
  updateQuoteRow,
} from './quote-writes.repository';
import { autofilledMessage, isContactAutofilled } from './quotes.policy';
import { loadQuote, recomputeQuoteTotals, type TQuoteRow } from './quotes.repository';
import { assertVersion, findVisibleQuote, notFound, type TQuoteContext } from './quotes.service';

type TQuotePatch = TParsedRequestOf<'quoteManagement/updateQuote'>['input'];

const CONTACT_FIELDS = ['firstName', 'lastName', 'email', 'phone', 'altPhone', 'companyName'] as const;
const TEXT_FIELDS = ['name', 'notes', 'poNumber', ...CONTACT_FIELDS] as const;

const platformOf = (quote: Pick<TQuoteRow, 'pid'>): TPlatformScope => ({ kind: 'platform', pid: quote.pid });

/** An empty text field clears the value. */
const textValue = (value: string | null | undefined): string | null => (value ? value : null);

const AUDITED_FIELDS = [
  'id',
  'pid',
  'type',
  ...TEXT_FIELDS,
  'statusTypeId',
  'sameAsBilling',
  'billingAddressId',
  'shippingAddressId',
  'contactId',
  'erpId',
  'discountPercent',
] as const;

/** The fields whose change the audit trail names (values are not stored: contacts are personal data). */
const auditedFields = (row: TQuoteRow) =>
  Object.fromEntries(AUDITED_FIELDS.map((field) => [field, row[field]])) as Pick<
    TQuoteRow,
    (typeof AUDITED_FIELDS)[number]
  >;

const ADDRESS_FIELDS = [
  ['billingAddress', 'billingAddressId', ADDRESS_TYPE.Billing],
  ['shippingAddress', 'shippingAddressId', ADDRESS_TYPE.Shipping],
] as const;

/** An autofilled contact is read-only: sending a contact field with a different value is refused. */
function refuseAutofilledEdits(actor: TActor, quote: TQuoteRow, input: TQuotePatch): void {
  if (!isContactAutofilled(quote)) return;
  const edited = CONTACT_FIELDS.filter(
    (field) => input[field] !== undefined && textValue(input[field]) !== quote[field],
  );
  if (edited.length === 0) return;
  const message = autofilledMessage(actor);
  throw new AppError(
    'VALIDATION_FAILED',
    message,
    edited.map((field) => ({ path: `input.${field}`, message })),
  );
}

type TQuoteAddressInput = NonNullable<TQuotePatch['shippingAddress']> & { sameAsShipping?: boolean };

/** An address with nothing typed in it is no address: saving it removes the saved one. */
const isBlank = (input: TQuoteAddressInput) =>
  [input.Address, input.Address2, input.City, input.State, input.Zip].every((value) => !value);

const addressColumns = (input: TQuoteAddressInput) => ({
  address: input.Address,
  address2: textValue(input.Address2),
  city: input.City,
  state: input.State,
  zip: input.Zip,
  sameAsShipping: input.sameAsShipping ?? false,
});

/** Saves (or with null removes) the quote's own address of one kind; answers the id the quote then points at. */
async function addressValue(
  tx: TDbOrTx,
  quote: TQuoteRow,
  addressType: 1 | 2,
  input: TQuoteAddressInput | null,
  currentId: number | null,
): Promise<number | null> {
  if (input === null || isBlank(input)) {
    await deleteQuoteAddress(tx, quote.id, currentId);
    return null;
  }
  return saveQuoteAddress(tx, quote, currentId, { ...addressColumns(input), addressType });
}

async function valuesOf(tx: TDbOrTx, actor: TActor, quote: TQuoteRow, input: TQuotePatch): Promise<TQuoteValues> {
  refuseAutofilledEdits(actor, quote, input);
  const values: TQuoteValues = {};
  for (const field of TEXT_FIELDS) {
    if (input[field] !== undefined) values[field] = textValue(input[field]);
  }
  if (input.sameAsBilling !== undefined) values.sameAsBilling = input.sameAsBilling;
  if (input.discountPercent !== undefined) {
    assertAllowed(discountRefusal(actor), (refusal) => [{ path: 'input.discountPercent', message: refusal.message }]);
    values.discountPercent = input.discountPercent;
  }
  if (input.statusTypeId !== undefined) {
    const statusType = await assignableStatusType(tx, actor, quote.pid, input.statusTypeId, 'input.statusTypeId');
    values.statusTypeId = statusType?.id ?? null;
  }
  for (const [field, idField, addressType] of ADDRESS_FIELDS) {
    const address = input[field];
    if (address !== undefined) values[idField] = await addressValue(tx, quote, addressType, address, quote[idField]);
  }
  return values;
}

/**
 * Writes `values` on a quote the caller may see, if `version` is still its current one and it is not an order;
 * audited.
 */
async function writeQuoteRow(
  tx: TDbOrTx,
  ctx: TQuoteContext,
  quoteId: number,
  version: number,
  change: (tx: TDbOrTx, quote: TQuoteRow) => Promise<TQuoteValues>,
  check: (quote: TQuoteRow) => void = () => undefined,
): Promise<TQuoteRow> {
  const quote = await findVisibleQuote(tx, ctx.actor, quoteId, true);
  // A placed order is a record: administrators change its status through setOrderStatus, nothing else changes.
  assertAllowed(headerChangeRefusal(quote));
  check(quote);
  assertVersion(quote, version);
  const updated = await updateQuoteRow(tx, quote.id, await change(tx, quote));
  await insertChangesBy(tx, ctx, [quoteTrail.updated(auditedFields(quote), auditedFields(updated))]);
  // A header change (a contact, notes) keeps an approval; one the rules read (the quote discount) withdraws it.
  await withdrawApprovalOnChange(tx, ctx, quote);
  return updated;
}

/**
 * Saves the Details tab (Project Name, notes, status), the PO number and the Customer tab (contact, sameAsBilling,
 * addresses) of a quote, against the version the caller read: a stale version answers 409 and changes nothing.
 */
export async function updateQuote(
  ctx: TQuoteContext,
  body: TParsedRequestOf<'quoteManagement/updateQuote'>,
): Promise<TResultOf<'quoteManagement/updateQuote'>> {
  const row = await ctx.db.transaction(async (tx) => {
    const updated = await writeQuoteRow(
      tx,
      ctx,
      body.id,
      body.version,
      (tx, quote) => valuesOf(tx, ctx.actor, quote, body.input),
      (quote) => {
        if (body._id !== undefined && body._id !== quote.guid) throw notFound('_id');
        if (body.type !== undefined && body.type !== quote.type) {
          const message = 'A quote becomes an order when it is paid or written up, not by an update.';
          throw new AppError('VALIDATION_FAILED', message, [{ path: 'type', message }]);
        }
      },
    );
    // The quote discount changes the total, which the lines' writers keep in the same transaction.
    if (body.input.discountPercent === undefined) return updated;
    return recomputeQuoteTotals(tx, updated.id, 'input.discountPercent');
  });
  return loadQuote(ctx.db, row, ctx.actor);
}

/**
 * Autofills the quote's contact from a customer of the quote's platform: names, e-mail, phones, company, erpId and
 * contactId, and the customer's billing and shipping addresses copied as the quote's own. `customerId: null` lets go
 * of the customer and leaves the values, now editable. The lines are priced again for the customer the quote now
 * has (its price list, dealer pricing) in the same transaction, and the answer says what that changed.
 */
export async function setQuoteCustomer(
  ctx: TQuoteContext & { models: CompiledModels },
  body: TParsedRequestOf<'quoteManagement/setQuoteCustomer'>,
): Promise<TResultOf<'quoteManagement/setQuoteCustomer'>> {
  const { row, message } = await ctx.db.transaction(async (tx) => {
    const updated = await writeQuoteRow(tx, ctx, body.quoteId, body.version, (tx, quote) =>
      customerValues(tx, quote, body.customerId),
    );
    const repriced = await repriceQuoteLines({ ...ctx, db: tx }, updated);
    return { row: repriced.quote, message: repriced.message };
  });
  return { ...(await loadQuote(ctx.db, row, ctx.actor)), pricingMessage: message };
}

/** The quote's contact and addresses from the customer (null: the values stay, the customer is let go). */
async function customerValues(tx: TDbOrTx, quote: TQuoteRow, customerId: number | null): Promise<TQuoteValues> {
  if (customerId === null) return { contactId: null, erpId: null };
  const customer = await findCustomer(tx, platformOf(quote), customerId);
  if (!customer) throw notFound('customerId');
  const values: TQuoteValues = {
    contactId: customer.id,
    erpId: customer.erpId,
    firstName: customer.firstName,
    lastName: customer.lastName,
    email: customer.email,
    phone: customer.phone,
    altPhone: customer.altPhone,
    companyName: customer.companyName,
  };
  if (customer.billingAddress) {
    await deleteQuoteAddress(tx, quote.id, quote.billingAddressId);
    values.billingAddressId = await copyAddressToQuote(tx, quote, customer.billingAddress);
  }
  // The customer's own shipping address (the first, when there are several) is where the order goes.
  const [shipping] = await customerAddresses(tx, customer.id, quote.pid, ADDRESS_TYPE.Shipping);
  if (shipping) {
    await deleteQuoteAddress(tx, quote.id, quote.shippingAddressId);
    values.shippingAddressId = await copyAddressToQuote(tx, quote, shipping);
    values.sameAsBilling = customer.billingAddress?.sameAsShipping ?? false;
  }
  return values;
}

/** The quote's own address first, then the customer's addresses of that kind. */
function addressChoices(own: TAddress | null, customers: TAddress[]): TAddress[] {
  return own ? [own, ...customers.filter((address) => address.id !== own.id)] : customers;
}

/** The quote's chosen customer and the billing and shipping addresses to choose from. */
export async function getQuoteContact(
  ctx: TQuoteContext,
  quoteId: number,
): Promise<TResultOf<'quoteManagement/getQuoteContact'>> {
  const quote = await findVisibleQuote(ctx.db, ctx.actor, quoteId);
  const scope = platformOf(quote);
  const ownAddress = (id: number | null) => (id === null ? Promise.resolve(null) : findAddress(ctx.db, scope, id));
  const [customer, billing, shipping] = await Promise.all([
    quote.contactId === null ? Promise.resolve(null) : findCustomer(ctx.db, scope, quote.contactId),
    ownAddress(quote.billingAddressId),
    ownAddress(quote.shippingAddressId),
  ]);
  const [customerBilling, customerShipping] = customer
    ? await Promise.all([
        customerAddresses(ctx.db, customer.id, quote.pid, ADDRESS_TYPE.Billing),
        customerAddresses(ctx.db, customer.id, quote.pid, ADDRESS_TYPE.Shipping),
      ])
    : [[], []];
  return {
    customer,
    billingAddresses: addressChoices(billing, customerBilling),
    shippingAddresses: addressChoices(shipping, customerShipping),
  };
}
