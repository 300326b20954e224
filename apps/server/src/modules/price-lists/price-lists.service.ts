import {
  isValidityOrdered,
  MSG,
  msgPriceListDeleted,
  msgPriceListInUse,
  PRICE_LIST_MSG,
  type TPagedQuery,
  type TPricedValue,
  type TPriceList,
  type TPriceListEntryInput,
  type TPriceListInput,
  type TPriceListPatch,
  unitPrice,
} from '@cpq/contracts';
import type { TDb, TDbOrTx, TTx } from '../../db/client';
import type { TActor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/db-errors';
import { scopeOf, type TPlatformScope } from '../../lib/platform-scope';
import { assertVersion, conflict } from '../../lib/versioning';
import { changeTrail, insertChangesBy } from '../audit/change-trail';
import { platformForNewRecord } from '../platforms/record-platform';
import {
  countCustomersOf,
  deletePriceListRow,
  findModelsById,
  findPriceList,
  findProductModel,
  insertPriceList,
  listPriceLists,
  productsOfPlatform,
  replaceEntries,
  updatePriceListRow,
} from './price-lists.repository';
import { isPricedValue, pricedValuesOf } from './priced-values';

type TContext = { db: TDb; actor: TActor; ip: string };

const trail = changeTrail('priceList', (row: TPriceList) => ({ id: row.id, pid: row.pid, label: { name: row.name } }));

const notFound = () => new AppError('NOT_FOUND', MSG.notFound);

type TEntryProduct = { isNonConfigurable: boolean; modelId: number | null };

/** Why an entry cannot be stored, as a field and a message; null when it can. */
function entryRefusal(
  entry: TPriceListEntryInput,
  product: TEntryProduct | undefined,
  models: Map<number, unknown>,
): { field: string; message: string } | null {
  if (!product) return { field: 'productId', message: PRICE_LIST_MSG.productNotFound };
  if (entry.optionId !== null && entry.valueId !== null) {
    if (product.isNonConfigurable) return { field: 'optionId', message: PRICE_LIST_MSG.valueNeedsConfigurable };
    const model = product.modelId === null ? null : models.get(product.modelId);
    if (!isPricedValue(model, entry.optionId, entry.valueId)) {
      return { field: 'valueId', message: PRICE_LIST_MSG.valueNotPriced };
    }
    return null;
  }
  if (!product.isNonConfigurable && entry.kind === 'price') {
    return { field: 'kind', message: PRICE_LIST_MSG.configuredNeedsPercent };
  }
  return null;
}

/**
 * Entries as stored: each names a product of the list's platform; a configured product (priced from its options) by
 * a percentage of list only, unless the entry names one of its current model's priced values, which it may price
 * either way. Prices are held to cents as line prices are.
 */
async function checkedEntries(db: TDbOrTx, pid: string, entries: TPriceListEntryInput[]) {
  const found = await productsOfPlatform(db, pid, [...new Set(entries.map((entry) => entry.productId))]);
  const modelIds = entries.flatMap((entry) => {
    const modelId = entry.optionId === null ? null : found.get(entry.productId)?.modelId;
    return modelId === null || modelId === undefined ? [] : [modelId];
  });
  const models = await findModelsById(db, [...new Set(modelIds)]);
  const details = entries.flatMap((entry, index): { path: string; message: string }[] => {
    const refused = entryRefusal(entry, found.get(entry.productId), models);
    return refused ? [{ path: `input.entries.${index}.${refused.field}`, message: refused.message }] : [];
  });
  if (details.length > 0) throw new AppError('VALIDATION_FAILED', details[0]!.message, details);
  return entries.map((entry) => ({
    ...entry,
    value: entry.kind === 'price' ? unitPrice(entry.value) : entry.value,
  }));
}

/** The priced values of a configurable product's current model (none for a fixed-price product or one without). */
export async function getPricedValues(ctx: TContext, productId: number): Promise<{ rows: TPricedValue[] }> {
  const product = await findProductModel(ctx.db, scopeOf(ctx.actor), productId);
  if (!product) throw new AppError('NOT_FOUND', MSG.notFound, [{ path: 'productId', message: MSG.notFound }]);
  return { rows: product.isNonConfigurable ? [] : pricedValuesOf(product.model) };
}

/** A second list of one name on a platform answers 400 on the name rather than the database's error. */
async function namedUniquely<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error, 'price_lists_pid_name_idx')) {
      throw new AppError('VALIDATION_FAILED', PRICE_LIST_MSG.nameTaken, [
        { path: 'input.name', message: PRICE_LIST_MSG.nameTaken },
      ]);
    }
    throw error;
  }
}

