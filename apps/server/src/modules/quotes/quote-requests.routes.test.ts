import { MSG, msgRequestTakenBy, type TQuote, type TQuoteListRow } from '@cpq/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFailure, resultOf } from '../../testing/expect-api';
import { signedInUser } from '../../testing/factories';
import { callAudited, changeEventsOf, expectNoEvents, trailRow } from '../audit/audit.test-support';
import { quoteTestBed, type TQuoteTestBed } from './quotes.test-support';

let t: TQuoteTestBed['t'];
let a: TQuoteTestBed['a'];
let calls: TQuoteTestBed['calls'];
let productId: number;
/** A visitor (public user, level 0) of platform a, with a name, and a second one. */
let visitor: { token: string; username: string };
let otherVisitor: string;
/** A second registered user (sales rep) of platform a. */
let rep2: { token: string; username: string };

beforeAll(async () => {
  ({ t, a, calls, productId } = await quoteTestBed('38.50'));
  const { db, config } = t.deps;
  const made = await signedInUser(db, config.tokenSecret, { roleLevel: 0, pid: a.pid, firstName: 'Vic', lastName: '' });
  visitor = { token: made.token, username: made.user.username };
  otherVisitor = (await signedInUser(db, config.tokenSecret, { roleLevel: 0, pid: a.pid })).token;
  const second = await signedInUser(db, config.tokenSecret, { roleLevel: 1, pid: a.pid });
  rep2 = { token: second.token, username: second.user.username };
});
afterAll(() => t.close());

/** A visitor's quote request with two lines of the $38.50 product. */
async function visitorRequest(): Promise<TQuote> {
  const request = await calls.newQuote(visitor.token, { name: 'Barn doors' });
  expect(request.type).toBe(3);
  resultOf(await calls.addLine(request.id, productId, visitor.token));
  resultOf(await calls.addLine(request.id, productId, visitor.token, { quantity: 3 }));
  return calls.getQuote(request.id, visitor.token);
}

const take = (id: number, token: string) => t.call('quoteManagement/takeQuoteRequest', { id }, token);
const convert = (quote: Pick<TQuote, 'id' | 'version'>, token: string) =>
  t.call('quoteManagement/convertQuoteRequest', { id: quote.id, version: quote.version }, token);
const listRequests = async (token: string) =>
  resultOf<{ rows: TQuoteListRow[]; count: number }>(
    await t.call('quoteManagement/getQuotes', { type: 3, limit: 100, offset: 0 }, token),
  ).rows;

describe('quote requests: who sees them', () => {
  it('registered users of the platform read a visitor’s request and list it; nobody else does', async () => {
    const request = await visitorRequest();
    for (const token of [a.token[1], rep2.token, a.token[5], a.token[9]]) {
      const read = resultOf<TQuote>(await t.call('quoteManagement/getQuote', { id: request.id }, token));
      expect(read).toMatchObject({ id: request.id, type: 3, requestedBy: visitor.username, takenBy: null });
      expect(read.lines).toHaveLength(2);
      resultOf(await t.call('quoteManagement/getLines', { quoteId: request.id }, token));
      resultOf(await t.call('quoteManagement/getCommunications', { quoteId: request.id }, token));
      expect((await listRequests(token)).map((row) => row.id)).toContain(request.id);
    }
    // Another visitor, and another platform's administrator, neither read nor list it.
    for (const token of [otherVisitor, a.otherAdmin]) {
      expectFailure(await t.call('quoteManagement/getQuote', { id: request.id }, token), 'NOT_FOUND', undefined, 404);
      expect((await listRequests(token)).map((row) => row.id)).not.toContain(request.id);
    }
    // The visitor still sees their own.
    expect((await listRequests(visitor.token)).map((row) => row.id)).toContain(request.id);
  });

  it('reading is not editing: a registered user who has not taken a request cannot change it', async () => {
    const request = await visitorRequest();
    const body = { id: request.id, version: request.version, input: { name: 'Mine now' } };
    expectFailure(await t.call('quoteManagement/updateQuote', body, a.token[1]), 'NOT_FOUND', undefined, 404);
    const comment = { input: { comment: 'Hello', quoteId: request.id } };
    expectFailure(await t.call('quoteManagement/createCommunication', comment, a.token[1]), 'NOT_FOUND');
    expect(await calls.getQuote(request.id, visitor.token)).toMatchObject({ name: 'Barn doors' });
  });

  it('another registered user’s quote stays private', async () => {
    const quote = await calls.newQuote(rep2.token, { name: 'Private' });
    expectFailure(await t.call('quoteManagement/getQuote', { id: quote.id }, a.token[1]), 'NOT_FOUND');
    expectFailure(await take(quote.id, a.token[1]), 'NOT_FOUND', undefined, 404);
    expectFailure(await take(quote.id, a.token[5]), 'CONFLICT', MSG.notAQuoteRequest, 409);
  });
});

