import {
  canSeeMargin,
  MSG,
  type TPagedQuery,
  type TProductInput,
  type TProductPatch,
  type TProductView,
} from '@cpq/contracts';
import type { TDb, TDbOrTx } from '../../db/client';
import type { TActor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { isForeignKeyViolation, isUniqueViolation } from '../../lib/db-errors';
import { scopeOf, type TPlatformScope } from '../../lib/platform-scope';
import { assertVersion, conflict } from '../../lib/versioning';
import { insertChangesBy } from '../audit/change-trail';
import { platformForNewRecord } from '../platforms/record-platform';
import { findModelPlatform, unlinkModelVersions } from './product-models.repository';
import { modelTrail, productTrail } from './product-trails';
import { applySaveRules } from './products.policy';
import {
  deleteProductRow,
  findProductRow,
  insertProduct,
  listProducts,
  PRODUCT_NUMBER_UNIQUE,
  type TProductFilter,
  type TProductValues,
  toProduct,
  updateProductRow,
} from './products.repository';

type TContext = { db: TDb; actor: TActor; ip: string };

/** The columns a form's fields (spec names) write; fields left out stay as they are. */
function toValues(input: TProductPatch): Partial<TProductValues> {
  const values: Partial<TProductValues> = {
    name: input.Name,
    description: input.Description,
    productNumber: input.ProductNumber,
    applicationInstance: input.ApplicationInstance,
    applicationName: input.ApplicationName,
    headerId: input.HeaderId,
    profile: input.Profile,
    imageUrl: input.ImageUrl,
    ruleset: input.Ruleset,
    namespace: input.Namespace,
    server: input.Server,
    isNonConfigurable: input.isNonConfigurable,
    defaultPrice: input.defaultPrice,
    cost: input.cost,
    isQuickConfig: input.isQuickConfig,
    showInCatalog: input.showInCatalog,
    quantityInStock: input.quantityInStock,
    modelId: input.modelId,
  };
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined));
}

/** A product may use only a model version of its own platform. */
async function assertModelOf(db: TDbOrTx, scope: TPlatformScope, modelId: number | null | undefined, pid: string) {
  if (modelId === null || modelId === undefined) return;
  if ((await findModelPlatform(db, scope, modelId)) !== pid) {
    throw new AppError('NOT_FOUND', MSG.notFound, [{ path: 'input.modelId', message: MSG.notFound }]);
  }
}

/** Turns the part-number unique violation into a 409 that says which part number. */
async function withUniquePartNumber<T>(productNumber: string | undefined, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!isUniqueViolation(error, PRODUCT_NUMBER_UNIQUE)) throw error;
    const message = `A product with the part number "${productNumber}" already exists. Choose another part number.`;
    throw new AppError('CONFLICT', message, [{ path: 'input.ProductNumber', message }]);
  }
}

/** The product as the caller may see it: without its cost for those who may not see cost and margin. */
function forViewer(actor: TActor, product: TProductView): TProductView {
  if (canSeeMargin(actor)) return product;
  const { cost: _cost, ...rest } = product;
  return rest;
}

export async function getProducts(ctx: TContext, query: TPagedQuery & TProductFilter) {
  const page = await listProducts(ctx.db, scopeOf(ctx.actor), query, query);
  return { ...page, rows: page.rows.map((row) => forViewer(ctx.actor, row)) };
}

export async function getProduct(ctx: TContext, id: number): Promise<TProductView> {
  const row = await findProductRow(ctx.db, scopeOf(ctx.actor), id);
  if (!row) throw new AppError('NOT_FOUND', MSG.notFound);
  return forViewer(ctx.actor, toProduct(row));
}

export async function createProduct(ctx: TContext, input: TProductInput): Promise<TProductView> {
  const { pid, ...fields } = input;
  const target = await platformForNewRecord(ctx.db, ctx.actor, pid);
  await assertModelOf(ctx.db, scopeOf(ctx.actor), fields.modelId, target);
  const values = applySaveRules({
    name: fields.Name,
    description: fields.Description,
    productNumber: fields.ProductNumber,
    applicationInstance: fields.ApplicationInstance ?? null,
    applicationName: fields.ApplicationName ?? null,
    headerId: fields.HeaderId ?? null,
    profile: fields.Profile ?? null,
    imageUrl: fields.ImageUrl ?? null,
    ruleset: fields.Ruleset ?? null,
    namespace: fields.Namespace ?? null,
    server: fields.Server ?? null,
    isNonConfigurable: fields.isNonConfigurable,
    defaultPrice: fields.defaultPrice ?? null,
    cost: fields.cost ?? null,
    isQuickConfig: fields.isQuickConfig ?? false,
    showInCatalog: fields.showInCatalog ?? true,
    quantityInStock: fields.quantityInStock ?? null,
    modelId: fields.modelId ?? null,
    createdByEmail: ctx.actor.username,
  });
  return withUniquePartNumber(fields.ProductNumber, () =>
    ctx.db.transaction(async (tx) => {
      const created = await insertProduct(tx, { ...values, pid: target });
      await insertChangesBy(tx, ctx, [productTrail.created(created)]);
      return created;
    }),
  );
}

/** Updates a product; the save rules apply to the product as it is after the change. */
export async function updateProduct(
  ctx: TContext,
  id: number,
  input: TProductPatch,
  version?: number,
): Promise<TProductView> {
  const scope = scopeOf(ctx.actor);
  return withUniquePartNumber(input.ProductNumber, () =>
    ctx.db.transaction(async (tx) => {
      const current = await findProductRow(tx, scope, id, true);
      if (!current) throw new AppError('NOT_FOUND', MSG.notFound);
      assertVersion(current, version);
      await assertModelOf(tx, scope, input.modelId, current.pid);
      const patch = toValues(input);
      const ruled = applySaveRules({ ...current, ...patch });
      const updated = await updateProductRow(
        tx,
        scope,
        id,
        {
          ...patch,
          isQuickConfig: ruled.isQuickConfig,
          quantityInStock: ruled.quantityInStock,
          defaultPrice: ruled.defaultPrice,
        },
        version,
      );
      if (!updated) throw conflict();
      await insertChangesBy(tx, ctx, [productTrail.updated(toProduct(current), updated)]);
      return updated;
    }),
  );
}

/**
 * Deletes a product (level 9 only, by the route table); its model versions stay, unlinked from it, for the quote
 * lines that use them.
 */
export async function deleteProduct(ctx: TContext, id: number): Promise<{ ok: true }> {
  const scope = scopeOf(ctx.actor);
  try {
    await ctx.db.transaction(async (tx) => {
      // The row lock keeps a concurrent model save from adding a version the unlinking would miss.
      const current = await findProductRow(tx, scope, id, true);
      if (!current) throw new AppError('NOT_FOUND', MSG.notFound);
      const unlinked = await unlinkModelVersions(tx, id);
      if (!(await deleteProductRow(tx, scope, id))) throw new AppError('NOT_FOUND', MSG.notFound);
      await insertChangesBy(tx, ctx, [
        productTrail.deleted(toProduct(current)),
        ...unlinked.map((model) => modelTrail.updated({ ...model, productId: id }, model)),
      ]);
    });
  } catch (error) {
    if (isForeignKeyViolation(error)) {
      throw new AppError('CONFLICT', 'Quote lines still use this product, so it cannot be deleted.');
    }
    throw error;
  }
  return { ok: true };
}
