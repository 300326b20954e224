import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CrmRejectedError, CrmUnavailableError, type TCrmConnection, type TCrmQuote } from './crm-adapter';
import { createSalesforceCrm } from './salesforce-crm';
import {
  STAND_IN_CLIENT_ID,
  STAND_IN_CLIENT_SECRET,
  startSalesforceStandIn,
  type TSalesforceStandIn,
} from './salesforce-stand-in.test-support';

let standIn: TSalesforceStandIn;
/** Every failure the tests saw: none may carry the client secret or an access token. */
const failures: Error[] = [];

beforeAll(async () => {
  standIn = await startSalesforceStandIn();
});
afterAll(() => standIn.close());
beforeEach(() => standIn.control.reset());

const connect = (extra: Partial<TCrmConnection> = {}) =>
  createSalesforceCrm({
    instanceUrl: standIn.url,
    clientId: STAND_IN_CLIENT_ID,
    clientSecret: STAND_IN_CLIENT_SECRET,
    apiVersion: '62.0',
    timeoutMs: 2_000,
    ...extra,
  });

const opportunityOf = (externalRef: string) => ({
  name: 'Acme - press line',
  accountId: '001000000000042AAA',
  closeDate: new Date('2026-09-30T12:00:00Z'),
  externalRef,
});

const quoteOf = (opportunityId: string, extra: Partial<TCrmQuote> = {}): TCrmQuote => ({
  quoteId: 41,
  opportunityId,
  name: 'Q-41 Acme press line',
  totalPrice: '1250.50',
  currency: 'USD',
  contact: { firstName: 'Ada', lastName: 'Byron', email: 'ada@acme.test', phone: '555-0100' },
  billing: { street: '1 Main St', city: 'Springfield', state: 'IL', postalCode: '62701', country: 'US' },
  lines: [
    { lineId: 1, partNumber: 'P-100', description: 'Press', quantity: 2, unitPrice: '625.25', netAmount: '1250.50' },
  ],
  ...extra,
});

/** The error a call fails with (and remembered for the leak check). */
async function failureOf(call: Promise<unknown>): Promise<Error> {
  const error = await call.then(
    () => new Error('expected the call to fail'),
    (failure: unknown) => failure,
  );
  if (!(error instanceof Error)) throw new Error(`not an Error: ${String(error)}`);
  failures.push(error);
  return error;
}

const dataRequests = () => standIn.state.requests.filter((request) => request.path.startsWith('/services/data'));

