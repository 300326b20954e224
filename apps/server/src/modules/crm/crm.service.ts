import { randomUUID } from 'node:crypto';
import {
  crmAddress,
  crmZip,
  isDatabaseId,
  lineChangeRefusal,
  MSG,
  QUOTE_TYPE,
  type TCrmHandoff,
  type TJobStatus,
  type TParsedRequestOf,
  type TQuote,
  type TResultOf,
  ZAddressPatch,
} from '@cpq/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { CompiledModels } from '../../compiler/compiled-models';
import type { TDb, TDbOrTx, TTx } from '../../db/client';
import { type TAfterCommit, withTransaction } from '../../db/transaction';
import type { TJobs } from '../../jobs/job-queue';
import type { TActor } from '../../lib/actor';
import { AppError, assertAllowed } from '../../lib/app-error';
import { withdrawApprovalOnChange } from '../approvals/approval-withdrawal';
import { insertChangesBy } from '../audit/change-trail';
import { findConfigurationRow } from '../configurations/configurations.repository';
import { canUseConfiguration, modeOf } from '../configurator/configurator.policy';
import { findProductRow } from '../products/products.repository';
import { currentLinePrice, quotePricingOf } from '../quotes/line-prices.service';
import { quoteTrail } from '../quotes/quote-trails';
import { saveQuoteAddress } from '../quotes/quote-writes.repository';
import {
  findLinesOfQuote,
  loadQuote,
  recomputeQuoteTotals,
  type TQuoteLineRow,
  type TQuoteRow,
  updateLineRow,
} from '../quotes/quotes.repository';
import { assertUnlocked, findVisibleQuote, insertNewQuote, notFound } from '../quotes/quotes.service';
import {
  findHandoffQuoteRow,
  findLatestCrmSyncStatus,
  setHandoffFields,
  setQuoteGenConfig,
  updateCrmQuoteFields,
} from './crm.repository';

type TContext = { db: TDb; actor: TActor; ip: string; jobs: TJobs; log: FastifyBaseLogger };

/** The key of the CRM sync a change causes: one sync per quote version, so a retry never sends twice. */
const syncKeyOf = (quote: Pick<TQuoteRow, 'id' | 'version'>) => `crm.syncQuote:${quote.id}:v${quote.version}`;

async function enqueueCrmSync(tx: TTx, afterCommit: TAfterCommit, jobs: TJobs, quote: TQuoteRow): Promise<void> {
  await jobs.enqueue(tx, afterCommit, {
    queue: 'crm.syncQuote',
    key: syncKeyOf(quote),
    pid: quote.pid,
    subject: `Quote #${quote.id}`,
    payload: { quoteId: quote.id },
  });
}

const isYes = (value: string | undefined) => /^(1|true|yes)$/i.test(value ?? '');
const textOrNull = (value: string | undefined) => (value?.trim() ? value.trim() : null);

/**
 * The hand-off's billing address, by the CRM's rules: the first line of the address (the rest becomes line 2), the
 * zip cut at any hyphen. Kept only when it is a whole US address as the address form takes it; otherwise the quote
 * starts without one and the user enters it on the Customer tab.
 */
function billingOf(dto: TCrmHandoff) {
  const street = dto.Address ?? dto.address;
  const parsed = ZAddressPatch.safeParse({
    Address: crmAddress(street) ?? '',
    Address2: street?.split(/\r?\n/).slice(1).join(' ').trim() || undefined,
    City: dto.City ?? '',
    State: dto.State?.trim().toUpperCase() ?? '',
    Zip: crmZip(dto.Zip) ?? '',
  });
  const address = parsed.success ? parsed.data : null;
  if (!address?.Address || !address.City || !address.State || !address.Zip) return null;
  return {
    address: address.Address,
    address2: address.Address2 ?? null,
    city: address.City,
    state: address.State,
    zip: address.Zip,
    country: textOrNull(dto.Country) ?? 'USA',
    countryCode: textOrNull(dto.CountryCode) ?? 'US',
  };
}

/** Writes the CRM's fields on a new quote: codes, the contact, the company and the billing address. */
async function applyHandoff(tx: TDbOrTx, quote: TQuoteRow, dto: TCrmHandoff): Promise<TQuoteRow> {
  const billing = billingOf(dto);
  const billingAddressId = billing
    ? await saveQuoteAddress(tx, quote, null, { ...billing, addressType: 1, sameAsShipping: false })
    : null;
  const row = await setHandoffFields(tx, quote.id, {
    salesforceOpportunityId: textOrNull(dto.opportunityId),
    sfQuoteNumber: textOrNull(dto.sfQuoteNumber),
    sfCustomer: textOrNull(dto.accountId),
    sfUserId: textOrNull(dto.userId),
    sfUserAlias: textOrNull(dto.userAlias),
    sfRepCode: textOrNull(dto.repCode),
    sfDivisionCode: textOrNull(dto.divisionCode),
    sfTerritoryCode: textOrNull(dto.territoryCode),
    sfRegionCode: textOrNull(dto.regionCode),
    companyName: textOrNull(dto.accountName),
    firstName: textOrNull(dto.contactFirstName),
    lastName: textOrNull(dto.contactLastName),
    email: textOrNull(dto.contactEmail)?.toLowerCase() ?? null,
    phone: textOrNull(dto.phone),
    billingAddressId,
  });
  if (!row) throw new Error(`Quote ${quote.id} vanished inside its transaction`);
  return row;
}

