import {
  ADDRESS_TYPE,
  MSG,
  msgContactDeleted,
  type TAddress,
  type TBillingAddressInput,
  type TCustomer,
  type TCustomerInput,
  type TCustomerPatch,
  type TPagedQuery,
} from '@cpq/contracts';
import type { TDb, TTx } from '../../db/client';
import type { TActor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { isForeignKeyViolation } from '../../lib/db-errors';
import { scopeOf, type TPlatformScope } from '../../lib/platform-scope';
import { assertVersion, conflict } from '../../lib/versioning';
import { findAddress, insertAddress, updateAddressRow } from '../addresses/addresses.repository';
import { addressTrail } from '../addresses/addresses.service';
import { changeTrail, insertChangesBy, type TRecordChange } from '../audit/change-trail';
import { platformForNewRecord } from '../platforms/record-platform';
import { isPriceListOf } from '../price-lists/price-lists.repository';
import {
  deleteCustomerAddresses,
  deleteCustomerRow,
  findCustomer,
  insertCustomer,
  listCustomers,
  updateCustomerRow,
} from './customers.repository';

type TContext = { db: TDb; actor: TActor; ip: string };

/** Customer changes; created and deleted events carry the ERP id, never the contact's name or e-mail. */
const trail = changeTrail('customer', (row: TCustomer) => ({ id: row.id, pid: row.pid, label: { erpId: row.erpId } }));

/**
 * Writes the embedded billing form as the customer's billing address (type 1): left out, nothing; null, removes
 * it; else updates it, or adds it. Answers the addresses' change events.
 */
async function saveBillingAddress(
  tx: TTx,
  scope: TPlatformScope,
  customer: { id: number; pid: string; billingAddress: TAddress | null },
  input: TBillingAddressInput | null | undefined,
): Promise<TRecordChange[]> {
  if (input === undefined) return [];
  if (input === null) {
    return (await deleteCustomerAddresses(tx, customer.id, ADDRESS_TYPE.Billing)).map(addressTrail.deleted);
  }
  const values = {
    address: input.Address,
    address2: input.Address2 || null,
    city: input.City,
    state: input.State,
    zip: input.Zip,
    sameAsShipping: input.sameAsShipping,
  };
  const current = customer.billingAddress && (await findAddress(tx, scope, customer.billingAddress.id, true));
  if (current) {
    const updated = await updateAddressRow(tx, scope, current.id, values);
    if (!updated) throw new AppError('NOT_FOUND', MSG.notFound);
    return [addressTrail.updated(current, updated)];
  }
  const created = await insertAddress(tx, {
    ...values,
    addressType: ADDRESS_TYPE.Billing,
    customerId: customer.id,
    pid: customer.pid,
  });
  return [addressTrail.created(created)];
}

/** A price list the customer may be assigned: one of the customer's platform (else 400 on the field), or none. */
async function assignablePriceList(tx: TTx, pid: string, id: number | null | undefined): Promise<number | null> {
  if (id === null || id === undefined) return null;
  if (await isPriceListOf(tx, pid, id)) return id;
  const message = 'Choose a price list of this customer’s platform.';
  throw new AppError('VALIDATION_FAILED', message, [{ path: 'input.priceListId', message }]);
}

async function reload(tx: TTx, scope: TPlatformScope, id: number): Promise<TCustomer> {
  const customer = await findCustomer(tx, scope, id);
  if (!customer) throw new AppError('NOT_FOUND', MSG.notFound);
  return customer;
}

export async function getCustomers(ctx: TContext, query: TPagedQuery) {
  return listCustomers(ctx.db, scopeOf(ctx.actor), query);
}

export async function getCustomer(ctx: TContext, id: number): Promise<TCustomer> {
  const customer = await findCustomer(ctx.db, scopeOf(ctx.actor), id);
  if (!customer) throw new AppError('NOT_FOUND', MSG.notFound);
  return customer;
}

/** Creates a customer and, in the same transaction, its billing address. */
export async function createCustomer(ctx: TContext, input: TCustomerInput): Promise<TCustomer> {
  const { pid, billingAddress, ...fields } = input;
  const target = await platformForNewRecord(ctx.db, ctx.actor, pid);
  const scope = scopeOf(ctx.actor);
  return ctx.db.transaction(async (tx) => {
    const id = await insertCustomer(tx, {
      firstName: fields.firstName ?? null,
      lastName: fields.lastName ?? null,
      email: fields.email ?? null,
      phone: fields.phone ?? null,
      altPhone: fields.altPhone ?? null,
      companyName: fields.companyName ?? null,
      erpId: fields.erpId,
      isDealer: fields.isDealer ?? false,
      priceListId: await assignablePriceList(tx, target, fields.priceListId),
      pid: target,
    });
    const addressChanges = await saveBillingAddress(
      tx,
      scope,
      { id, pid: target, billingAddress: null },
      billingAddress,
    );
    const created = await reload(tx, scope, id);
    await insertChangesBy(tx, ctx, [trail.created(created), ...addressChanges]);
    return created;
  });
}

/** Updates a customer; a billing address given is saved with it, `billingAddress: null` removes it. */
export async function updateCustomer(
  ctx: TContext,
  id: number,
  input: TCustomerPatch,
  version?: number,
): Promise<TCustomer> {
  const { billingAddress, ...fields } = input;
  const scope = scopeOf(ctx.actor);
  return ctx.db.transaction(async (tx) => {
    const current = await findCustomer(tx, scope, id, true);
    if (!current) throw new AppError('NOT_FOUND', MSG.notFound);
    assertVersion(current, version);
    if (fields.priceListId !== undefined) {
      fields.priceListId = await assignablePriceList(tx, current.pid, fields.priceListId);
    }
    // Raises the version even when only the billing address changes: the form edits both as one record.
    if (!(await updateCustomerRow(tx, scope, id, fields, version))) throw conflict();
    const addressChanges = await saveBillingAddress(tx, scope, current, billingAddress);
    const updated = await reload(tx, scope, id);
    await insertChangesBy(tx, ctx, [trail.updated(current, updated), ...addressChanges]);
    return updated;
  });
}

/**
 * Deletes a customer with its addresses, each with its change event; answers the spec's 'Successfully deleted
 * Contact with the ID of {id}'.
 */
export async function deleteCustomer(ctx: TContext, id: number) {
  const scope = scopeOf(ctx.actor);
  try {
    await ctx.db.transaction(async (tx) => {
      const current = await findCustomer(tx, scope, id, true);
      if (!current) throw new AppError('NOT_FOUND', MSG.notFound);
      // Deleted here rather than by the foreign key's cascade, so that the trail names every address.
      const addresses = await deleteCustomerAddresses(tx, id);
      if (!(await deleteCustomerRow(tx, scope, id))) throw new AppError('NOT_FOUND', MSG.notFound);
      await insertChangesBy(tx, ctx, [trail.deleted(current), ...addresses.map(addressTrail.deleted)]);
    });
  } catch (error) {
    if (isForeignKeyViolation(error)) {
      throw new AppError('CONFLICT', 'Quotes still use this customer. Remove it from them first, then delete it.');
    }
    throw error;
  }
  return { ok: true as const, id, message: msgContactDeleted(id) };
}
