import { randomUUID } from 'node:crypto';
import { CONFIGURATOR_ID, MSG, type TQuote } from '@cpq/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, crmOpportunities, crmQuotes, jobs } from '../../db/schema';
import { expectFailure, expectFieldError, resultOf } from '../../testing/expect-api';
import { createUser, signedInUser } from '../../testing/factories';
import { expectAccess, type TPlatformActors } from '../../testing/platform-actors';
import type { TTestApp } from '../../testing/test-app';
import { quoteTestBed, type TQuoteTestBed } from '../quotes/quotes.test-support';

let t: TTestApp;
let a: TPlatformActors;
let calls: TQuoteTestBed['calls'];
let productId: number;

beforeAll(async () => {
  ({ t, a, calls, productId } = await quoteTestBed('250.00'));
});
afterAll(() => t.close());

const HANDOFF = {
  opportunityId: '006A000000Lift01',
  opportunityName: 'Acme lift doors',
  accountId: '001A000000Acme',
  accountName: 'Acme Industrial',
  contactFirstName: 'Ann',
  contactLastName: 'Lee',
  contactEmail: 'Ann.Lee@Acme.example',
  phone: '4155550100',
  repCode: 'R12',
  divisionCode: 'D1',
  regionCode: 'WEST',
  territoryCode: 'T9',
  userId: '005A0000User',
  userAlias: 'jsmith',
  Address: '1 Main St\nSuite 9',
  City: 'San Francisco',
  State: 'CA',
  Zip: '94105-1234',
  Country: 'USA',
  CountryCode: 'US',
};

const solidfit = (quoteId: number, quoteGenConfigId: string, lines: Record<string, unknown>[], token = a.token[1]) =>
  t.call('quoteManagement/updateSolidfitLinePricing', { quoteId, quoteGenConfigId, lines }, token);

/** The quote's review step (Create Quote) started, as the pricing step's configuration; answers its id. */
async function reviewConfiguration(quoteId: number, token = a.token[1]): Promise<string> {
  const configurationId = randomUUID();
  const start = { configurationId, productId: CONFIGURATOR_ID.quote, quoteId };
  resultOf(await t.call('configurator/start', start, token));
  return configurationId;
}

const handoff = (dto: Record<string, string>, token = a.token[1]) =>
  t.call('quoteManagement/createQuoteInitiatedFromSalesforce', { salesPortalQuoteDTO: dto }, token);

