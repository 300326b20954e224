import { crmAddress, crmZip, quoteNetLines, unitPrice } from '@cpq/contracts';
import type { TAppDeps } from '../../deps';
import type { TJobHandlers } from '../../jobs/job-queue';
import { crmFor } from '../integrations/integrations';
import { findQuoteRow } from '../quotes/quotes.repository';
import { findCrmSyncParts, recordCrmState } from './crm.repository';

/** How long a new opportunity is given to close, when the hand-off did not name one. */
const OPPORTUNITY_CLOSE_DAYS = 30;

/**
 * The CRM job: makes sure the quote's opportunity exists (created when the hand-off gave none), creates or updates
 * the CRM quote (found again by our quote id, so a rerun never makes a second one) and records its id and number.
 * The recorded fields are the CRM's, not the user's, so they do not raise the quote's version.
 */
export function createCrmJobHandlers(deps: TAppDeps): TJobHandlers {
  return {
    async 'crm.syncQuote'(job) {
      const { quoteId } = job.payload;
      const quote = await findQuoteRow(deps.db, quoteId);
      if (!quote) return;
      const crm = await crmFor(deps, deps.db, quote.pid);
      const name = quote.name ?? `Quote #${quote.id}`;
      const opportunityId =
        quote.salesforceOpportunityId ??
        (await crm.createOpportunity({
          name,
          accountId: quote.sfCustomer,
          closeDate: new Date(deps.clock().getTime() + OPPORTUNITY_CLOSE_DAYS * 86_400_000),
          externalRef: `quote:${quote.id}`,
        }));
      const { lines, billing } = await findCrmSyncParts(deps.db, quote);
      const state = await crm.upsertQuote({
        quoteId: quote.id,
        salesforceQuoteId: quote.salesforceQuoteId,
        opportunityId,
        name,
        totalPrice: unitPrice(quote.totalCost),
        currency: quote.currency,
        contact: {
          firstName: quote.firstName,
          lastName: quote.lastName,
          email: quote.email ?? 'N/A',
          phone: quote.phone ?? 'N/A',
        },
        billing: {
          street: crmAddress(billing?.address),
          city: billing?.city || null,
          state: billing?.state || null,
          postalCode: crmZip(billing?.zip),
          country: billing?.country || null,
        },
        // The CRM's lines add up to the total at their net amounts: an optional line the customer left out is not sent.
        lines: quoteNetLines(lines, quote.discountPercent).map(({ line, grossUnitPrice, net }) => ({
          lineId: line.id,
          partNumber: line.partNumber ?? line.cfgPartNumber ?? 'NO NAME ERROR',
          description: line.lineDescription ?? line.description ?? line.productName ?? '',
          quantity: line.quantity,
          unitPrice: grossUnitPrice,
          netAmount: net,
        })),
      });
      await recordCrmState(deps.db, quote.id, { opportunityId, ...state });
    },
  };
}