describe('the Salesforce CRM adapter against a stand-in of the REST API', () => {
  it('creates an opportunity, then finds the same one by its external reference (also from a new adapter)', async () => {
    const tokensBefore = standIn.state.issuedTokens.length;
    const crm = connect();
    const id = await crm.createOpportunity(opportunityOf('platform-7/quote-41'));
    expect(id).toMatch(/^006\w{15}$/);
    expect(standIn.state.records.Opportunity.get(id)).toMatchObject({
      Name: 'Acme - press line',
      StageName: 'Prospecting',
      CloseDate: '2026-09-30',
      AccountId: '001000000000042AAA',
      OpenCpqRef__c: 'platform-7/quote-41',
    });
    expect(await crm.createOpportunity(opportunityOf('platform-7/quote-41'))).toBe(id);
    expect(await connect().createOpportunity(opportunityOf('platform-7/quote-41'))).toBe(id);
    expect(standIn.state.created.Opportunity).toBe(1);
    expect(standIn.state.issuedTokens.length - tokensBefore).toBe(2);
  });

  it("leaves AccountId out without an account, and quotes in the reference can't break the SOQL", async () => {
    const id = await connect().createOpportunity({ ...opportunityOf("O'Brien \\ sons"), accountId: null });
    expect(standIn.state.records.Opportunity.get(id)).not.toHaveProperty('AccountId');
    expect(await connect().createOpportunity(opportunityOf("O'Brien \\ sons"))).toBe(id);
    expect(standIn.state.created.Opportunity).toBe(1);
  });

  it('creates the quote under the opportunity with its QuoteNumber, then updates it on the next call', async () => {
    const crm = connect();
    const opportunityId = await crm.createOpportunity(opportunityOf('ref-quote'));
    const first = await crm.upsertQuote(quoteOf(opportunityId));
    expect(first).toEqual({ salesforceQuoteId: expect.stringMatching(/^0Q0/), sfQuoteNumber: '00000001' });
    expect(standIn.state.records.Quote.get(first.salesforceQuoteId)).toMatchObject({
      OpportunityId: opportunityId,
      OpenCpqQuoteId__c: '41',
      Name: 'Q-41 Acme press line',
      Email: 'ada@acme.test',
      Phone: '555-0100',
      BillingName: 'Ada Byron',
      BillingStreet: '1 Main St',
      BillingCity: 'Springfield',
      BillingState: 'IL',
      BillingPostalCode: '62701',
      BillingCountry: 'US',
      Description: '2 x P-100 Press at 625.25\nTotal: 1250.50 USD',
    });

    const changed = quoteOf(opportunityId, { contact: { ...quoteOf('').contact, email: 'billing@acme.test' } });
    expect(await connect().upsertQuote(changed)).toEqual(first);
    expect(standIn.state.created.Quote).toBe(1);
    expect(standIn.state.updated.Quote).toBe(1);
    expect(standIn.state.records.Quote.get(first.salesforceQuoteId)?.Email).toBe('billing@acme.test');
  });

  it('updates the CRM quote it is linked to in place, stamping our quote id on it', async () => {
    const crm = connect();
    const opportunityId = await crm.createOpportunity(opportunityOf('ref-linked'));
    const made = await crm.upsertQuote(quoteOf(opportunityId, { quoteId: 77 }));
    const createdBefore = standIn.state.created.Quote;
    const linked = await crm.upsertQuote(
      quoteOf(opportunityId, { quoteId: 78, salesforceQuoteId: made.salesforceQuoteId, name: 'Relinked' }),
    );
    expect(linked).toEqual({ salesforceQuoteId: made.salesforceQuoteId, sfQuoteNumber: made.sfQuoteNumber });
    expect(standIn.state.created.Quote).toBe(createdBefore);
    expect(standIn.state.records.Quote.get(made.salesforceQuoteId)).toMatchObject({
      Name: 'Relinked',
      OpenCpqQuoteId__c: '78',
    });
  });

  it('answers a quote number, and refuses an id Salesforce does not know', async () => {
    const crm = connect();
    const opportunityId = await crm.createOpportunity(opportunityOf('ref-number'));
    await crm.upsertQuote(quoteOf(opportunityId, { quoteId: 1 }));
    const { salesforceQuoteId } = await crm.upsertQuote(quoteOf(opportunityId, { quoteId: 2 }));
    expect(await crm.getQuoteNumber(salesforceQuoteId)).toBe('00000002');
    const missing = await failureOf(crm.getQuoteNumber('0Q0000000009999AAA'));
    expect(missing).toBeInstanceOf(CrmRejectedError);
    expect(missing.message).toContain('NOT_FOUND');
  });

  it('makes one record when two runs create at once (the unique key refuses the second; it finds the first)', async () => {
    const [crm, other] = [connect(), connect()];
    // Each request waits 50 ms, so both runs' queries are answered "none" before either creates.
    standIn.control.setDelay(50);
    const [one, two] = await Promise.all([
      crm.createOpportunity(opportunityOf('ref-race')),
      other.createOpportunity(opportunityOf('ref-race')),
    ]);
    expect(two).toBe(one);
    const quotes = await Promise.all([crm.upsertQuote(quoteOf(one)), other.upsertQuote(quoteOf(one))]);
    expect(quotes[1]).toEqual(quotes[0]);
    expect(standIn.state.created).toEqual({ Opportunity: 1, Quote: 1 });
    // Both runs did try to create: the second was refused as a duplicate and found the first one's records.
    const creates = standIn.state.requests.filter(
      (request) => request.method === 'POST' && request.path.includes('/sobjects/'),
    );
    expect(creates.map((request) => request.path.split('/').at(-1))).toEqual([
      'Opportunity',
      'Opportunity',
      'Quote',
      'Quote',
    ]);
  });
});

