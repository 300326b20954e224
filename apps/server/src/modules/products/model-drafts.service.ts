import { MSG, type TModelDraft, type TModelFinding, type TModelSummary, type TProductView } from '@cpq/contracts';
import { AppError } from '../../lib/app-error';
import { scopeOf } from '../../lib/platform-scope';
import { changeTrail, insertChangesBy } from '../audit/change-trail';
import { checkModelFindings } from './model-check.service';
import {
  findDraftRow,
  insertDraftRow,
  listProductModelVersions,
  type TModelDraftRow,
  updateDraftAt,
} from './model-drafts.repository';
import { compileToSave, validateModel } from './model-validation';
import { findModelVersionNumber, findModelVersionRow } from './product-models.repository';
import { productNotFound, storeModelVersion, type TContext, type TSaveContext } from './product-models.service';
import { findProductRow } from './products.repository';

type TProductRow = NonNullable<Awaited<ReturnType<typeof findProductRow>>>;

/** Draft changes; an event carries the product and the draft's version after the change. */
const draftTrail = changeTrail('modelDraft', (row: TModelDraftRow) => ({
  id: row.id,
  pid: row.pid,
  label: { productId: row.productId, version: row.version },
}));

const staleDraft = () =>
  new AppError('CONFLICT', MSG.modelDraftStale, [{ path: 'version', message: MSG.modelDraftStale }]);

/** A product of the caller's scope, or NOT_FOUND naming `productId`. */
async function productOf(ctx: TContext, productId: number): Promise<TProductRow> {
  const product = await findProductRow(ctx.db, scopeOf(ctx.actor), productId);
  if (!product) throw productNotFound();
  return product;
}

/** A model key from a part number: the engine wants a non-empty id, and authors never see it. */
const keyOf = (product: TProductRow): string =>
  product.productNumber
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '') || `product-${product.id}`;

/** What a new draft starts from: the product's current version, else an empty model named after the product. */
async function startingModel(ctx: TContext, product: TProductRow) {
  const current =
    product.modelId === null ? null : await findModelVersionRow(ctx.db, scopeOf(ctx.actor), product.modelId);
  if (current) return { model: current.model as Record<string, unknown>, publishedVersion: current.version };
  const model = { id: keyOf(product), name: product.name, version: 1, options: [], pages: [], constraints: [] };
  return { model, publishedVersion: null };
}

async function publishedVersionOf(ctx: TContext, product: TProductRow): Promise<number | null> {
  if (product.modelId === null) return null;
  return findModelVersionNumber(ctx.db, product.modelId);
}

const toDraft = (row: TModelDraftRow, publishedVersion: number | null): TModelDraft => ({
  productId: row.productId,
  version: row.version,
  model: row.model as Record<string, unknown>,
  isSaved: true,
  publishedVersion,
  updatedBy: row.updatedByEmail,
  updatedAt: row.updatedAt.toISOString(),
});

/** The product's saved draft, or (version 0, not stored) one started from its current version or from nothing. */
export async function getModelDraft(ctx: TContext, productId: number): Promise<TModelDraft> {
  const product = await productOf(ctx, productId);
  const row = await findDraftRow(ctx.db, productId);
  if (row) return toDraft(row, await publishedVersionOf(ctx, product));
  const { model, publishedVersion } = await startingModel(ctx, product);
  return { productId, version: 0, model, isSaved: false, publishedVersion, updatedBy: null, updatedAt: null };
}

/**
 * Saves the draft after the engine's validation (a 400 lists each problem at its path inside `model`). `version`
 * must be the draft's version as the author read it (0 before its first save): a draft saved by someone else since
 * is refused with a 409 asking them to reload, never overwritten. Audited.
 */
