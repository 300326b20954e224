import type { TQuote } from '@cpq/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSalesforceCrm } from '../../adapters/crm/salesforce-crm';
import {
  STAND_IN_CLIENT_ID,
  STAND_IN_CLIENT_SECRET,
  startSalesforceStandIn,
  type TSalesforceStandIn,
} from '../../adapters/crm/salesforce-stand-in.test-support';
import { jobs, quoteLines } from '../../db/schema';
import type { TClaimedJob } from '../../jobs/job-queue';
import { resultOf } from '../../testing/expect-api';
import { createPlatformActors, type TPlatformActors } from '../../testing/platform-actors';
import { createTestApp, type TTestApp } from '../../testing/test-app';
import { drainUntil as drainJobsUntil } from '../../testing/wait';
import { quoteCalls } from '../quotes/quotes.test-support';
import { createCrmJobHandlers } from './crm-sync';

let t: TTestApp;
let a: TPlatformActors;
let salesforce: TSalesforceStandIn;

const RETRY_BASE_MS = 25;
const connection = () => ({
  instanceUrl: salesforce.url,
  clientId: STAND_IN_CLIENT_ID,
  clientSecret: STAND_IN_CLIENT_SECRET,
});

beforeAll(async () => {
  salesforce = await startSalesforceStandIn();
  t = await createTestApp({ env: { JOBS_RETRY_BASE_MS: String(RETRY_BASE_MS), JOBS_MAX_ATTEMPTS: '12' } });
  a = await createPlatformActors(t);
  resultOf(await t.call('platformManagement/updateIntegrationSettings', { id: a.pid, crm: connection() }, a.token[5]));
});
afterAll(async () => {
  await t.close();
  await salesforce.close();
});

const jobsOf = (quoteId: number) =>
  t.deps.db
    .select()
    .from(jobs)
    .where(eq(jobs.queue, 'crm.syncQuote'))
    .then((rows) => rows.filter((row) => (row.payload as { quoteId: number }).quoteId === quoteId));

const drainUntil = (isDone: () => Promise<boolean>) =>
  drainJobsUntil(t.deps.jobs, isDone, { intervalMs: RETRY_BASE_MS, rounds: 200 });

describe('the CRM hand-off with Salesforce, through durable jobs', () => {
  it('creates the Salesforce quote under the opportunity once, through a 500 and an outage, and records its number', async () => {
    const opportunityId = await createSalesforceCrm(connection()).createOpportunity({
      name: 'Acme lift doors',
      accountId: null,
      closeDate: new Date('2026-12-31'),
      externalRef: 'crm-test-1',
    });
    const quote = resultOf<TQuote>(
      await t.call(
        'quoteManagement/createQuoteInitiatedFromSalesforce',
        {
          salesPortalQuoteDTO: {
            opportunityId,
            opportunityName: 'Acme lift doors',
            contactFirstName: 'Ann',
            contactLastName: 'Lee',
            Address: '1 Main St\nSuite 9',
            City: 'San Francisco',
            State: 'CA',
            Zip: '94105-1234',
          },
        },
        a.token[1],
      ),
    );
    const createdBefore = salesforce.state.created.Quote;
    salesforce.control.setDown(true);
    await drainUntil(async () => ((await jobsOf(quote.id))[0]?.attempts ?? 0) >= 3);
    expect((await jobsOf(quote.id))[0]).toMatchObject({ status: 'pending' });
    expect(salesforce.state.created.Quote).toBe(createdBefore);
    salesforce.control.setDown(false);
    salesforce.control.failNext(1, 'status500');
    await drainUntil(async () => (await jobsOf(quote.id))[0]?.status === 'done');

    expect(salesforce.state.created.Quote).toBe(createdBefore + 1);
    const synced = await quoteCalls(t).getQuote(quote.id, a.token[1]);
    const record = salesforce.state.records.Quote.get(synced.salesforceQuoteId ?? '');
    expect(record).toMatchObject({
      OpportunityId: opportunityId,
      OpenCpqQuoteId__c: String(quote.id),
      BillingStreet: '1 Main St',
      BillingPostalCode: '94105',
    });
    expect(synced.sfQuoteNumber).toBe(record?.QuoteNumber);
    expect(synced.sfQuoteNumber).toMatch(/^\d{8}$/);

    // The next job reuses the platform's Salesforce session: no new sign-in.
    const tokens = salesforce.state.issuedTokens.length;
    const next = resultOf<TQuote>(
      await t.call(
        'quoteManagement/createQuoteInitiatedFromSalesforce',
        { salesPortalQuoteDTO: { opportunityId, opportunityName: 'Acme second bay' } },
        a.token[5],
      ),
    );
    await drainUntil(async () => (await jobsOf(next.id))[0]?.status === 'done');
    expect(salesforce.state.issuedTokens.length).toBe(tokens);
  });

  it('sends only the lines in the total: an optional line the customer left out is not the CRM’s', async () => {
    const calls = quoteCalls(t);
    const product = await calls.fixedProduct('40.00', a.token[5]);
    const quote = await calls.orderableQuote(product.ID, a.token[1], 3);
    const leftOut = quote.lines?.[1];
    await t.deps.db.update(quoteLines).set({ optional: true, selected: false }).where(eq(quoteLines.id, leftOut!.id));
    const sync = createCrmJobHandlers(t.deps)['crm.syncQuote'];
    await sync?.({ payload: { quoteId: quote.id } } as TClaimedJob<'crm.syncQuote'>);
    const synced = await calls.getQuote(quote.id, a.token[1]);
    const description = String(salesforce.state.records.Quote.get(synced.salesforceQuoteId ?? '')?.Description);
    expect(description.split('\n').filter((line) => line.startsWith('1 x '))).toHaveLength(2);
  });

  it('sends a discounted quote at its net amounts: the lines add up to the total, in its currency', async () => {
    const calls = quoteCalls(t);
    const product = await calls.fixedProduct('40.00', a.token[5]);
    const quote = await calls.orderableQuote(product.ID, a.token[1], 2);
    const [first] = quote.lines ?? [];
    resultOf(
      await t.call(
        'quoteManagement/updateLine',
        { id: first!.id, input: { quantity: 3, discountPercent: '10' } },
        a.token[1],
      ),
    );
    const lined = await calls.getQuote(quote.id, a.token[1]);
    resultOf(
      await t.call(
        'quoteManagement/updateQuote',
        { id: lined.id, version: lined.version, input: { discountPercent: '5' } },
        a.token[1],
      ),
    );
    const sync = createCrmJobHandlers(t.deps)['crm.syncQuote'];
    await sync?.({ payload: { quoteId: quote.id } } as TClaimedJob<'crm.syncQuote'>);
    const synced = await calls.getQuote(quote.id, a.token[1]);
    expect(synced.totalCost).toBe('140.6000');
    const description = String(salesforce.state.records.Quote.get(synced.salesforceQuoteId ?? '')?.Description);
    // 3 x 40.00 less 10% is 108.00 and 1 x 40.00; less 5% of 148.00 shared as 5.40 and 2.00.
    const rows = description.split('\n');
    expect(rows.filter((row) => / at 40\.00/.test(row)).map((row) => row.replace(/^(\d+) x .* at /, '$1 at '))).toEqual(
      ['3 at 40.00, net 102.60', '1 at 40.00, net 38.00'],
    );
    expect(rows.at(-1)).toBe('Total: 140.60 USD');
  });
});
