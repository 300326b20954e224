import {
  ADDRESS_TYPE,
  MSG,
  msgContactDeleted,
  type TBillingAddressInput,
  type TCustomer,
  type TCustomerInput,
  type TCustomerPatch,
  type TPagedQuery,
} from '@cpq/contracts';
import type { TDb, TTx } from '../../db/client';
import type { TActor } from '../../http/actor';
import { AppError } from '../../lib/app-error';
import { isForeignKeyViolation } from '../../lib/db-errors';
import { scopeOf, type TPlatformScope } from '../../lib/platform-scope';
import { platformForNewRecord } from '../../lib/record-platform';
import { insertAddress, updateAddressRow } from '../addresses/addresses.repository';
import {
  deleteBillingAddresses,
  deleteCustomerRow,
  findCustomer,
  insertCustomer,
  listCustomers,
  updateCustomerRow,
} from './customers.repository';

type TContext = { db: TDb; actor: TActor };

/** Writes the embedded billing form as the customer's billing address (type 1): updates it, or adds it. */
async function saveBillingAddress(
  tx: TTx,
  scope: TPlatformScope,
  customer: { id: number; pid: string; billingAddressId: number | null },
  input: TBillingAddressInput,
): Promise<void> {
  const values = {
    address: input.Address,
    address2: input.Address2 || null,
    city: input.City,
    state: input.State,
    zip: input.Zip,
    sameAsShipping: input.sameAsShipping,
  };
  if (customer.billingAddressId !== null) {
    await updateAddressRow(tx, scope, customer.billingAddressId, values);
    return;
  }
  await insertAddress(tx, {
    ...values,
    addressType: ADDRESS_TYPE.Billing,
    customerId: customer.id,
    pid: customer.pid,
  });
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
      pid: target,
    });
    if (billingAddress)
      await saveBillingAddress(tx, scope, { id, pid: target, billingAddressId: null }, billingAddress);
    return reload(tx, scope, id);
  });
}

/** Updates a customer; a billing address given is saved with it, `billingAddress: null` removes it. */
export async function updateCustomer(ctx: TContext, id: number, input: TCustomerPatch): Promise<TCustomer> {
  const { billingAddress, ...fields } = input;
  const scope = scopeOf(ctx.actor);
  return ctx.db.transaction(async (tx) => {
    const current = await findCustomer(tx, scope, id);
    if (!current) throw new AppError('NOT_FOUND', MSG.notFound);
    if (Object.keys(fields).length > 0) await updateCustomerRow(tx, scope, id, fields);
    if (billingAddress === null) await deleteBillingAddresses(tx, id);
    if (billingAddress) {
      const billingAddressId = current.billingAddress?.id ?? null;
      await saveBillingAddress(tx, scope, { id, pid: current.pid, billingAddressId }, billingAddress);
    }
    return reload(tx, scope, id);
  });
}

/** Deletes a customer with its addresses; answers the spec's 'Successfully deleted Contact with the ID of {id}'. */
export async function deleteCustomer(ctx: TContext, id: number) {
  try {
    if (!(await deleteCustomerRow(ctx.db, scopeOf(ctx.actor), id))) throw new AppError('NOT_FOUND', MSG.notFound);
  } catch (error) {
    if (isForeignKeyViolation(error)) {
      throw new AppError('CONFLICT', 'Quotes still use this customer. Remove it from them first, then delete it.');
    }
    throw error;
  }
  return { ok: true as const, id, message: msgContactDeleted(id) };
}
