import { PermanentJobError } from '../../jobs/permanent-job-error';

/**
 * The CRM (ARCHITECTURE "Integrations"): the built-in default keeps opportunities and quote numbers in our own
 * tables, so the hand-off works with no Salesforce at all; Salesforce through jsforce when a platform has OAuth
 * credentials. Every call runs inside a durable job that may run again after a crash or a timeout, so each operation
 * is safe to repeat: it finds what an earlier run made (the CRM quote carrying our quote id) before creating one.
 *
 * Failures: CrmUnavailableError when the CRM cannot be reached, times out, answers 5xx or something unreadable (the
 * job retries with backoff); CrmRejectedError when it refuses the data (4xx other than an expired session), which no
 * retry will change.
 */
export type TCrmKind = 'default' | 'salesforce';

/** A platform's Salesforce connection (OAuth 2.0 client credentials flow of a connected app). */
export type TCrmConnection = {
  /** The org's My Domain address, e.g. https://acme.my.salesforce.com (a stand-in's address in tests). */
  instanceUrl: string;
  clientId: string;
  clientSecret: string;
  /** REST API version, e.g. '62.0'. */
  apiVersion?: string;
  timeoutMs?: number;
};

/** The quote as the CRM gets it: our quote id is the key an earlier run's CRM quote is found by. */
export type TCrmQuote = {
  quoteId: number;
  /**
   * The CRM quote ours is linked to, when known (an earlier sync, or salesforceUpdateQuote): that one is updated in
   * place and stamped with our quote id, instead of being looked up by it.
   */
  salesforceQuoteId?: string | null;
  opportunityId: string;
  name: string;
  /** Our total, exact decimal text. */
  totalPrice: string;
  /** The quote's currency (ISO 4217). */
  currency: string;
  contact: { firstName: string | null; lastName: string | null; email: string | null; phone: string | null };
  /** Billing address, already trimmed by the spec's rules (address cut at the first newline, zip at any hyphen). */
  billing: {
    street: string | null;
    city: string | null;
    state: string | null;
    postalCode: string | null;
    country: string | null;
  };
  /**
   * The counted lines: `unitPrice` before discounts (held to cents), `netAmount` the line's amount after its discount
   * and its share of the quote's, in cents; the net amounts add up to `totalPrice` exactly (quoteNetLines).
   */
  lines: Array<{
    lineId: number;
    partNumber: string;
    description: string;
    quantity: number;
    unitPrice: string;
    netAmount: string;
  }>;
};

export type TCrmQuoteState = {
  salesforceQuoteId: string;
  /** The CRM's human quote number (Salesforce QuoteNumber, e.g. '00000123'). */
  sfQuoteNumber: string | null;
};

export type TCrmAdapter = {
  kind: TCrmKind;
  /** Creates an opportunity (the hand-off without one), or finds the one named by `externalRef`; answers its id. */
  createOpportunity(input: {
    name: string;
    accountId: string | null;
    closeDate: Date;
    externalRef: string;
  }): Promise<string>;
  /** Creates the CRM quote for our quote under the opportunity, or finds it by our quote id; answers id and number. */
  upsertQuote(quote: TCrmQuote): Promise<TCrmQuoteState>;
  /** The CRM quote's current number. */
  getQuoteNumber(salesforceQuoteId: string): Promise<string | null>;
};

export class CrmUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'CrmUnavailableError';
  }
}

export class CrmRejectedError extends PermanentJobError {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'CrmRejectedError';
  }
}
