import type { TInitialParameter } from '@cpq/contracts';
import type { TDb } from '../../../db/client';
import type { TActor } from '../../../lib/actor';
import { scopeOf } from '../../../lib/platform-scope';
import { ensureStepProduct, stepOfConfiguratorId } from '../../documents/built-in-products';
import { findProductRow } from '../../products/products.repository';
import { loadQuote } from '../../quotes/quotes.repository';
import { findVisibleQuote } from '../../quotes/quotes.service';
import { modeOf } from '../configurator.policy';
import { assertNotOrder, assertWriteUpAllowed } from './document-steps.service';
import { mergeStepParams, stepParams } from './step-params';

type TStartContext = { db: TDb; actor: TActor };

/**
 * The product a configurator/start on a quote really starts. The spec's Create/Update Quote and Order buttons open
 * configurator ids 31 and 33; on a quote they name the quote's platform's Quote_Gen or SO_WriteUP product (created
 * from the built-in model on first use), unless the caller's platform has a configurable product of that very id
 * of another ruleset, which keeps its id. Any other id is the product itself.
 */
export async function resolveStartProduct(
  ctx: TStartContext,
  productId: number,
  quoteId: number | null,
): Promise<number> {
  const step = stepOfConfiguratorId(productId);
  if (!step || quoteId === null) return productId;
  const own = await findProductRow(ctx.db, scopeOf(ctx.actor), productId);
  if (own && !own.isNonConfigurable && own.modelId !== null && own.ruleset !== step.ruleset) return productId;
  const quote = await findVisibleQuote(ctx.db, ctx.actor, quoteId);
  return ctx.db.transaction((tx) => ensureStepProduct(tx, quote.pid, step));
}

/**
 * The initial parameters a configuration starts (or reopens) with. For a Review or SO write-up product on a quote
 * the server builds them from the quote (its lines '|'-joined, QuoteId, IsOrder, the contact): line values a client
 * sends are ignored; a write-up only on a quote that can become an order. Otherwise the client's, unchanged.
 */
export async function startParams(
  ctx: TStartContext,
  product: { ruleset: string | null },
  target: { quoteId: number | null; configurationId: string },
  client: TInitialParameter[] | undefined,
): Promise<TInitialParameter[] | undefined> {
  const mode = modeOf(product.ruleset);
  if (mode === 'Default' || target.quoteId === null) return client;
  const row = await findVisibleQuote(ctx.db, ctx.actor, target.quoteId);
  // Refused before anything is typed: a write-up that could not place its order at Finish.
  if (mode === 'SOWriteup') await assertWriteUpAllowed(ctx.db, ctx.actor, row);
  else assertNotOrder(row);
  const quote = await loadQuote(ctx.db, row);
  const built = stepParams(quote, {
    isOrder: mode === 'SOWriteup',
    configurationId: target.configurationId,
    username: ctx.actor.username,
  });
  return mergeStepParams(client, built);
}
