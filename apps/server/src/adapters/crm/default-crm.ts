import { isDatabaseId } from '@cpq/contracts';
import type { TDbOrTx } from '../../db/client';
import type { TCrmAdapter } from './crm-adapter';
import { ensureLocalOpportunity, hasLocalQuote, upsertLocalQuote } from './default-crm.repository';

const LOCAL_QUOTE_PREFIX = 'LQ-';

/**
 * The built-in CRM (a platform without Salesforce): opportunities and quote numbers kept in our own tables, so the
 * hand-off and the salesforce* calls work with no CRM at all. Quote numbers count like Salesforce's ('00000001').
 */
export function createDefaultCrm(db: TDbOrTx, pid: string): TCrmAdapter {
  return {
    kind: 'default',
    createOpportunity(input) {
      return ensureLocalOpportunity(db, {
        id: `LO-${crypto.randomUUID()}`,
        pid,
        name: input.name,
        accountId: input.accountId,
        externalRef: input.externalRef,
      });
    },
    async upsertQuote(quote) {
      const id = await upsertLocalQuote(db, {
        pid,
        quoteId: quote.quoteId,
        opportunityId: quote.opportunityId,
        name: quote.name,
        totalPrice: quote.totalPrice,
      });
      // A link to an outside CRM quote (salesforceUpdateQuote) stays as it was; the number is ours.
      const salesforceQuoteId = quote.salesforceQuoteId ?? `${LOCAL_QUOTE_PREFIX}${id}`;
      return { salesforceQuoteId, sfQuoteNumber: localQuoteNumber(id) };
    },
    async getQuoteNumber(salesforceQuoteId) {
      if (!salesforceQuoteId.startsWith(LOCAL_QUOTE_PREFIX)) return null;
      const id = Number(salesforceQuoteId.slice(LOCAL_QUOTE_PREFIX.length));
      return isDatabaseId(id) && (await hasLocalQuote(db, id)) ? localQuoteNumber(id) : null;
    },
  };
}

const localQuoteNumber = (id: number): string => String(id).padStart(8, '0');