/** A new quote of the caller's, from CRM fields, sent to the CRM by a job; audited. */
async function createCrmQuote(ctx: TContext, dto: TCrmHandoff, name: string | null): Promise<TQuote> {
  const row = await withTransaction(ctx.db, ctx.log, async (tx, afterCommit) => {
    const created = await insertNewQuote(tx, ctx, {
      guid: randomUUID(),
      pid: ctx.actor.pid,
      type: QUOTE_TYPE.Quote,
      ownerId: ctx.actor.userId,
      ownerEmail: ctx.actor.username,
      name,
    });
    if (!created) throw new Error('A new quote with a fresh GUID was not inserted');
    const quote = await applyHandoff(tx, created, dto);
    await enqueueCrmSync(tx, afterCommit, ctx.jobs, quote);
    return quote;
  });
  return loadQuote(ctx.db, row);
}

/** The caller's quote already made for this opportunity (a hand-off link opened twice), if any. */
async function findHandoffQuote(ctx: TContext, opportunityId: string): Promise<TQuoteRow | null> {
  return findHandoffQuoteRow(ctx.db, ctx.actor.pid, ctx.actor.userId, opportunityId);
}

/**
 * The CRM hand-off (createQuoteInitiatedFromSalesforce): with existingQuote and quoteId, that quote (one the caller
 * may see); else the caller's quote for this opportunity, made on an earlier hand-off; else a new quote from the
 * parameters, linked to the opportunity (one is created in the CRM when none was given) by the CRM sync job.
 */
export async function createQuoteFromCrm(ctx: TContext, dto: TCrmHandoff): Promise<TQuote> {
  if (isYes(dto.existingQuote)) {
    // The hand-off's parameters are text: a number that no serial id can hold names no quote.
    const id = Number(dto.quoteId);
    if (!isDatabaseId(id)) throw notFound('salesPortalQuoteDTO.quoteId');
    return loadQuote(ctx.db, await findVisibleQuote(ctx.db, ctx.actor, id));
  }
  const opportunityId = textOrNull(dto.opportunityId);
  const earlier = opportunityId ? await findHandoffQuote(ctx, opportunityId) : null;
  if (earlier) return loadQuote(ctx.db, earlier);
  return createCrmQuote(ctx, dto, textOrNull(dto.opportunityName) ?? textOrNull(dto.accountName));
}

/** salesforceCreateQuote: a new quote for a CRM opportunity. */
export function salesforceCreateQuote(
  ctx: TContext,
  body: TParsedRequestOf<'quoteManagement/salesforceCreateQuote'>,
): Promise<TQuote> {
  return createCrmQuote(
    ctx,
    { opportunityId: body.opportunityId, opportunityName: body.opportunityName },
    body.opportunityName,
  );
}

/** Changes CRM fields of a quote the caller may see, audited, and answers it; `sync` sends it to the CRM after. */
async function updateCrmFields(
  ctx: TContext,
  quoteId: number,
  values: Partial<Pick<TQuoteRow, 'salesforceQuoteId' | 'sfQuoteNumber' | 'swiftsellQuoteId'>>,
  sync: boolean,
): Promise<TQuote> {
  const row = await withTransaction(ctx.db, ctx.log, async (tx, afterCommit) => {
    const before = await findVisibleQuote(tx, ctx.actor, quoteId, true);
    assertUnlocked(before);
    const after = await updateCrmQuoteFields(tx, before.id, values);
    if (!after) throw new Error(`Quote ${quoteId} vanished inside its transaction`);
    await insertChangesBy(tx, ctx, [quoteTrail.updated(before, after)]);
    if (sync) await enqueueCrmSync(tx, afterCommit, ctx.jobs, after);
    return after;
  });
  return loadQuote(ctx.db, row);
}

/** salesforceUpdateQuote: links our quote (swiftSellQuoteId) to a CRM quote, and sends ours there. */
export function salesforceUpdateQuote(
  ctx: TContext,
  body: TParsedRequestOf<'quoteManagement/salesforceUpdateQuote'>,
): Promise<TQuote> {
  return updateCrmFields(
    ctx,
    body.swiftSellQuoteId,
    { salesforceQuoteId: body.salesforceQuoteId, swiftsellQuoteId: String(body.swiftSellQuoteId) },
    true,
  );
}

