import { isDatabaseId } from '@cpq/contracts';
import { eq, sql } from 'drizzle-orm';
import type { TDbOrTx } from '../../db/client';
import { crmOpportunities, crmQuotes } from '../../db/schema';
import type { TCrmAdapter } from './crm-adapter';

const LOCAL_QUOTE_PREFIX = 'LQ-';

/**
 * The built-in CRM (a platform without Salesforce): opportunities and quote numbers kept in our own tables, so the
 * hand-off and the salesforce* calls work with no CRM at all. Quote numbers count like Salesforce's ('00000001').
 */
export function createDefaultCrm(db: TDbOrTx, pid: string): TCrmAdapter {
  return {
    kind: 'default',
    async createOpportunity(input) {
      await db
        .insert(crmOpportunities)
        .values({
          id: `LO-${crypto.randomUUID()}`,
          pid,
          name: input.name,
          accountId: input.accountId,
          externalRef: input.externalRef,
        })
        .onConflictDoNothing({ target: crmOpportunities.externalRef });
      const [row] = await db
        .select({ id: crmOpportunities.id })
        .from(crmOpportunities)
        .where(eq(crmOpportunities.externalRef, input.externalRef));
      if (!row) throw new Error('Local opportunity neither inserted nor found');
      return row.id;
    },
    async upsertQuote(quote) {
      const [row] = await db
        .insert(crmQuotes)
        .values({
          pid,
          quoteId: quote.quoteId,
          opportunityId: quote.opportunityId,
          name: quote.name,
          totalPrice: quote.totalPrice,
        })
        .onConflictDoUpdate({
          target: crmQuotes.quoteId,
          set: {
            opportunityId: quote.opportunityId,
            name: quote.name,
            totalPrice: quote.totalPrice,
            updatedAt: sql`now()`,
          },
        })
        .returning({ id: crmQuotes.id });
      if (!row) throw new Error('Local CRM quote neither inserted nor updated');
      // A link to an outside CRM quote (salesforceUpdateQuote) stays as it was; the number is ours.
      const salesforceQuoteId = quote.salesforceQuoteId ?? `${LOCAL_QUOTE_PREFIX}${row.id}`;
      return { salesforceQuoteId, sfQuoteNumber: localQuoteNumber(row.id) };
    },
    async getQuoteNumber(salesforceQuoteId) {
      if (!salesforceQuoteId.startsWith(LOCAL_QUOTE_PREFIX)) return null;
      const id = Number(salesforceQuoteId.slice(LOCAL_QUOTE_PREFIX.length));
      const [row] = isDatabaseId(id)
        ? await db.select({ id: crmQuotes.id }).from(crmQuotes).where(eq(crmQuotes.id, id))
        : [];
      return row ? localQuoteNumber(row.id) : null;
    },
  };
}

const localQuoteNumber = (id: number): string => String(id).padStart(8, '0');