describe('quoteManagement/takeQuoteRequest', () => {
  it('makes the request the caller’s, fills the contact from the visitor, audited; others see who took it', async () => {
    const request = await visitorRequest();
    const taken = resultOf<TQuote>(
      await callAudited(t, 'quoteManagement/takeQuoteRequest', { id: request.id }, a.token[1]),
    );
    expect(taken).toMatchObject({
      type: 3,
      createdByEmail: a.username[1],
      requestedBy: visitor.username,
      takenBy: a.username[1],
      firstName: 'Vic',
      lastName: null,
      contact: expect.objectContaining({ email: visitor.username, firstName: 'Vic' }),
      version: request.version + 1,
      totalCost: request.totalCost,
    });
    const events = await changeEventsOf(t, 'quote', request.id);
    expect(events.at(-1)).toEqual(
      trailRow('quote.updated', a.pid, a.username[1], {
        fields: expect.arrayContaining(['createdByUserId', 'createdByEmail', 'email', 'firstName']),
        via: 'takeQuoteRequest',
      }),
    );
    // Others see who took it, in the list and on the request.
    const row = (await listRequests(rep2.token)).find((item) => item.id === request.id);
    expect(row).toMatchObject({ takenBy: a.username[1], requestedBy: visitor.username });
    expect(resultOf<TQuote>(await t.call('quoteManagement/getQuote', { id: request.id }, rep2.token))).toMatchObject({
      takenBy: a.username[1],
    });
    // The same taker again: the request as it is, no new version or event.
    await expectNoEvents(t, async () => {
      expect(resultOf<TQuote>(await take(request.id, a.token[1]))).toMatchObject({ version: taken.version });
    });
    // Someone else (an administrator too) is refused, naming who has it; nothing changes.
    await expectNoEvents(t, async () => {
      for (const token of [rep2.token, a.token[5]]) {
        expectFailure(await take(request.id, token), 'CONFLICT', msgRequestTakenBy(request.id, a.username[1]), 409);
      }
    });
    expect(await calls.getQuote(request.id, a.token[1])).toMatchObject({ createdByEmail: a.username[1] });
    // The visitor who asked still reads and lists their request, and sees who has it, but no longer changes it.
    expect(await calls.getQuote(request.id, visitor.token)).toMatchObject({
      requestedBy: visitor.username,
      takenBy: a.username[1],
    });
    expect((await listRequests(visitor.token)).map((item) => item.id)).toContain(request.id);
    const rename = { id: request.id, version: taken.version, input: { name: 'Changed' } };
    expectFailure(await t.call('quoteManagement/updateQuote', rename, visitor.token), 'NOT_FOUND', undefined, 404);
  });

  it('two reps at once: one wins, the other is told who did', async () => {
    const request = await visitorRequest();
    const [first, second] = await Promise.all([take(request.id, a.token[1]), take(request.id, rep2.token)]);
    const answers = [first, second].map((response) => response.statusCode).sort();
    expect(answers).toEqual([200, 409]);
    const winner = first.statusCode === 200 ? a.username[1] : rep2.username;
    const loser = first.statusCode === 200 ? second : first;
    expectFailure(loser, 'CONFLICT', msgRequestTakenBy(request.id, winner), 409);
    expect(await calls.getQuote(request.id, a.token[9])).toMatchObject({ createdByEmail: winner, takenBy: winner });
    const takes = (await changeEventsOf(t, 'quote', request.id)).filter(
      (event) => (event.data as { via?: string }).via === 'takeQuoteRequest',
    );
    expect(takes).toHaveLength(1);
  });

  it('public users may not take requests, and another platform’s administrator finds none', async () => {
    const request = await visitorRequest();
    expectFailure(await take(request.id, otherVisitor), 'FORBIDDEN', undefined, 403);
    expectFailure(await take(request.id, a.otherAdmin), 'NOT_FOUND', undefined, 404);
    expect(await calls.getQuote(request.id, visitor.token)).toMatchObject({ takenBy: null });
  });

  it('a locked request cannot be taken', async () => {
    const request = await visitorRequest();
    resultOf(await t.call('quoteManagement/lockQuote', { id: request.id, version: request.version }, a.token[5]));
    expectFailure(await take(request.id, a.token[1]), 'CONFLICT', MSG.quoteLocked, 409);
  });
});

