/**
 * The CRM adapter for Salesforce (jsforce over the REST API: see salesforce-api.ts for the transport, sign-in and
 * failure rules). Each operation finds what an earlier run of its job made before it creates anything, by our own
 * key in a custom field the org needs on two objects (Text(40), External ID, Unique):
 * - Opportunity.OpenCpqRef__c holds `externalRef`;
 * - Quote.OpenCpqQuoteId__c holds our quote id.
 * Unique matters: when two runs both find nothing and both create, the second create is refused with DUPLICATE_VALUE
 * and that run finds the first one's record instead of making a second.
 *
 * The quote carries the name, the contact (Email, Phone, BillingName) and the billing address; its lines and total go
 * into Description as text. No QuoteLineItems: they need the org's PricebookEntry ids, which our parts do not map to.
 * Each line shows its unit price and its net amount (after its discount and its share of the quote's), the nets
 * adding up to the total shown; the currency is written as text beside the total, because Quote.CurrencyIsoCode
 * exists only in an org with multiple currencies turned on and any other org refuses it.
 */
import { toDecimal } from '@cpq/contracts';
import { z } from 'zod';
import { CrmUnavailableError, type TCrmAdapter, type TCrmConnection, type TCrmQuote } from './crm-adapter';
import { createSalesforceApi } from './salesforce-api';

/** The Opportunity field with our external reference. */
export const OPPORTUNITY_REF_FIELD = 'OpenCpqRef__c';
/** The Quote field with our quote id. */
export const QUOTE_ID_FIELD = 'OpenCpqQuoteId__c';
/** Salesforce's lengths: Opportunity.Name 120, Quote.Name 255, Quote.Description 32,000. */
const OPPORTUNITY_NAME_LENGTH = 120;
const QUOTE_NAME_LENGTH = 255;
const DESCRIPTION_LENGTH = 32_000;

const ZFoundRecord = z.object({ Id: z.string().min(1) });
const ZQuoteNumber = z.object({ QuoteNumber: z.string().nullable() });
const ZFoundQuote = ZFoundRecord.extend(ZQuoteNumber.shape);

/** A SOQL string literal (backslashes and quotes escaped). */
const soqlText = (value: string) => `'${value.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`;

/** Salesforce's date format for CloseDate; the day is the UTC one. */
const isoDate = (date: Date) => date.toISOString().slice(0, 10);

/** The lines and total as text, for the CRM user to read on the quote. */
function describeQuote(quote: TCrmQuote): string {
  const lines = quote.lines.map((line) => {
    const discounted = toDecimal(line.netAmount).eq(toDecimal(line.unitPrice).times(line.quantity));
    const net = discounted ? '' : `, net ${line.netAmount}`;
    return `${line.quantity} x ${line.partNumber} ${line.description} at ${line.unitPrice}${net}`.trim();
  });
  return [...lines, `Total: ${quote.totalPrice} ${quote.currency}`].join('\n').slice(0, DESCRIPTION_LENGTH);
}

/** The Quote fields both a create and an update set (OpportunityId cannot change after the create). */
function quoteFields(quote: TCrmQuote): Record<string, string | null> {
  const { contact, billing } = quote;
  const contactName = [contact.firstName, contact.lastName].filter(Boolean).join(' ');
  return {
    Name: quote.name.slice(0, QUOTE_NAME_LENGTH),
    Email: contact.email,
    Phone: contact.phone,
    BillingName: contactName || null,
    BillingStreet: billing.street,
    BillingCity: billing.city,
    BillingState: billing.state,
    BillingPostalCode: billing.postalCode,
    BillingCountry: billing.country,
    Description: describeQuote(quote),
  };
}

/** A duplicate was reported, yet the record is not there (deleted in between): a later run will sort it out. */
function vanished(type: string): never {
  throw new CrmUnavailableError(`Salesforce POST /sobjects/${type}: a duplicate was reported but cannot be found.`);
}

/** The Salesforce CRM adapter of one platform's connection. */
export function createSalesforceCrm(connection: TCrmConnection): TCrmAdapter {
  const api = createSalesforceApi(connection);

  async function findOpportunity(externalRef: string): Promise<string | null> {
    const soql = `SELECT Id FROM Opportunity WHERE ${OPPORTUNITY_REF_FIELD} = ${soqlText(externalRef)} LIMIT 1`;
    const [found] = await api.query(`Opportunity by ${OPPORTUNITY_REF_FIELD}`, soql, ZFoundRecord);
    return found?.Id ?? null;
  }

  async function findQuote(quoteId: number) {
    const soql = `SELECT Id, QuoteNumber FROM Quote WHERE ${QUOTE_ID_FIELD} = ${soqlText(String(quoteId))} LIMIT 1`;
    const [found] = await api.query(`Quote by ${QUOTE_ID_FIELD}`, soql, ZFoundQuote);
    return found ?? null;
  }

  async function readQuoteNumber(salesforceQuoteId: string): Promise<string | null> {
    return (await api.retrieve('Quote', salesforceQuoteId, ['QuoteNumber'], ZQuoteNumber)).QuoteNumber;
  }

  return {
    kind: 'salesforce',
    async createOpportunity({ name, accountId, closeDate, externalRef }) {
      const found = await findOpportunity(externalRef);
      if (found) return found;
      const created = await api.create('Opportunity', {
        Name: name.slice(0, OPPORTUNITY_NAME_LENGTH),
        StageName: 'Prospecting',
        CloseDate: isoDate(closeDate),
        ...(accountId ? { AccountId: accountId } : {}),
        [OPPORTUNITY_REF_FIELD]: externalRef,
      });
      return created ?? (await findOpportunity(externalRef)) ?? vanished('Opportunity');
    },
    async upsertQuote(quote) {
      const fields = quoteFields(quote);
      if (quote.salesforceQuoteId) {
        await api.update('Quote', quote.salesforceQuoteId, { ...fields, [QUOTE_ID_FIELD]: String(quote.quoteId) });
        return {
          salesforceQuoteId: quote.salesforceQuoteId,
          sfQuoteNumber: await readQuoteNumber(quote.salesforceQuoteId),
        };
      }
      let found = await findQuote(quote.quoteId);
      if (!found) {
        const created = await api.create('Quote', {
          ...fields,
          OpportunityId: quote.opportunityId,
          [QUOTE_ID_FIELD]: String(quote.quoteId),
        });
        if (created) return { salesforceQuoteId: created, sfQuoteNumber: await readQuoteNumber(created) };
        found = (await findQuote(quote.quoteId)) ?? vanished('Quote');
      }
      await api.update('Quote', found.Id, fields);
      return { salesforceQuoteId: found.Id, sfQuoteNumber: found.QuoteNumber };
    },
    getQuoteNumber: readQuoteNumber,
  };
}
