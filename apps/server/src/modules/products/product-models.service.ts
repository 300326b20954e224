import { MSG, type TModelSummary, type TProductView } from '@cpq/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { CompiledModels } from '../../compiler/compiled-models';
import type { TModelCompiler } from '../../compiler/model-compiler';
import type { TDb, TDbOrTx } from '../../db/client';
import type { TActor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { scopeOf } from '../../lib/platform-scope';
import { insertChangesBy } from '../audit/change-trail';
import { readDemoModels } from './demo-models';
import { compileToSave, type TModelIdentity, validateModel } from './model-validation';
import { insertModelVersion, listModelVersions, nextModelVersion, toModelSummary } from './product-models.repository';
import { modelTrail, productTrail } from './product-trails';
import { findProductRow, toProduct, updateProductRow } from './products.repository';

export type TContext = { db: TDb; actor: TActor; ip: string; log?: FastifyBaseLogger };

/** The demo models shipped with the app, then every model version uploaded on the caller's platform. */
export async function getModels(ctx: TContext, demoDir: string) {
  const [demo, uploaded] = await Promise.all([
    readDemoModels(demoDir, ctx.log),
    listModelVersions(ctx.db, scopeOf(ctx.actor)),
  ]);
  const rows = [...demo, ...uploaded];
  return { rows, count: rows.length };
}

export const productNotFound = () =>
  new AppError('NOT_FOUND', MSG.notFound, [{ path: 'productId', message: MSG.notFound }]);

/**
 * Saves a model for a product as its next version and points the product at it. Versions are never changed, so
 * quote lines made with an older version reopen exactly as they were. The model is compiled first, in the
 * compiler's worker threads: one that does not compile within the limits is refused (422) and nothing is stored;
 * one that does is kept compiled, and its diagram stored, for its first start in this process or any other. Audited as the version created and the product's `modelId`
 * updated.
 */
export async function saveModel(
  ctx: TSaveContext,
  productId: number,
  model: Record<string, unknown>,
): Promise<{ product: TProductView; model: TModelSummary }> {
  const identity = validateModel(model);
  // A product the caller cannot save to is answered before the compile, which may take the whole budget.
  if (!(await findProductRow(ctx.db, scopeOf(ctx.actor), productId))) throw productNotFound();
  return storeModelVersion(ctx, productId, identity, model);
}

/** What compiling and storing a model version needs besides the request. */
export type TSaveContext = TContext & { compiler: TModelCompiler; models: CompiledModels };

/**
 * Compiles a valid model within the limits (a 422 stores nothing), stores it as the product's next version and
 * points the product at it, audited, then keeps it compiled. `beforeStore` runs first in the storing transaction
 * (a publish re-reads its draft there, locked).
 */
export async function storeModelVersion(
  ctx: TSaveContext,
  productId: number,
  identity: TModelIdentity,
  model: Record<string, unknown>,
  beforeStore?: (tx: TDbOrTx) => Promise<void>,
): Promise<{ product: TProductView; model: TModelSummary }> {
  const { compiled, diagram } = await compileToSave(ctx, identity.parsed);
  const result = await ctx.db.transaction(async (tx) => {
    await beforeStore?.(tx);
    return insertVersion(tx, ctx, productId, identity, model);
  });
  if (result.model.id !== null) await ctx.models.keep(result.model.id, compiled, diagram);
  return result;
}

/** The product row is locked so that concurrent saves take consecutive version numbers. */
async function insertVersion(
  tx: TDbOrTx,
  ctx: TContext,
  productId: number,
  identity: TModelIdentity,
  model: Record<string, unknown>,
): Promise<{ product: TProductView; model: TModelSummary }> {
  const scope = scopeOf(ctx.actor);
  const product = await findProductRow(tx, scope, productId, true);
  if (!product) throw productNotFound();
  const saved = await insertModelVersion(tx, {
    pid: product.pid,
    productId,
    key: identity.key,
    name: identity.name,
    version: await nextModelVersion(tx, productId),
    model,
    createdByEmail: ctx.actor.username,
  });
  const updated = await updateProductRow(tx, scope, productId, { modelId: saved.id });
  if (!updated) throw new AppError('NOT_FOUND', MSG.notFound);
  await insertChangesBy(tx, ctx, [modelTrail.created(saved), productTrail.updated(toProduct(product), updated)]);
  return { product: updated, model: toModelSummary(saved) };
}
