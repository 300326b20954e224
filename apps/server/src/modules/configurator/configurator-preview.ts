import {
  DEFAULT_CURRENCY,
  MSG,
  type TConfigureResult,
  type TExplainResult,
  type TParsedRequestOf,
  type TStartResult,
  type TUiState,
} from '@cpq/contracts';
import { createSession, type ProductSession } from '@cpq/engine';
import type { FastifyBaseLogger } from 'fastify';
import type { TModelCompiler } from '../../compiler/model-compiler';
import { AppError } from '../../lib/app-error';
import { changedChoices, refusal } from '../configurations/configurator-session';
import { pricedParams } from '../configurations/line-pricing';
import { compileDraft } from '../products/model-drafts.service';
import { modeOf } from './configurator.policy';
import type { TConfiguratorContext } from './configurator.service';
import { applyStep } from './configurator.service';
import { explainIn } from './configurator-explain';

/** How many previews a process keeps; the oldest go first (an author simply starts another). */
const PREVIEW_CAPACITY = 200;

type TPreview = { ownerUserId: number; session: ProductSession; revision: number };

/**
 * Previews of draft models: engine sessions kept in this process only, never stored, for their author only. A
 * draft is not a model version, so a preview has no configuration row (whose model is a version) and cannot be
 * finished; configure and explain reach it by its session id like any configuration.
 */
export class PreviewSessions {
  private readonly entries = new Map<string, TPreview>();

  has(id: string): boolean {
    return this.entries.has(id);
  }

  get(id: string): TPreview | undefined {
    return this.entries.get(id);
  }

  put(id: string, preview: TPreview): void {
    this.entries.delete(id);
    this.entries.set(id, preview);
    while (this.entries.size > PREVIEW_CAPACITY) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }
}

type TPreviewContext = TConfiguratorContext & {
  previews: PreviewSessions;
  compiler: TModelCompiler;
  log?: FastifyBaseLogger;
};

/** Starts a preview of the product's saved draft, as a user of the product would start it (no quote, quantity 1). */
export async function startPreview(
  ctx: TPreviewContext,
  body: TParsedRequestOf<'configurator/startPreview'>,
): Promise<TStartResult> {
  const { product, compiled } = await compileDraft(ctx, body.productId);
  const params = pricedParams([], { isDealer: false, quantity: 1 });
  await ctx.models.ready(compiled, params);
  const session = createSession(compiled, { params });
  ctx.previews.put(body.configurationId, { ownerUserId: ctx.actor.userId, session, revision: 1 });
  return {
    prepare: {
      sessionId: body.configurationId,
      productId: product.id,
      productName: product.name,
      productNumber: product.productNumber,
      imageUrl: product.imageUrl,
      mode: modeOf(product.ruleset),
      modelVersion: 0,
      quoteId: null,
      lineId: null,
      isReconfigure: false,
      currency: DEFAULT_CURRENCY,
    },
    initialize: { replayed: 0, dropped: [], previousModelVersion: null },
    ui: session.state() as TUiState,
    revision: 1,
  };
}

/** The caller's own preview, else NOT_FOUND as for a configuration. */
function previewOf(ctx: TPreviewContext, id: string): TPreview {
  const preview = ctx.previews.get(id);
  if (!preview || preview.ownerUserId !== ctx.actor.userId) {
    throw new AppError('NOT_FOUND', MSG.configurationNotFound, [
      { path: 'sessionId', message: MSG.configurationNotFound },
    ]);
  }
  return preview;
}

/** configure on a preview: as on a configuration, answering the whole state. */
export function configurePreview(
  ctx: TPreviewContext,
  body: TParsedRequestOf<'configurator/configure'>,
): TConfigureResult {
  const preview = previewOf(ctx, body.sessionId);
  const { session } = preview;
  const model = session.compiled.model;
  const before = session.choices();
  try {
    applyStep(session, body);
  } catch (error) {
    throw refusal(error, session, body.id);
  }
  preview.revision += 1;
  const changed = changedChoices(model, before, session.choices(), body.id);
  return { ui: session.state() as TUiState, revision: preview.revision, changed };
}

/** explain on a preview. */
export function explainPreview(ctx: TPreviewContext, body: TParsedRequestOf<'configurator/explain'>): TExplainResult {
  const { session } = previewOf(ctx, body.sessionId);
  return explainIn(session.compiled.model, session, body);
}