describe('quoteManagement/convertQuoteRequest', () => {
  it('the owner turns a taken request into a quote with the visitor as contact; lines keep their prices', async () => {
    const request = await visitorRequest();
    // Open: take it first; taken by someone else: refused naming them; a stale version: refused.
    expectFailure(await convert(request, a.token[1]), 'CONFLICT', MSG.takeRequestFirst, 409);
    const taken = resultOf<TQuote>(await take(request.id, a.token[1]));
    expectFailure(await convert(taken, rep2.token), 'CONFLICT', msgRequestTakenBy(request.id, a.username[1]), 409);
    expectFailure(await convert(request, a.token[1]), 'CONFLICT', MSG.conflict, 409);

    const quote = resultOf<TQuote>(
      await callAudited(t, 'quoteManagement/convertQuoteRequest', { id: taken.id, version: taken.version }, a.token[1]),
    );
    expect(quote).toMatchObject({
      id: request.id,
      type: 1,
      createdByEmail: a.username[1],
      contact: expect.objectContaining({ email: visitor.username, firstName: 'Vic' }),
      requestedBy: null,
      takenBy: null,
      totalCost: request.totalCost,
      lineCount: 2,
    });
    expect(quote.lines?.map((line) => [line.price, line.quantity])).toEqual(
      request.lines?.map((line) => [line.price, line.quantity]),
    );
    const events = await changeEventsOf(t, 'quote', request.id);
    expect(events.at(-1)).toEqual(
      trailRow('quote.updated', a.pid, a.username[1], { fields: ['type'], via: 'convertQuoteRequest' }),
    );
    // Again (a double click): the quote as it is. It is now on its owner's dashboard, not among the requests.
    expect(resultOf<TQuote>(await convert(taken, a.token[1]))).toMatchObject({ type: 1, version: quote.version });
    const dashboard = resultOf<{ rows: TQuoteListRow[] }>(
      await t.call('quoteManagement/getQuotes', { username: a.username[1], type: 1 }, a.token[1]),
    ).rows;
    expect(dashboard.map((row) => row.id)).toContain(request.id);
    expect((await listRequests(rep2.token)).map((row) => row.id)).not.toContain(request.id);
  });

  it('another platform’s administrator finds nothing to convert; level 9 takes and converts any', async () => {
    const request = await visitorRequest();
    expectFailure(await convert(request, a.otherAdmin), 'NOT_FOUND', undefined, 404);
    expectFailure(await convert(request, otherVisitor), 'FORBIDDEN', undefined, 403);
    const taken = resultOf<TQuote>(await take(request.id, a.token[9]));
    expect(resultOf<TQuote>(await convert(taken, a.token[9]))).toMatchObject({ type: 1 });
  });

  it('an order is no request: it is neither taken nor converted', async () => {
    const order = await calls.placedOrder(productId, a.token[1]);
    expectFailure(await take(order.id, a.token[1]), 'CONFLICT', MSG.notAQuoteRequest, 409);
    expectFailure(await convert(order, a.token[1]), 'CONFLICT', MSG.notAQuoteRequest, 409);
  });
});