/** updateSalesforceQuoteNumber: records the CRM's quote number on our quote. */
export function updateSalesforceQuoteNumber(
  ctx: TContext,
  body: TParsedRequestOf<'quoteManagement/updateSalesforceQuoteNumber'>,
): Promise<TQuote> {
  return updateCrmFields(ctx, body.quoteId, { sfQuoteNumber: body.sfQuoteNumber }, false);
}

/** salesforceGetQuoteNumber: the CRM number and ids of a quote, and where its latest CRM sync stands. */
export async function salesforceGetQuoteNumber(
  ctx: TContext,
  quoteId: number,
): Promise<TResultOf<'quoteManagement/salesforceGetQuoteNumber'>> {
  const quote = await findVisibleQuote(ctx.db, ctx.actor, quoteId);
  const status = ((await findLatestCrmSyncStatus(ctx.db, quote.pid, quote.id)) ?? null) as TJobStatus | null;
  return {
    sfQuoteNumber: quote.sfQuoteNumber,
    salesforceQuoteId: quote.salesforceQuoteId,
    salesforceOpportunityId: quote.salesforceOpportunityId,
    syncStatus: status,
  };
}

/**
 * updateSolidfitLinePricing: the pricing step applied to lines of an open quote. `quoteGenConfigId` must be the
 * quote's own review (Quote_Gen) configuration, which the caller may use; each named line gets the price the server
 * gives it now (a configured line from its configuration at its quantity and the customer's pricing, a fixed-price
 * line at its product's price), unit and sales price alike, and the total follows. A client never sends a price.
 * Every line must be on the quote, or nothing changes; a quote linked to the CRM is sent there.
 */
export async function updateSolidfitLinePricing(
  ctx: TContext & { models: CompiledModels },
  body: TParsedRequestOf<'quoteManagement/updateSolidfitLinePricing'>,
): Promise<TQuote> {
  const row = await withTransaction(ctx.db, ctx.log, async (tx, afterCommit) => {
    const before = await findVisibleQuote(tx, ctx.actor, body.quoteId, true);
    assertAllowed(lineChangeRefusal(before));
    await assertReviewConfiguration(tx, ctx.actor, before, body.quoteGenConfigId);
    const ids = body.lines.map((line) => line.id);
    const found = await findLinesOfQuote(tx, before.id, ids);
    const onQuote = new Map(found.map((line) => [line.id, line]));
    const missing = body.lines.findIndex((line) => !onQuote.has(line.id));
    if (missing >= 0) throw notFound(`lines.${missing}.id`);
    const pricing = await quotePricingOf(tx, before);
    for (const [index, { id, version }] of body.lines.entries()) {
      const line = onQuote.get(id) as TQuoteLineRow;
      if (version !== undefined && version !== line.version) {
        throw new AppError('CONFLICT', MSG.conflict, [{ path: `lines.${index}.version`, message: MSG.conflict }]);
      }
      const field = `lines.${index}.id`;
      const priced = await currentLinePrice({ db: tx, models: ctx.models }, before, line, pricing, field);
      await updateLineRow(tx, id, { ...priced, salesPrice: priced.price }, version);
    }
    await setQuoteGenConfig(tx, before.id, body.quoteGenConfigId);
    const after = await recomputeQuoteTotals(tx, before.id, 'lines');
    await withdrawApprovalOnChange(tx, ctx, before);
    await insertChangesBy(tx, ctx, [quoteTrail.updated(before, after, { via: 'solidfit' })]);
    if (after.salesforceOpportunityId || after.salesforceQuoteId)
      await enqueueCrmSync(tx, afterCommit, ctx.jobs, after);
    return after;
  });
  return loadQuote(ctx.db, row);
}

/** The quote's own review (Quote_Gen) configuration, which the caller may use; else 404 naming quoteGenConfigId. */
async function assertReviewConfiguration(db: TDbOrTx, actor: TActor, quote: TQuoteRow, id: string): Promise<void> {
  const configuration = await findConfigurationRow(db, id);
  const product =
    configuration === null
      ? null
      : await findProductRow(db, { kind: 'platform', pid: quote.pid }, configuration.productId);
  const isReview =
    configuration !== null &&
    canUseConfiguration(actor, configuration) &&
    configuration.quoteId === quote.id &&
    modeOf(product?.ruleset ?? null) === 'Review';
  if (!isReview) {
    const message = 'That is not this quote’s pricing step. Open Create Quote on this quote and finish it first.';
    throw new AppError('NOT_FOUND', message, [{ path: 'quoteGenConfigId', message }]);
  }
}