describe('Salesforce failures', () => {
  it('throws CrmUnavailableError on a 500, without retrying on its own (the job retries)', async () => {
    const crm = connect();
    await crm.createOpportunity(opportunityOf('ref-500'));
    const before = dataRequests().length;
    standIn.control.failNext(1, 'status500');
    const failure = await failureOf(crm.getQuoteNumber('0Q0000000000001AAA'));
    expect(failure).toBeInstanceOf(CrmUnavailableError);
    expect(failure.message).toContain('HTTP 500 (UNKNOWN_EXCEPTION');
    expect(dataRequests().length - before).toBe(1);
  });

  it('throws CrmUnavailableError when no answer comes within timeoutMs, whether stuck or slow', async () => {
    const crm = connect({ timeoutMs: 300 });
    standIn.control.failNext(1, 'timeout');
    const started = Date.now();
    const stuck = await failureOf(crm.createOpportunity(opportunityOf('ref-timeout')));
    expect(stuck).toBeInstanceOf(CrmUnavailableError);
    expect(stuck.message).toContain('no answer within 300 ms');
    expect(Date.now() - started).toBeLessThan(1_500);
    standIn.control.setDelay(600);
    expect(await failureOf(crm.createOpportunity(opportunityOf('ref-timeout')))).toBeInstanceOf(CrmUnavailableError);
  });

  it('throws CrmUnavailableError on an unreadable answer, from the API or the token endpoint', async () => {
    standIn.control.failNext(1, 'malformed');
    const malformed = await failureOf(connect().createOpportunity(opportunityOf('ref-malformed')));
    expect(malformed).toBeInstanceOf(CrmUnavailableError);
    expect(malformed.message).toContain('unreadable');
    standIn.control.failNext(1, 'malformed', 'token');
    expect(await failureOf(connect().createOpportunity(opportunityOf('ref-malformed')))).toBeInstanceOf(
      CrmUnavailableError,
    );
  });

  it('throws CrmUnavailableError when Salesforce cannot be reached, and works again after the outage', async () => {
    const crm = connect();
    standIn.control.setDown(true);
    const down = await failureOf(crm.createOpportunity(opportunityOf('ref-down')));
    expect(down).toBeInstanceOf(CrmUnavailableError);
    expect(down.message).toContain('unreachable');
    standIn.control.setDown(false);
    expect(await crm.createOpportunity(opportunityOf('ref-down'))).toMatch(/^006/);
    const closed = connect({ instanceUrl: 'http://127.0.0.1:9' });
    expect(await failureOf(closed.createOpportunity(opportunityOf('ref-down')))).toBeInstanceOf(CrmUnavailableError);
  });

  it('throws CrmUnavailableError on a 500 from the token endpoint and on the daily API limit', async () => {
    standIn.control.failNext(1, 'status500', 'token');
    expect(await failureOf(connect().createOpportunity(opportunityOf('ref-limit')))).toBeInstanceOf(
      CrmUnavailableError,
    );
    standIn.control.failNext(1, 'requestLimit');
    const limited = await failureOf(connect().createOpportunity(opportunityOf('ref-limit')));
    expect(limited).toBeInstanceOf(CrmUnavailableError);
    expect(limited.message).toContain('REQUEST_LIMIT_EXCEEDED');
  });

  it('signs in again once when the session expired, and goes on', async () => {
    const crm = connect();
    const id = await crm.createOpportunity(opportunityOf('ref-session'));
    const tokensBefore = standIn.state.issuedTokens.length;
    standIn.control.failNext(1, 'expiredSession');
    expect(await crm.createOpportunity(opportunityOf('ref-session'))).toBe(id);
    expect(standIn.state.issuedTokens.length - tokensBefore).toBe(1);
  });

  it('signs in again only once: a second expired session is a CrmRejectedError, not a loop', async () => {
    const crm = connect();
    await crm.createOpportunity(opportunityOf('ref-session-twice'));
    const tokensBefore = standIn.state.issuedTokens.length;
    standIn.control.failNext(2, 'expiredSession');
    const failure = await failureOf(crm.createOpportunity(opportunityOf('ref-session-twice')));
    expect(failure).toBeInstanceOf(CrmRejectedError);
    expect(failure.message).toContain('INVALID_SESSION_ID');
    expect(standIn.state.issuedTokens.length - tokensBefore).toBe(1);
  });

  it("throws CrmRejectedError with Salesforce's message when it refuses the data", async () => {
    const crm = connect();
    await crm.createOpportunity(opportunityOf('ref-rejected'));
    standIn.control.failNext(1, 'rejected');
    const failure = await failureOf(crm.createOpportunity(opportunityOf('ref-rejected-2')));
    expect(failure).toBeInstanceOf(CrmRejectedError);
    expect(failure.message).toBe(
      'Salesforce GET /query (Opportunity by OpenCpqRef__c): REQUIRED_FIELD_MISSING: Required fields are missing: [StageName]',
    );
    const orphan = await failureOf(crm.upsertQuote(quoteOf('006000000009999AAA')));
    expect(orphan).toBeInstanceOf(CrmRejectedError);
    expect(orphan.message).toContain('INVALID_CROSS_REFERENCE_KEY');
  });

  it('throws CrmRejectedError when the client credentials are refused', async () => {
    const failure = await failureOf(connect({ clientSecret: 'wrong-secret-1234' }).getQuoteNumber('0Q0'));
    expect(failure).toBeInstanceOf(CrmRejectedError);
    expect(failure.message).toContain('invalid_client');
  });

  it('never puts the secret in a message, even when the token endpoint echoes the request', async () => {
    const echo = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => {
        body += chunk;
      });
      request.on('end', () => {
        const description = `bad request: ${decodeURIComponent(body)}`;
        response.writeHead(400, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ error: 'invalid_request', error_description: description }));
      });
    });
    await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve));
    const { port } = echo.address() as AddressInfo;
    const crm = connect({ instanceUrl: `http://127.0.0.1:${port}` });
    const failure = await failureOf(crm.getQuoteNumber('0Q0'));
    await new Promise((resolve) => echo.close(resolve));
    expect(failure).toBeInstanceOf(CrmRejectedError);
    expect(failure.message).toContain('client_id=stand-in-consumer-key');
    expect(failure.message).not.toContain(STAND_IN_CLIENT_SECRET);
  });

  it('kept the client secret and every access token out of all the messages above', () => {
    expect(failures.length).toBeGreaterThan(10);
    const secrets = [STAND_IN_CLIENT_SECRET, 'wrong-secret-1234', ...standIn.state.issuedTokens];
    for (const failure of failures) {
      for (const secret of secrets) expect(`${failure.message} ${String(failure.cause ?? '')}`).not.toContain(secret);
    }
  });
});