describe('the CRM hand-off and the salesforce* calls', () => {
  it('a sign-in from the hand-off (fromSalesforce) is recorded as such', async () => {
    const { user, password } = await createUser(t.deps.db, { roleLevel: 1, pid: a.pid });
    resultOf(
      await t.call('auth/login', { username: user.username, password, stayLoggedIn: false, fromSalesforce: true }),
    );
    resultOf(await t.call('auth/login', { username: user.username, password, stayLoggedIn: false }));
    const events = await t.deps.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'auth.signIn.succeeded'), eq(auditEvents.actorUserId, user.id)));
    expect(events.map((event) => event.data)).toEqual([
      { stayLoggedIn: false, via: 'salesforce' },
      { stayLoggedIn: false },
    ]);
  });

  it('answer who may call them', async () => {
    const quote = await calls.newQuote(a.token[1]);
    await expectAccess(
      t,
      a,
      'quoteManagement/createQuoteInitiatedFromSalesforce',
      { salesPortalQuoteDTO: { opportunityId: 'O-acc' } },
      1,
    );
    await expectAccess(
      t,
      a,
      'quoteManagement/salesforceCreateQuote',
      { opportunityId: 'O-2', opportunityName: 'N' },
      1,
    );
    await expectAccess(t, a, 'quoteManagement/salesforceGetQuoteNumber', { quoteId: quote.id }, 1);
    await expectAccess(
      t,
      a,
      'quoteManagement/updateSalesforceQuoteNumber',
      { quoteId: quote.id, sfQuoteNumber: 'Q-1' },
      1,
    );
    await expectAccess(
      t,
      a,
      'quoteManagement/salesforceUpdateQuote',
      { salesforceQuoteId: '0Q0X', swiftSellQuoteId: quote.id },
      1,
    );
  });

  it('makes a quote from the parameters (zip cut at the hyphen, address at the newline) and links it in the CRM', async () => {
    const quote = resultOf<TQuote>(await handoff(HANDOFF));
    expect(quote).toMatchObject({
      type: 1,
      name: 'Acme lift doors',
      createdByEmail: a.username[1],
      salesforceOpportunityId: HANDOFF.opportunityId,
      sfCustomer: HANDOFF.accountId,
      sfRepCode: 'R12',
      sfDivisionCode: 'D1',
      sfRegionCode: 'WEST',
      sfTerritoryCode: 'T9',
      sfUserId: HANDOFF.userId,
      sfUserAlias: 'jsmith',
      firstName: 'Ann',
      lastName: 'Lee',
      contact: expect.objectContaining({ email: 'ann.lee@acme.example', companyName: 'Acme Industrial' }),
      billingAddress: expect.objectContaining({
        Address: '1 Main St',
        Address2: 'Suite 9',
        City: 'San Francisco',
        Zip: '94105',
      }),
      sfQuoteNumber: null,
    });
    // The same link opened again lands on the same quote.
    expect(resultOf<TQuote>(await handoff(HANDOFF)).id).toBe(quote.id);

    const before = resultOf<{ syncStatus: string | null }>(
      await t.call('quoteManagement/salesforceGetQuoteNumber', { quoteId: quote.id }, a.token[1]),
    );
    expect(before).toMatchObject({ sfQuoteNumber: null, syncStatus: 'pending' });
    await t.deps.jobs.drain();
    const after = resultOf<{ sfQuoteNumber: string; salesforceQuoteId: string; syncStatus: string }>(
      await t.call('quoteManagement/salesforceGetQuoteNumber', { quoteId: quote.id }, a.token[1]),
    );
    expect(after).toMatchObject({
      sfQuoteNumber: expect.stringMatching(/^\d{8}$/),
      salesforceQuoteId: expect.stringMatching(/^LQ-\d+$/),
      salesforceOpportunityId: HANDOFF.opportunityId,
      syncStatus: 'done',
    });
    const [local] = await t.deps.db.select().from(crmQuotes).where(eq(crmQuotes.quoteId, quote.id));
    expect(local).toMatchObject({ opportunityId: HANDOFF.opportunityId, name: 'Acme lift doors' });
    // The CRM's fields are not the user's: the sync leaves the quote's version alone, so no open edit is refused.
    expect((await calls.getQuote(quote.id, a.token[1])).version).toBe(quote.version);
  });

  it('without an opportunity, creates one in the CRM; with existingQuote, lands on that quote', async () => {
    const quote = resultOf<TQuote>(await handoff({ accountName: 'Walk-in buyer', contactFirstName: 'Bo' }));
    expect(quote).toMatchObject({ name: 'Walk-in buyer', salesforceOpportunityId: null, billingAddress: null });
    await t.deps.jobs.drain();
    const synced = await calls.getQuote(quote.id, a.token[1]);
    const [opportunity] = await t.deps.db
      .select()
      .from(crmOpportunities)
      .where(eq(crmOpportunities.externalRef, `quote:${quote.id}`));
    expect(synced.salesforceOpportunityId).toBe(opportunity?.id);

    expect(resultOf<TQuote>(await handoff({ existingQuote: 'true', quoteId: String(quote.id) })).id).toBe(quote.id);
    expectFailure(await handoff({ existingQuote: 'true', quoteId: String(quote.id) }, a.otherAdmin), 'NOT_FOUND');
    expectFailure(await handoff({ existingQuote: 'true', quoteId: 'abc' }), 'NOT_FOUND');
  });

  it('salesforceCreateQuote, salesforceUpdateQuote and updateSalesforceQuoteNumber', async () => {
    const created = resultOf<TQuote>(
      await t.call(
        'quoteManagement/salesforceCreateQuote',
        { opportunityId: '006B', opportunityName: 'Bay doors' },
        a.token[1],
      ),
    );
    expect(created).toMatchObject({ name: 'Bay doors', salesforceOpportunityId: '006B', type: 1 });

    const linked = resultOf<TQuote>(
      await t.call(
        'quoteManagement/salesforceUpdateQuote',
        { salesforceQuoteId: '0Q0B', swiftSellQuoteId: created.id },
        a.token[1],
      ),
    );
    expect(linked).toMatchObject({
      salesforceQuoteId: '0Q0B',
      swiftsellQuoteId: String(created.id),
      version: created.version + 1,
    });
    const numbered = resultOf<TQuote>(
      await t.call(
        'quoteManagement/updateSalesforceQuoteNumber',
        { quoteId: created.id, sfQuoteNumber: '00001234' },
        a.token[1],
      ),
    );
    expect(numbered.sfQuoteNumber).toBe('00001234');
    const stranger = await signedInUser(t.deps.db, t.deps.config.tokenSecret, { roleLevel: 1, pid: a.pid });
    expectFailure(
      await t.call(
        'quoteManagement/updateSalesforceQuoteNumber',
        { quoteId: created.id, sfQuoteNumber: 'X' },
        stranger.token,
      ),
      'NOT_FOUND',
      MSG.notFound,
    );
    expectFieldError(
      await t.call(
        'quoteManagement/updateSalesforceQuoteNumber',
        { quoteId: created.id, sfQuoteNumber: ' ' },
        a.token[1],
      ),
      'sfQuoteNumber',
    );
  });

  it('updateSolidfitLinePricing prices lines by the server, recomputes the total and sends a CRM quote to the CRM', async () => {
    const product = await calls.fixedProduct('250.00', a.token[5]);
    const quote = await calls.orderableQuote(product.ID, a.token[1]);
    const [first, second] = quote.lines ?? [];
    const review = await reviewConfiguration(quote.id);
    // The product's price changes: the pricing step applies today's price to the lines it names.
    resultOf(
      await t.call(
        'productManagement/updateProduct',
        { id: product.ID, input: { defaultPrice: '199.995' } },
        a.token[5],
      ),
    );
    const before = await calls.getQuote(quote.id, a.token[1]);
    const priced = resultOf<TQuote>(await solidfit(quote.id, review, [{ id: first!.id }]));
    expect(priced).toMatchObject({ quoteGenConfigId: review, totalCost: '450.0000', version: before.version + 1 });
    expect(priced.lines?.find((line) => line.id === first!.id)).toMatchObject({
      price: '200.0000',
      salesPrice: '200.0000',
    });
    // Not linked to the CRM: nothing to send.
    const synced = await t.deps.db
      .select()
      .from(jobs)
      .where(eq(jobs.key, `crm.syncQuote:${quote.id}:v${priced.version}`));
    expect(synced).toEqual([]);

    // A line of another quote refuses the whole request.
    const other = await calls.orderableQuote(productId, a.token[1]);
    expectFailure(await solidfit(quote.id, review, [{ id: second!.id }, { id: other.lines![0]!.id }]), 'NOT_FOUND');
    expect((await calls.getQuote(quote.id, a.token[1])).totalCost).toBe('450.0000');

    const crmQuote = resultOf<TQuote>(await handoff({ opportunityId: '006C', opportunityName: 'Dock' }));
    const withLine = await calls.getQuote(crmQuote.id, a.token[1]);
    resultOf(await calls.addLine(crmQuote.id, product.ID, a.token[1]));
    const lines = (await calls.getQuote(crmQuote.id, a.token[1])).lines ?? [];
    const repriced = resultOf<TQuote>(
      await solidfit(crmQuote.id, await reviewConfiguration(crmQuote.id), [{ id: lines[0]!.id }]),
    );
    expect(repriced.version).toBeGreaterThan(withLine.version);
    const [job] = await t.deps.db
      .select()
      .from(jobs)
      .where(eq(jobs.key, `crm.syncQuote:${crmQuote.id}:v${repriced.version}`));
    expect(job).toMatchObject({ status: 'pending', queue: 'crm.syncQuote' });
    await t.deps.jobs.drain();
    const [local] = await t.deps.db.select().from(crmQuotes).where(eq(crmQuotes.quoteId, crmQuote.id));
    expect(local?.totalPrice).toBe('200.0000');
  });

  it('updateSolidfitLinePricing takes no price from the client and only the quote’s own review configuration', async () => {
    const quote = await calls.orderableQuote(productId, a.token[1]);
    const [line] = quote.lines ?? [];
    const review = await reviewConfiguration(quote.id);
    // A price of one cent, below zero or even the right one: refused, naming the field; nothing changes.
    for (const price of ['0.0100', '-250.0000', '250.00']) {
      const refused = await solidfit(quote.id, review, [{ id: line!.id, price }]);
      expectFieldError(refused, 'lines.0', 'Unknown field(s): price');
    }
    const otherQuote = await calls.orderableQuote(productId, a.token[1]);
    for (const configurationId of ['QG-7', await reviewConfiguration(otherQuote.id), randomUUID()]) {
      const refused = expectFailure(
        await solidfit(quote.id, configurationId, [{ id: line!.id }]),
        'NOT_FOUND',
        'That is not this quote’s pricing step. Open Create Quote on this quote and finish it first.',
        404,
      );
      expect(refused.details?.map((detail) => detail.path)).toEqual(['quoteGenConfigId']);
    }
    expect(await calls.getQuote(quote.id, a.token[1])).toMatchObject({
      version: quote.version,
      totalCost: '500.0000',
      quoteGenConfigId: null,
    });
  });
});
