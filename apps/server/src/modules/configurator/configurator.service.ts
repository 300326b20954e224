import {
  ADMIN_LEVEL,
  MSG,
  SUPER_ADMIN_LEVEL,
  type TConfigureResult,
  type TInitialParameter,
  type TParsedRequestOf,
  type TStartResult,
  type TUiState,
  uiStateChanges,
} from '@cpq/contracts';
import { createSession, EngineError, type ProductModel } from '@cpq/engine';
import type { CompiledModels } from '../../compiler/compiled-models';
import type { TDb } from '../../db/client';
import type { TActor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { scopeOf } from '../../lib/platform-scope';
import { insertChangesBy } from '../audit/change-trail';
import {
  findConfigurationRow,
  findLineUsing,
  findModelJson,
  findModelVersion,
  insertConfigurationCopy,
  insertConfigurationOnce,
  isStillBuiltFrom,
  listConfigurations,
  storeChoicesIf,
  type TStoredConfiguration,
  updateConfigurationRow,
} from '../configurations/configurations.repository';
import {
  assertValueShape,
  changedChoices,
  describeChoice,
  droppedChoiceMessage,
  optionOf,
  refusal,
  replaySession,
} from '../configurations/configurator-session';
import { clientParamsFor, pricedParams } from '../configurations/line-pricing';
import { findProductRow } from '../products/products.repository';
import { dealerPricingOf, findLineOfQuote } from '../quotes/quotes.repository';
import { findVisibleQuote } from '../quotes/quotes.service';
import { forkFromOrder, isOnOrder, orderConfigurationReadOnly } from './configuration-copies';
import { configurationTrail } from './configuration-trail';
import { canUseConfiguration, modeOf, STEP_RULESETS } from './configurator.policy';
import { sessionPricingOf, type TSessionPricing, withListPrice } from './configurator-list-price';
import type { SessionCache, TCachedSession } from './session-cache';
import { resolveStartProduct, startParams } from './steps/step-start';

export type TConfiguratorContext = {
  db: TDb;
  actor: TActor;
  ip: string;
  models: CompiledModels;
  sessions: SessionCache;
};

const configurationNotFound = () =>
  new AppError('NOT_FOUND', MSG.configurationNotFound, [{ path: 'sessionId', message: MSG.configurationNotFound }]);

/** The compiled model of a version, compiling it on the first request of this process. */
export function compiledModel(ctx: Pick<TConfiguratorContext, 'db' | 'models'>, modelId: number) {
  return ctx.models.get(modelId, () => findModelJson(ctx.db, modelId));
}

/** A configuration the caller may work on, or NOT_FOUND (never FORBIDDEN: existence does not leak). */
export async function findUsableConfiguration(ctx: TConfiguratorContext, id: string): Promise<TStoredConfiguration> {
  const row = await findConfigurationRow(ctx.db, id);
  if (!row || !canUseConfiguration(ctx.actor, row)) throw configurationNotFound();
  return row;
}

/** A configurable product of the scope with the model version it runs on now. */
async function configurableProduct(ctx: TConfiguratorContext, productId: number, pid?: string) {
  const scope = pid === undefined ? scopeOf(ctx.actor) : { kind: 'platform' as const, pid };
  const product = await findProductRow(ctx.db, scope, productId);
  if (!product) throw new AppError('NOT_FOUND', MSG.notFound, [{ path: 'productId', message: MSG.notFound }]);
  const refuse = (message: string) => new AppError('VALIDATION_FAILED', message, [{ path: 'productId', message }]);
  if (product.isNonConfigurable) throw refuse(MSG.fixedPriceNotConfigurable);
  const version = product.modelId === null ? null : await findModelVersion(ctx.db, product.modelId);
  if (product.modelId === null || !version) throw refuse(MSG.productNotConfigurable);
  return { product, modelId: product.modelId, modelVersion: version.version };
}

type TStartBody = TParsedRequestOf<'configurator/start'>;

/** Where Finish puts the line: a quote the caller may see and, on it, an existing line (its quantity, else 1). */
async function checkedTarget(ctx: TConfiguratorContext, quoteId: number | null, lineId: number | null) {
  if (quoteId === null) return { quoteId: null, lineId: null, quantity: 1 };
  await findVisibleQuote(ctx.db, ctx.actor, quoteId);
  const line = lineId === null ? null : await findLineOfQuote(ctx.db, quoteId, lineId);
  if (lineId !== null && !line) {
    throw new AppError('NOT_FOUND', MSG.notFound, [{ path: 'lineId', message: MSG.notFound }]);
  }
  return { quoteId, lineId, quantity: line?.quantity ?? 1 };
}

/**
 * Starts a configuration: a new one of a product under the client's GUID, or, when that configuration exists, it
 * reopened (reconfigure) on the product's current model version.
 */
export async function start(ctx: TConfiguratorContext, body: TStartBody): Promise<TStartResult> {
  const existing = await findConfigurationRow(ctx.db, body.configurationId);
  if (existing) return reopen(ctx, existing, body);
  if (body.copyOf !== undefined) return startCopy(ctx, body, body.copyOf);
  if (body.productId === undefined) throw configurationNotFound();
  const productId = await resolveStartProduct(ctx, body.productId, body.quoteId ?? null);
  const target = await configurableProduct(ctx, productId);
  const requested = await checkedTarget(ctx, body.quoteId ?? null, body.lineId ?? null);
  const { quoteId, lineId } = requested;
  const compiled = await compiledModel(ctx, target.modelId);
  const stepTarget = { ...requested, configurationId: body.configurationId };
  const params = await sessionParams(ctx, target.product, compiled.model, stepTarget, body.integrationParams, []);
  await ctx.models.ready(compiled, params);
  // Without choices the engine starts from the options' enabled defaults, as explicit choices.
  const session = createSession(compiled, { params });
  const created = await ctx.db.transaction(async (tx) => {
    const row = await insertConfigurationOnce(tx, {
      id: body.configurationId,
      pid: target.product.pid,
      productId: target.product.id,
      modelId: target.modelId,
      modelVersion: target.modelVersion,
      choices: session.choices(),
      params,
      userId: ctx.actor.userId,
      username: ctx.actor.username,
      quoteId,
      lineId,
    });
    if (row) await insertChangesBy(tx, ctx, [configurationTrail.created(row)]);
    return row;
  });
  // The same start twice (a retry): the first one's configuration, reopened.
  if (!created) return reopen(ctx, await findUsableConfiguration(ctx, body.configurationId), body);
  const pricing = await sessionPricingOf(ctx.db, created);
  const ui = withListPrice(session.state() as TUiState, session, created, pricing);
  ctx.sessions.put({ row: created, session, shown: ui });
  return {
    prepare: prepareOf(target.product, created, false, pricing),
    initialize: { replayed: 0, dropped: [], previousModelVersion: null },
    ui,
    revision: created.revision,
  };
}

/**
 * Copies a saved configuration the caller may use into a new one of theirs under the request's id, off any quote
 * unless the request names one, and opens it ('Copy to a new quote': its Finish makes a new quote).
 */
async function startCopy(ctx: TConfiguratorContext, body: TStartBody, sourceId: string): Promise<TStartResult> {
  const source = await findUsableConfiguration(ctx, sourceId);
  if (body.productId !== undefined && body.productId !== source.productId) throw configurationNotFound();
  const target = await checkedTarget(ctx, body.quoteId ?? null, null);
  const copy = await ctx.db.transaction(async (tx) => {
    const row = await insertConfigurationCopy(tx, source, {
      id: body.configurationId,
      userId: ctx.actor.userId,
      username: ctx.actor.username,
      quoteId: target.quoteId,
      lineId: null,
    });
    if (row) await insertChangesBy(tx, ctx, [configurationTrail.created(row, { copiedFrom: source.id })]);
    return row;
  });
  return reopen(ctx, copy ?? (await findUsableConfiguration(ctx, body.configurationId)), body);
}

type TProductRow = NonNullable<Awaited<ReturnType<typeof findProductRow>>>;

/** Whether two param lists say the same (stored ones come back from jsonb with their keys reordered). */
const isSameParams = (a: readonly TInitialParameter[], b: readonly TInitialParameter[]): boolean => {
  const text = (params: readonly TInitialParameter[]) =>
    JSON.stringify(params.map((param) => [param.Name, param.SimpleValue ?? null, param.IsNull ?? false, param.Type]));
  return a === b || text(a) === text(b);
};

/**
 * The params a session runs with: the client's (or, when it sends none, the stored ones) without those that decide
 * the price; for a review or write-up step the server's from the quote; for a product the server's pricing params
 * (dealer pricing from the quote's customer, the line's quantity).
 */
async function sessionParams(
  ctx: TConfiguratorContext,
  product: TProductRow,
  model: ProductModel,
  target: { quoteId: number | null; quantity: number; configurationId: string },
  client: TInitialParameter[] | undefined,
  stored: TInitialParameter[],
): Promise<TInitialParameter[]> {
  const given = client === undefined ? undefined : clientParamsFor(model, client);
  const params = (await startParams(ctx, product, target, given)) ?? stored;
  if (modeOf(product.ruleset) !== 'Default') return params;
  return pricedParams(params, { isDealer: await dealerPricingOf(ctx.db, target.quoteId), quantity: target.quantity });
}

function prepareOf(
  product: TProductRow,
  row: TStoredConfiguration,
  isReconfigure: boolean,
  pricing: TSessionPricing,
): TStartResult['prepare'] {
  return {
    currency: pricing.currency,
    sessionId: row.id,
    productId: product.id,
    productName: product.name,
    productNumber: product.productNumber,
    imageUrl: product.imageUrl,
    mode: modeOf(product.ruleset),
    modelVersion: row.modelVersion,
    quoteId: row.quoteId,
    lineId: row.lineId,
    isReconfigure,
  };
}

/**
 * Reopens a saved configuration on the product's current model version: its choices are replayed in order; those
 * the version refuses are dropped and reported (in `initialize.dropped` and as warnings), never a failure.
 */
async function reopen(ctx: TConfiguratorContext, found: TStoredConfiguration, body: TStartBody): Promise<TStartResult> {
  if (!canUseConfiguration(ctx.actor, found)) throw configurationNotFound();
  const target = await configurableProduct(ctx, found.productId, found.pid);
  const quoteId = body.quoteId ?? found.quoteId;
  // Opened for another quote without a line named (a copied quote's line, which shares the configuration): the
  // line of that quote that uses it.
  const lineId =
    body.lineId ?? (quoteId === found.quoteId ? found.lineId : await findLineUsing(ctx.db, quoteId, found.id));
  const requested = await checkedTarget(ctx, quoteId, lineId);
  // A product's configuration on an order is forked or refused; a step's is refused by its own rules (startParams).
  const isProduct = modeOf(target.product.ruleset) === 'Default';
  const row = isProduct && (await isOnOrder(ctx, found)) ? await forkFromOrder(ctx, found, requested) : found;
  const compiled = await compiledModel(ctx, target.modelId);
  const stepTarget = { ...requested, configurationId: row.id };
  const params = await sessionParams(
    ctx,
    target.product,
    compiled.model,
    stepTarget,
    body.integrationParams,
    row.params,
  );
  await ctx.models.ready(compiled, params);
  const { session, dropped } = replaySession(compiled, params, row.choices);
  const isMigrated = target.modelId !== row.modelId;
  const patch = {
    modelId: target.modelId,
    modelVersion: target.modelVersion,
    choices: session.choices(),
    params,
    quoteId: requested.quoteId,
    lineId: requested.lineId,
  };
  const isChanged =
    isMigrated ||
    dropped.length > 0 ||
    !isSameParams(params, row.params) ||
    requested.quoteId !== row.quoteId ||
    requested.lineId !== row.lineId;
  const saved = isChanged
    ? await ctx.db.transaction(async (tx) => {
        const updated = await updateConfigurationRow(tx, row.id, patch);
        await insertChangesBy(tx, ctx, [configurationTrail.updated(row, updated)]);
        return updated;
      })
    : row;
  const models: ProductModel[] = [compiled.model];
  if (dropped.length > 0 && isMigrated) models.push((await findModelJson(ctx.db, row.modelId)) as ProductModel);
  const pricing = await sessionPricingOf(ctx.db, saved);
  const state = withListPrice(session.state() as TUiState, session, saved, pricing);
  const warnings = dropped.map((choice) => ({
    Type: 'Warning' as const,
    Value: droppedChoiceMessage(describeChoice(models, choice)),
  }));
  // Frozen like the state it copies: it is kept as the state the page shows, which later steps are compared with.
  const ui = Object.freeze({ ...state, Messages: [...state.Messages, ...warnings] });
  ctx.sessions.put({ row: saved, session, shown: ui });
  return {
    prepare: prepareOf(target.product, saved, true, pricing),
    initialize: {
      replayed: row.choices.length - dropped.length,
      dropped,
      previousModelVersion: isMigrated ? row.modelVersion : null,
    },
    ui,
    revision: saved.revision,
  };
}

/** A configuration's session as stored: its row, compiled model and the replay of its choices. */
export async function loadSession(ctx: TConfiguratorContext, sessionId: string) {
  const row = await findUsableConfiguration(ctx, sessionId);
  const compiled = await compiledModel(ctx, row.modelId);
  await ctx.models.ready(compiled, row.params);
  const { session } = replaySession(compiled, row.params, row.choices);
  return { row, compiled, session };
}

type TLoadedSession = Awaited<ReturnType<typeof loadSession>>;

/**
 * Reads a configuration's session with `read`, which must not change it and must not wait (the session is out of
 * the cache only while it runs). The row is read as always (access, revision); the session is this process's
 * cached one when it was built from that very revision, else a replay of the stored choices (on Megane with every
 * option chosen, 7.9 ms against 0.14 ms for the explanation it serves); either way it is kept for the next step.
 */
export async function readSession<T>(
  ctx: TConfiguratorContext,
  sessionId: string,
  read: (loaded: TLoadedSession) => T,
): Promise<T> {
  const row = await findUsableConfiguration(ctx, sessionId);
  const compiled = await compiledModel(ctx, row.modelId);
  // Every update bumps the revision (a trigger), so the same revision is the same row: choices, params, model.
  await ctx.models.ready(compiled, row.params);
  const cached = ctx.sessions.take(sessionId);
  const current = cached?.row.revision === row.revision ? cached : null;
  const session = current?.session ?? replaySession(compiled, row.params, row.choices).session;
  try {
    return read({ row, compiled, session });
  } finally {
    ctx.sessions.put({ row, session, shown: current?.shown ?? null });
  }
}

/** Configure retries from the table this many times when its write finds the row changed meanwhile. */
const CONFIGURE_ATTEMPTS = 3;

/**
 * The session of a configuration for a step: this process's cached one when it has it (taken out while the
 * request works on it), else rebuilt from the table.
 */
async function sessionForStep(ctx: TConfiguratorContext, id: string): Promise<TCachedSession & { isCached: boolean }> {
  const cached = ctx.sessions.take(id);
  if (cached) {
    // Owner and platform never change: the caller may not use it, cached or not. Its quote may have been ordered.
    const refusal = !canUseConfiguration(ctx.actor, cached.row)
      ? configurationNotFound()
      : (await isOnOrder(ctx, cached.row))
        ? orderConfigurationReadOnly()
        : null;
    if (refusal === null) return { ...cached, isCached: true };
    ctx.sessions.put(cached);
    throw refusal;
  }
  const { row, session } = await loadSession(ctx, id);
  if (await isOnOrder(ctx, row)) throw orderConfigurationReadOnly();
  return { row, session, shown: null, isCached: false };
}

/**
 * Sets (or, with null, clears) one option. A refused value answers 400 with the engine's message and stores
 * nothing. With `force` a disabled value wins: the choices that conflict with it are dropped, then the fewest
 * changes `explain` suggested are applied where still possible; every other choice that changed is in `changed`.
 * The new choices are written only if the row is still at the revision the session was built from; otherwise (another
 * instance or request changed it) the step starts again from the table.
 * The new state goes as the changes from the one the client shows when this process answered that one for the
 * revision the step was made on (`basedOn`); otherwise whole.
 */
export async function configure(
  ctx: TConfiguratorContext,
  body: TParsedRequestOf<'configurator/configure'>,
): Promise<TConfigureResult> {
  for (let attempt = 0; attempt < CONFIGURE_ATTEMPTS; attempt += 1) {
    const { row, session, shown, isCached } = await sessionForStep(ctx, body.sessionId);
    const model = session.compiled.model;
    const before = session.choices();
    try {
      applyStep(session, body);
    } catch (error) {
      // A refusal is only an answer if the session was current; a refused session is not kept (its field message
      // would outlive the request, which a replay elsewhere would not show).
      if (isCached && !(await isStillBuiltFrom(ctx.db, row))) continue;
      throw refusal(error, session, body.id);
    }
    const after = session.choices();
    const engineUi = session.state() as TUiState;
    // The row keeps the engine's price; the page shows the customer's list price.
    const step = {
      choices: after,
      isComplete: engineUi.IsExecutionComplete,
      priceCents: engineUi.ConfiguredPriceCents,
    };
    const revision = await storeChoicesIf(ctx.db, row, step);
    if (revision !== null) {
      const ui = withListPrice(engineUi, session, row, await sessionPricingOf(ctx.db, row));
      ctx.sessions.put({ row: { ...row, ...step, revision }, session, shown: ui });
      const changed = changedChoices(model, before, after, body.id);
      const changes = shown !== null && body.basedOn === row.revision ? uiStateChanges(shown, ui) : null;
      return changes ? { changes, revision, changed } : { ui, revision, changed };
    }
  }
  throw new AppError('CONFLICT', CONCURRENT_CHANGE);
}

/** When the same configuration keeps changing under a step (another tab or instance writing at the same time). */
const CONCURRENT_CHANGE = 'This configuration was changed elsewhere at the same time. Try again.';

type TSession = ReturnType<typeof replaySession>['session'];

/**
 * The forced select: drop what conflicts, then take explain's suggested values that are still enabled, in its
 * order (a number last, as the closest one allowed), so a width too wide is narrowed rather than cleared.
 */
export function forceValue(session: TSession, optionId: string, kind: string, value: string | number | boolean): void {
  const suggested = kind === 'text' ? [] : session.explain(optionId, value).changes;
  session.select(optionId, value, { dropConflicting: true });
  for (const change of suggested) {
    const option = session.compiled.model.options.find((entry) => entry.id === change.optionId);
    if (!option || change.to === '' || change.optionId === optionId) continue;
    const current = session.choices().find((choice) => choice.optionId === change.optionId)?.value;
    if (current === change.to || !session.isEnabled(change.optionId, change.to)) continue;
    try {
      session.select(change.optionId, change.to);
    } catch (error) {
      if (!(error instanceof EngineError)) throw error;
    }
  }
}

/** A configure step on a session: the option cleared, or its value checked and selected (forced when asked). */
export function applyStep(
  session: TSession,
  step: Pick<TParsedRequestOf<'configurator/configure'>, 'id' | 'value' | 'force'>,
): void {
  const option = optionOf(session.compiled.model, step.id);
  if (step.value === null) session.clear(option.id);
  else {
    assertValueShape(option, step.value);
    if (step.force) forceValue(session, option.id, option.kind, step.value);
    else session.select(option.id, step.value);
  }
}

/**
 * My Configurations (product configurations, newest first; incomplete ones when asked): the caller's own by
 * default; levels 0 and 1 only their own (naming someone else is FORBIDDEN), administrators any user of their
 * platform, level 9 anyone.
 */
export async function getConfigurations(
  ctx: Pick<TConfiguratorContext, 'db' | 'actor'>,
  query: TParsedRequestOf<'configurator/getConfigurations'>,
) {
  const { actor } = ctx;
  const username = query.username?.toLowerCase();
  const isSelf = username === undefined || username === actor.username;
  if (!isSelf && actor.roleLevel < ADMIN_LEVEL) throw new AppError('FORBIDDEN', MSG.forbidden);
  const owner = isSelf
    ? { userId: actor.userId }
    : { username, pid: actor.roleLevel >= SUPER_ADMIN_LEVEL ? null : actor.pid };
  return listConfigurations(ctx.db, owner, query, STEP_RULESETS);
}