export async function saveModelDraft(
  ctx: TContext,
  productId: number,
  version: number,
  model: Record<string, unknown>,
): Promise<TModelDraft> {
  validateModel(model);
  const product = await productOf(ctx, productId);
  const row = await ctx.db.transaction(async (tx) => {
    const values = { model, updatedByEmail: ctx.actor.username };
    if (version === 0) {
      const created = await insertDraftRow(tx, { ...values, pid: product.pid, productId });
      if (!created) throw staleDraft();
      await insertChangesBy(tx, ctx, [draftTrail.created(created)]);
      return created;
    }
    const before = await findDraftRow(tx, productId, true);
    const updated = before && (await updateDraftAt(tx, productId, version, values));
    if (!before || !updated) throw staleDraft();
    await insertChangesBy(tx, ctx, [draftTrail.updated(before, updated)]);
    return updated;
  });
  return toDraft(row, await publishedVersionOf(ctx, product));
}

/** The product's published versions, newest first, marking the one it uses now. */
export async function getModelVersions(ctx: TContext, productId: number) {
  const product = await productOf(ctx, productId);
  const rows = await listProductModelVersions(ctx.db, scopeOf(ctx.actor), productId);
  const result = rows.map((row) => ({
    ...row,
    createdAt: row.createdAt.toISOString(),
    isCurrent: row.id === product.modelId,
  }));
  return { rows: result, count: result.length };
}

/** Where a finding is in the model: its first constraint, else its first option, else the model. */
function findingPath(model: Record<string, unknown>, finding: TModelFinding): string {
  const ids = (key: string) =>
    Array.isArray(model[key]) ? (model[key] as { id?: unknown }[]).map((entry) => entry?.id) : [];
  const constraint = ids('constraints').indexOf(finding.constraints[0]);
  if (constraint >= 0) return `model.constraints[${constraint}]`;
  const option = ids('options').indexOf(finding.options[0]);
  return option >= 0 ? `model.options[${option}]` : 'model';
}

/**
 * The model check's errors as the refusal of a publish: each finding (with its fix) at the constraint or option it
 * is about, so the studio lists them and marks the parts. Warnings and information do not block.
 */
async function assertPublishable(ctx: TSaveContext, model: Record<string, unknown>, productId: number) {
  const { findings } = await checkModelFindings(ctx, model, productId);
  const errors = findings.filter((finding) => finding.severity === 'error');
  if (errors.length === 0) return;
  throw new AppError(
    'VALIDATION_FAILED',
    MSG.modelPublishBlocked,
    errors.map((finding) => ({
      path: findingPath(model, finding),
      message: finding.fix ? `${finding.message} ${finding.fix}` : finding.message,
    })),
  );
}

/**
 * Publishes the saved draft at `version` as the product's next immutable model version and points the product at
 * it, as saveModel does (compiled first within the limits; kept compiled). New configurations use it; quote lines
 * keep the version they were configured with. A draft saved since `version` is a 409; a draft the model check
 * finds errors in is a 400 listing them.
 */
export async function publishModel(
  ctx: TSaveContext,
  productId: number,
  version: number,
): Promise<{ product: TProductView; model: TModelSummary }> {
  await productOf(ctx, productId);
  const draft = await findDraftRow(ctx.db, productId);
  if (!draft || draft.version !== version) throw staleDraft();
  const model = draft.model as Record<string, unknown>;
  const identity = validateModel(model);
  await assertPublishable(ctx, model, productId);
  return storeModelVersion(ctx, productId, identity, model, async (tx) => {
    const locked = await findDraftRow(tx, productId, true);
    if (!locked || locked.version !== version) throw staleDraft();
  });
}

/** The saved draft of a product of the caller's scope, parsed and compiled for a preview; 400 when there is none. */
export async function compileDraft(ctx: TSaveContext, productId: number) {
  const product = await productOf(ctx, productId);
  const draft = await findDraftRow(ctx.db, productId);
  if (!draft) {
    throw new AppError('VALIDATION_FAILED', MSG.modelPreviewNoDraft, [
      { path: 'productId', message: MSG.modelPreviewNoDraft },
    ]);
  }
  const identity = validateModel(draft.model);
  const { compiled } = await compileToSave(ctx, identity.parsed);
  return { product, draft, compiled };
}