async function reload(tx: TTx, scope: TPlatformScope, id: number): Promise<TPriceList> {
  const list = await findPriceList(tx, scope, id);
  if (!list) throw notFound();
  return list;
}

export function getPriceLists(ctx: TContext, query: TPagedQuery) {
  return listPriceLists(ctx.db, scopeOf(ctx.actor), query);
}

/** Creates a price list with its entries in one transaction. */
export async function createPriceList(ctx: TContext, input: TPriceListInput): Promise<TPriceList> {
  const { pid, entries, ...fields } = input;
  const target = await platformForNewRecord(ctx.db, ctx.actor, pid);
  const scope = scopeOf(ctx.actor);
  return namedUniquely(() =>
    ctx.db.transaction(async (tx) => {
      const stored = await checkedEntries(tx, target, entries);
      const id = await insertPriceList(tx, { ...fields, pid: target });
      await replaceEntries(tx, id, stored);
      const created = await reload(tx, scope, id);
      await insertChangesBy(tx, ctx, [trail.created(created)]);
      return created;
    }),
  );
}

/** Updates a price list at the version the caller read; entries given replace the list's entries. */
export async function updatePriceList(
  ctx: TContext,
  id: number,
  input: TPriceListPatch,
  version: number,
): Promise<TPriceList> {
  const { entries, ...fields } = input;
  const scope = scopeOf(ctx.actor);
  return namedUniquely(() =>
    ctx.db.transaction(async (tx) => {
      const current = await findPriceList(tx, scope, id, true);
      if (!current) throw notFound();
      assertVersion(current, version);
      const validFrom = fields.validFrom === undefined ? current.validFrom : fields.validFrom;
      const validTo = fields.validTo === undefined ? current.validTo : fields.validTo;
      if (!isValidityOrdered(validFrom, validTo)) {
        const message = PRICE_LIST_MSG.validToBeforeFrom;
        throw new AppError('VALIDATION_FAILED', message, [{ path: 'input.validTo', message }]);
      }
      if (!(await updatePriceListRow(tx, scope, id, fields, version))) throw conflict();
      if (entries !== undefined) await replaceEntries(tx, id, await checkedEntries(tx, current.pid, entries));
      const updated = await reload(tx, scope, id);
      await insertChangesBy(tx, ctx, [trail.updated(current, updated)]);
      return updated;
    }),
  );
}

/** Deletes a price list no customer is assigned; one in use answers 409 saying how many customers use it. */
export async function deletePriceList(ctx: TContext, id: number) {
  const scope = scopeOf(ctx.actor);
  await ctx.db.transaction(async (tx) => {
    const current = await findPriceList(tx, scope, id, true);
    if (!current) throw notFound();
    // Under the list's lock: assigning it to a customer checks the list's row, so none is assigned meanwhile.
    const uses = await countCustomersOf(tx, id);
    if (uses > 0) throw new AppError('CONFLICT', msgPriceListInUse(uses));
    if (!(await deletePriceListRow(tx, scope, id))) throw notFound();
    await insertChangesBy(tx, ctx, [trail.deleted(current)]);
  });
  return { ok: true as const, id, message: msgPriceListDeleted(id) };
}
