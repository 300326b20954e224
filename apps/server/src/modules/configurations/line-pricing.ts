import { MSG, type TInitialParameter, type TUiState } from '@cpq/contracts';
import { EngineError, type PriceItem, type ProductModel } from '@cpq/engine';
import type { CompiledModels } from '../../compiler/compiled-models';
import type { TDbOrTx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { findModelJson, type TStoredConfiguration } from './configurations.repository';
import { replaySession } from './configurator-session';

/**
 * Which price applies is the server's to say, never the request's: dealer pricing (`co_type`) comes from the quote's
 * customer and the quantity that selects a price break (`Quantity`, and `Line_Qty`, which the engine reads after it)
 * from the line. A client's values for these params are dropped on every route; the server sets its own.
 */
const PRICING_PARAMS = new Set(['co_type', 'Quantity', 'Line_Qty']);

/** What decides a configured line's price besides its choices. */
export type TPricingFacts = { isDealer: boolean; quantity: number };

/** A client's initial parameters without those that decide the price. */
export const withoutPricingParams = (params: readonly TInitialParameter[] | undefined): TInitialParameter[] =>
  (params ?? []).filter((param) => !PRICING_PARAMS.has(param.Name));

/**
 * The params a model's pricing reads (`$name` in a pricing line's condition or amount). A client's values for them
 * are dropped too, so that no request param can change a price, whatever a model prices on.
 */
export function paramsReadByPricing(model: ProductModel): Set<string> {
  const names = new Set<string>();
  for (const line of model.pricing?.lines ?? []) {
    for (const text of [line.when ?? '', line.amount]) {
      for (const match of String(text).matchAll(/\$([A-Za-z_][A-Za-z0-9_]*)/g)) names.add(match[1] ?? '');
    }
  }
  return names;
}

/** A client's initial parameters without any that decides a price of `model`. */
export function clientParamsFor(model: ProductModel, params: readonly TInitialParameter[]): TInitialParameter[] {
  const read = paramsReadByPricing(model);
  return withoutPricingParams(params).filter((param) => !read.has(param.Name));
}

/** The server's pricing params for these facts, after the others (a later param of the same name wins). */
export function pricedParams(params: readonly TInitialParameter[], facts: TPricingFacts): TInitialParameter[] {
  const own: TInitialParameter[] = [{ Name: 'Quantity', SimpleValue: String(facts.quantity), IsNull: false, Type: 1 }];
  if (facts.isDealer) own.push({ Name: 'co_type', SimpleValue: 'dealer', IsNull: false, Type: 0 });
  return [...withoutPricingParams(params), ...own];
}

/** A model's quantity option (a number option named Quantity), whose value is the line's quantity when it has one. */
export const quantityOptionOf = (model: ProductModel) =>
  model.options.find((option) => (option.id === 'Quantity' || option.id === 'quantity') && option.kind === 'number');

export type TPricedConfiguration = {
  priceCents: number;
  /** The priced components of `priceCents`, which they add up to. */
  priceItems: PriceItem[];
  params: TInitialParameter[];
  choices: ReturnType<ReturnType<typeof replaySession>['session']['choices']>;
  ui: TUiState;
};

/**
 * A stored configuration priced by the server for a line of `facts.quantity`: its choices replayed on its model
 * version under the server's pricing params; a model that asks for the quantity as an option gets it set there. A
 * quantity the option refuses answers 400 naming `field`.
 */
export async function priceConfiguration(
  ctx: { db: TDbOrTx; models: CompiledModels },
  row: TStoredConfiguration,
  facts: TPricingFacts,
  field: string,
): Promise<TPricedConfiguration> {
  const compiled = await ctx.models.get(row.modelId, () => findModelJson(ctx.db, row.modelId));
  const params = pricedParams(row.params, facts);
  await ctx.models.ready(compiled, params);
  const { session } = replaySession(compiled, params, row.choices);
  const option = quantityOptionOf(compiled.model);
  if (option && session.valueOf(option.id) !== facts.quantity) {
    try {
      session.select(option.id, facts.quantity);
    } catch (error) {
      if (!(error instanceof EngineError)) throw error;
      const message = `${MSG.quantityNotOffered} ${error.message}`;
      throw new AppError('VALIDATION_FAILED', message, [{ path: field, message }]);
    }
  }
  const ui = session.state() as TUiState;
  return {
    priceCents: ui.ConfiguredPriceCents,
    priceItems: session.priceItems(),
    params,
    choices: session.choices(),
    ui,
  };
}
