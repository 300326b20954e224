import { DEFAULT_CURRENCY, dollarsOf, fromCents, type TUiState, toCents } from '@cpq/contracts';
import type { ProductSession } from '@cpq/engine';
import type { TDbOrTx } from '../../db/client';
import type { TStoredConfiguration } from '../configurations/configurations.repository';
import { quantityOptionOf } from '../configurations/line-pricing';
import { priceByList, pricingDay, type TAppliedPriceList } from '../price-lists/price-list-pricing';
import { findCustomerPriceList } from '../price-lists/price-lists.repository';
import { findQuoteRow } from '../quotes/quotes.repository';

/** How a configuration's price shows while it is configured: its quote's currency and customer's price list. */
export type TSessionPricing = { currency: string; priceList: TAppliedPriceList | null };

/**
 * The pricing of a configuration's quote as its customer has it now: the quote's currency and the customer's price
 * list valid today (its entries for the configured product only). Without a quote: US dollars and no list.
 */
export async function sessionPricingOf(
  db: TDbOrTx,
  row: Pick<TStoredConfiguration, 'quoteId' | 'productId'>,
): Promise<TSessionPricing> {
  const quote = row.quoteId === null ? null : await findQuoteRow(db, row.quoteId);
  if (!quote) return { currency: DEFAULT_CURRENCY, priceList: null };
  const priceList =
    quote.contactId === null ? null : await findCustomerPriceList(db, quote.contactId, pricingDay(), [row.productId]);
  return { currency: quote.currency, priceList };
}

/** The line quantity a session prices for: its quantity option's value, else the server's `Quantity` param, else 1. */
function quantityOfSession(session: ProductSession): number {
  const option = quantityOptionOf(session.compiled.model);
  const chosen = option ? session.valueOf(option.id) : undefined;
  if (typeof chosen === 'number' && chosen > 0) return chosen;
  const param = Number(session.params().Quantity);
  return Number.isInteger(param) && param > 0 ? param : 1;
}

/**
 * The state with the price the line would get on Finish: the engine's price under the customer's price list, as
 * the server prices the line (never what a client says). The state is unchanged without a list or when the list
 * prices nothing of the configuration.
 */
export function withListPrice(
  ui: TUiState,
  session: ProductSession,
  row: Pick<TStoredConfiguration, 'productId'>,
  pricing: TSessionPricing,
): TUiState {
  if (!pricing.priceList) return ui;
  const listed = priceByList(
    pricing.priceList,
    row.productId,
    quantityOfSession(session),
    fromCents(ui.ConfiguredPriceCents),
    session.priceItems(),
  );
  const cents = listed === null ? ui.ConfiguredPriceCents : toCents(listed);
  if (cents === ui.ConfiguredPriceCents) return ui;
  return Object.freeze({ ...ui, ConfiguredPriceCents: cents, ConfiguredPrice: dollarsOf(cents) });
}
