import {
  MSG,
  msgAddressDeleted,
  type TAddress,
  type TAddressInput,
  type TAddressPatch,
  type TPagedQuery,
} from '@cpq/contracts';
import type { TDb, TDbOrTx } from '../../db/client';
import type { TActor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { scopeOf, type TPlatformScope } from '../../lib/platform-scope';
import { assertVersion, conflict } from '../../lib/versioning';
import { changeTrail, insertChangesBy } from '../audit/change-trail';
import { platformForNewRecord } from '../platforms/record-platform';
import { sameAsShippingFor } from './addresses.policy';
import {
  deleteAddressRow,
  findAddress,
  findCustomerPlatform,
  insertAddress,
  listAddresses,
  toAddressValues,
  updateAddressRow,
} from './addresses.repository';

type TContext = { db: TDb; actor: TActor; ip: string };

/**
 * Address changes, also those made through a customer. Created and deleted events carry the type and customer,
 * never the address itself (personal data).
 */
export const addressTrail = changeTrail('address', (row: TAddress) => ({
  id: row.id,
  pid: row.pid,
  label: { AddressType: row.AddressType, customerId: row.customerId },
}));

/** An address may belong only to a customer of its own platform; any other customer id is "not found". */
async function assertCustomerOf(
  db: TDbOrTx,
  scope: TPlatformScope,
  customerId: number | null | undefined,
  pid: string,
) {
  if (customerId === null || customerId === undefined) return;
  if ((await findCustomerPlatform(db, scope, customerId)) !== pid) {
    throw new AppError('NOT_FOUND', MSG.notFound, [{ path: 'input.customerId', message: MSG.notFound }]);
  }
}

export async function getAddresses(ctx: TContext, query: TPagedQuery) {
  return listAddresses(ctx.db, scopeOf(ctx.actor), query);
}

export async function createAddress(ctx: TContext, input: TAddressInput): Promise<TAddress> {
  const { pid, ...fields } = input;
  const target = await platformForNewRecord(ctx.db, ctx.actor, pid);
  await assertCustomerOf(ctx.db, scopeOf(ctx.actor), fields.customerId, target);
  return ctx.db.transaction(async (tx) => {
    const created = await insertAddress(tx, {
      address: fields.Address,
      address2: fields.Address2 || null,
      city: fields.City,
      state: fields.State,
      zip: fields.Zip,
      addressType: fields.AddressType,
      customerId: fields.customerId ?? null,
      sameAsShipping: sameAsShippingFor(fields.AddressType, fields.sameAsShipping) ?? false,
      pid: target,
    });
    await insertChangesBy(tx, ctx, [addressTrail.created(created)]);
    return created;
  });
}

export async function updateAddress(
  ctx: TContext,
  id: number,
  input: TAddressPatch,
  version?: number,
): Promise<TAddress> {
  const scope = scopeOf(ctx.actor);
  return ctx.db.transaction(async (tx) => {
    const current = await findAddress(tx, scope, id, true);
    if (!current) throw new AppError('NOT_FOUND', MSG.notFound);
    assertVersion(current, version);
    await assertCustomerOf(tx, scope, input.customerId, current.pid);
    const values = toAddressValues(input);
    const sameAsShipping = sameAsShippingFor(input.AddressType ?? current.AddressType, input.sameAsShipping);
    if (sameAsShipping !== undefined) values.sameAsShipping = sameAsShipping;
    const updated = await updateAddressRow(tx, scope, id, values, version);
    if (!updated) throw conflict();
    await insertChangesBy(tx, ctx, [addressTrail.updated(current, updated)]);
    return updated;
  });
}

/** Deletes an address; answers the spec's confirmation ('Successfully deleted Address with the ID of {id}'). */
export async function deleteAddress(ctx: TContext, id: number) {
  await ctx.db.transaction(async (tx) => {
    const deleted = await deleteAddressRow(tx, scopeOf(ctx.actor), id);
    if (!deleted) throw new AppError('NOT_FOUND', MSG.notFound);
    await insertChangesBy(tx, ctx, [addressTrail.deleted(deleted)]);
  });
  return { ok: true as const, id, message: msgAddressDeleted(id) };
}
