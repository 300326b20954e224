import { MSG, PORTAL_MSG, quoteTotal, type TContentChange, type TPortalQuote, type TQuote } from '@cpq/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quoteAcceptances, quoteShares, quotes, users } from '../../db/schema';
import { expectFailure, resultOf } from '../../testing/expect-api';
import { quoteTestBed, type TQuoteTestBed } from '../quotes/quotes.test-support';
import { PORTAL_LIMITS } from './portal-limits';
import { portalCalls } from './quote-portal.test-support';

const now = new Date('2026-12-07T12:00:00Z');
let bed: TQuoteTestBed;
let p: ReturnType<typeof portalCalls>;
const published: { pid: string; change: TContentChange }[] = [];

beforeAll(async () => {
  // Many links are shared here, each a mail to a typed address: the budget must not decide these tests.
  bed = await quoteTestBed('125.5000', {
    clock: () => now,
    env: { MAIL_LIMIT_PER_USER: '1000', MAIL_LIMIT_PER_PLATFORM: '1000' },
  });
  p = portalCalls(bed);
  const realtime = bed.t.deps.realtime;
  const publish = realtime.publishContentChange.bind(realtime);
  realtime.publishContentChange = (pid, change) => {
    published.push({ pid, change });
    publish(pid, change);
  };
});
afterAll(() => bed.t.close());

const rep = () => bed.a.token[1];
const view = async (token: string) => resultOf<TPortalQuote>(await p.portal('quotePortal/getQuote', { token }));

/** Marks a line of the quote optional (or required) as the rep; answers the quote. */
const setOptional = (quote: TQuote, lineIndex: number, optional: boolean) =>
  p.setOptional(quote, lineIndex, optional, rep());

/** A printed, shared quote of three lines whose last two are optional (priced 125.50 x 1, so each line is $125.50). */
async function sharedWithOptions() {
  let quote = await bed.calls.orderableQuote(bed.productId, rep(), 3);
  quote = await setOptional(quote, 1, true);
  quote = await setOptional(quote, 2, true);
  quote = await p.printQuote(quote.id, rep());
  return { quote, ...(await p.share(quote, rep())) };
}

describe('quotePortal/getQuote', () => {
  it('shows the printed quote: lines, total, terms, validity, customer, and a hash of what is accepted; records the opening', async () => {
    const { quote, token, share } = await sharedWithOptions();
    const answer = resultOf<TPortalQuote>(
      await p.portal('quotePortal/getQuote', { token }, '203.0.113.7', 'Firefox/140'),
    );
    expect(answer).toMatchObject({ status: 'open', quoteNumber: quote.id, acceptance: null });
    expect(answer.payment).toEqual({ method: 'po', card: null });
    const shown = answer.view!;
    expect(shown.revision).toBe(1);
    expect(shown.customer).toEqual({ name: 'Ada Lovelace', companyName: null, email: 'ada@buyer.example' });
    expect(
      shown.lines.map((line) => [line.lineNumber, line.unitPrice, line.extended, line.optional, line.selected]),
    ).toEqual([
      [1, '125.50', '125.50', false, true],
      [2, '125.50', '125.50', true, true],
      [3, '125.50', '125.50', true, true],
    ]);
    expect(shown.total).toMatch(/^376\.50*$/);
    expect(shown.terms.map((term) => term.Value)).toContain('2-4 weeks');
    expect(shown.validUntil).not.toBeNull();
    expect(shown.viewHash).toMatch(/^[0-9a-f]{64}$/);
    const rows = resultOf<{ rows: { id: number; openCount: number; openings: unknown[] }[] }>(
      await bed.t.call('quoteManagement/getQuoteShares', { id: quote.id }, rep()),
    ).rows;
    expect(rows.find((row) => row.id === share.id)?.openings).toEqual([
      { at: now.toISOString(), ip: '203.0.113.7', userAgent: 'Firefox/140' },
    ]);
    // The same content answers the same hash; a comment does not change it.
    resultOf(await p.portal('quotePortal/addComment', { token, comment: 'Looks good.' }));
    expect((await view(token)).view?.viewHash).toBe(shown.viewHash);
  });

  it('shows each line after its own discount and the quote discount above the total; a new quote discount supersedes the link', async () => {
    let quote = await bed.calls.orderableQuote(bed.productId, rep(), 2);
    const [first] = quote.lines ?? [];
    resultOf(
      await bed.t.call('quoteManagement/updateLine', { id: first?.id, input: { discountPercent: '40' } }, rep()),
    );
    quote = await bed.calls.getQuote(quote.id, rep());
    quote = resultOf<TQuote>(
      await bed.t.call(
        'quoteManagement/updateQuote',
        { id: quote.id, version: quote.version, input: { discountPercent: '10' } },
        rep(),
      ),
    );
    quote = await p.printQuote(quote.id, rep());
    const { token } = await p.share(quote, rep());
    const shown = (await view(token)).view!;
    // 125.50 less 40% = 75.30, plus 125.50 = 200.80; less 10% (20.08) = 180.72.
    expect(shown.lines.map((line) => [line.unitPrice, line.extended])).toEqual([
      ['125.50', '75.30'],
      ['125.50', '125.50'],
    ]);
    expect(shown.quoteDiscount).toEqual({ percent: '10', subtotal: '200.80', amount: '20.08' });
    expect(shown.total).toMatch(/^180\.720*$/);
    const current = await bed.calls.getQuote(quote.id, rep());
    resultOf(
      await bed.t.call(
        'quoteManagement/updateQuote',
        { id: quote.id, version: current.version, input: { discountPercent: '12' } },
        rep(),
      ),
    );
    expect((await view(token)).status).toBe('superseded');
  });

  it('answers one 404, word for word, for a tampered, unknown, revoked or expired link', async () => {
    const { token, share } = await sharedWithOptions();
    const last = token.at(-1) === 'A' ? 'B' : 'A';
    const tampered = `${token.slice(0, -1)}${last}`;
    const expired = await p.share(await p.printedQuote(rep()), rep());
    const revoked = await p.share(await p.printedQuote(rep()), rep());
    resultOf(await bed.t.call('quoteManagement/revokeQuoteShare', { id: revoked.share.id }, rep()));
    await bed.t.database.db
      .update(quoteShares)
      .set({ expiresAt: new Date(now.getTime() - 1) })
      .where(eq(quoteShares.id, expired.share.id));
    const bodies = [];
    for (const bad of [tampered, 'A'.repeat(43), revoked.token, expired.token]) {
      for (const path of ['quotePortal/getQuote', 'quotePortal/requestCurrent'] as const) {
        const response = await p.portal(path, { token: bad });
        expectFailure(response, 'NOT_FOUND', PORTAL_MSG.linkUnavailable, 404);
        bodies.push(response.body);
      }
      const choose = await p.portal('quotePortal/chooseLines', { token: bad, lines: [{ id: 1, selected: true }] });
      expectFailure(choose, 'NOT_FOUND', PORTAL_MSG.linkUnavailable, 404);
      bodies.push(choose.body);
    }
    expect(new Set(bodies).size).toBe(1);
    // The untampered link still opens.
    expect((await view(token)).status).toBe('open');
    expect(share.status).toBe('active');
  });

  it('never shows a quote through a link of another platform', async () => {
    const { share } = await sharedWithOptions();
    const foreign = 'f'.repeat(43);
    const { hashShareToken } = await import('./share-token');
    const [row] = await bed.t.database.db.select().from(quoteShares).where(eq(quoteShares.id, share.id));
    await bed.t.database.db.insert(quoteShares).values({
      ...row!,
      id: undefined,
      pid: bed.a.otherPid,
      tokenHash: hashShareToken(foreign),
    });
    expectFailure(
      await p.portal('quotePortal/getQuote', { token: foreign }),
      'NOT_FOUND',
      PORTAL_MSG.linkUnavailable,
      404,
    );
  });

  it('says card when the quote’s owner pays by card', async () => {
    const owner = await bed.t.database.db.select().from(users).where(eq(users.username, bed.a.username[5]));
    await bed.t.database.db.update(users).set({ checkoutType: 'stripe' }).where(eq(users.id, owner[0]!.id));
    const quote = await p.printedQuote(bed.a.token[5]);
    const { token } = await p.share(quote, bed.a.token[5]);
    const answer = await view(token);
    expect(answer.payment.method).toBe('card');
    expect(answer.payment.card).toEqual({
      provider: bed.t.deps.payments.provider,
      publishableKey: bed.t.deps.payments.publishableKey,
    });
  });

  it('is superseded once the rep edits the quote: no content, writes refused, and the current one can be asked for', async () => {
    const { quote, token } = await sharedWithOptions();
    const edited = resultOf<TQuote>(
      await bed.t.call(
        'quoteManagement/updateQuote',
        { id: quote.id, version: quote.version, input: { name: 'Changed' } },
        rep(),
      ),
    );
    expect(edited.version).toBeGreaterThan(quote.version);
    const answer = await view(token);
    expect(answer).toMatchObject({ status: 'superseded', view: null, quoteNumber: quote.id });
    const line = quote.lines?.[1];
    expectFailure(
      await p.portal('quotePortal/chooseLines', { token, lines: [{ id: line!.id, selected: false }] }),
      'CONFLICT',
      PORTAL_MSG.superseded,
      409,
    );
    expectFailure(
      await p.portal('quotePortal/addComment', { token, comment: 'Hi' }),
      'CONFLICT',
      PORTAL_MSG.superseded,
      409,
    );
    const sent = resultOf<{ sentTo: string }>(await p.portal('quotePortal/requestCurrent', { token }));
    expect(sent).toEqual({ sentTo: 'b***@customer.example' });
    const [mail] = await p.latestMails(1);
    expect(mail?.to).toEqual(['buyer@customer.example']);
    const newToken = /\/q\/([A-Za-z0-9_-]{43})/.exec(mail?.textBody ?? '')?.[1] ?? '';
    expect(newToken).not.toBe(token);
    expect((await view(newToken)).status).toBe('open');
    expectFailure(
      await p.portal('quotePortal/requestCurrent', { token: newToken }),
      'CONFLICT',
      PORTAL_MSG.notSuperseded,
      409,
    );
  });

  it('stays open through changes of what the customer does not read: a lock and unlock, the notes', async () => {
    const { quote, token } = await sharedWithOptions();
    const before = (await view(token)).view!;
    const admin = bed.a.token[5];
    const locked = resultOf<TQuote>(
      await bed.t.call('quoteManagement/lockQuote', { id: quote.id, version: quote.version }, admin),
    );
    const unlocked = resultOf<TQuote>(
      await bed.t.call('quoteManagement/unlockQuote', { id: quote.id, version: locked.version }, admin),
    );
    resultOf(
      await bed.t.call(
        'quoteManagement/updateQuote',
        { id: quote.id, version: unlocked.version, input: { notes: 'Call before delivery' } },
        rep(),
      ),
    );
    const after = await view(token);
    expect(after.status).toBe('open');
    expect(after.view?.viewHash).toBe(before.viewHash);
  });

  it('is superseded by a new printed revision, even of the same content', async () => {
    const { quote, token } = await sharedWithOptions();
    await p.printQuote(quote.id, rep());
    expect((await view(token)).status).toBe('superseded');
  });

  it('a superseded link asks for the current one a few times an hour, whatever the address', async () => {
    const { quote, token } = await sharedWithOptions();
    await p.printQuote(quote.id, rep());
    for (let index = 0; index < PORTAL_LIMITS.requestCurrentPerLink.limit; index += 1) {
      resultOf(await p.portal('quotePortal/requestCurrent', { token }));
    }
    const refused = await p.portal('quotePortal/requestCurrent', { token });
    expectFailure(refused, 'RATE_LIMITED', MSG.tooManyRequests, 429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('a new printed revision supersedes the link', async () => {
    const { quote, token } = await sharedWithOptions();
    await p.printQuote(quote.id, rep());
    expect((await view(token)).status).toBe('superseded');
  });

  it('an accepted quote answers its view and the acceptance; writes say it is accepted', async () => {
    const { quote, token, share } = await sharedWithOptions();
    await bed.t.database.db.update(quotes).set({ type: 2, poNumber: 'PO-9' }).where(eq(quotes.id, quote.id));
    await bed.t.database.db.insert(quoteAcceptances).values({
      pid: bed.a.pid,
      quoteId: quote.id,
      shareId: share.id,
      revision: 1,
      signerName: 'Jane Buyer',
      signerTitle: 'Purchasing',
      signatureKind: 'typed',
      signatureText: 'Jane Buyer',
      documentHash: 'a'.repeat(64),
      paidBy: 'po',
      poNumber: 'PO-9',
      acceptedAt: now,
    });
    const answer = await view(token);
    expect(answer.status).toBe('accepted');
    expect(answer.view?.validUntil).toBeNull();
    expect(answer.acceptance).toEqual({
      signerName: 'Jane Buyer',
      signerTitle: 'Purchasing',
      acceptedAt: now.toISOString(),
      orderId: quote.id,
      documentHash: 'a'.repeat(64),
      paidBy: 'po',
      poNumber: 'PO-9',
    });
    const line = quote.lines?.[1];
    expectFailure(
      await p.portal('quotePortal/chooseLines', { token, lines: [{ id: line!.id, selected: false }] }),
      'CONFLICT',
      PORTAL_MSG.accepted,
      409,
    );
    // A comment after accepting is signed by the signer.
    resultOf(await p.portal('quotePortal/addComment', { token, comment: 'When does it ship?' }));
    expect((await view(token)).view?.comments.at(-1)?.author).toBe('Jane Buyer (customer)');
  });
});

describe('quotePortal/chooseLines', () => {
  it('leaves out an optional line: the total is exact, the link and the quote’s other links still open, the rep’s screens hear of it', async () => {
    const { quote, token } = await sharedWithOptions();
    const other = await p.share(quote, rep(), 'colleague@customer.example');
    const [, second, third] = quote.lines ?? [];
    published.length = 0;
    const chosen = resultOf<TPortalQuote>(
      await p.portal('quotePortal/chooseLines', { token, lines: [{ id: second!.id, selected: false }] }),
    );
    expect(chosen.status).toBe('open');
    expect(chosen.view?.lines.map((line) => line.selected)).toEqual([true, false, true]);
    const expected = quoteTotal([
      { price: '125.50', quantity: 1 },
      { price: '125.50', quantity: 1, selected: false },
      { price: '125.50', quantity: 1 },
    ]);
    expect(expected).toBe('251.00');
    const after = await bed.calls.getQuote(quote.id, rep());
    expect(Number(after.totalCost)).toBe(251);
    expect(after.lineCount).toBe(3);
    expect(after.lines?.map((line) => line.selected)).toEqual([true, false, true]);
    expect((await view(other.token)).status).toBe('open');
    expect(published).toEqual([
      {
        pid: bed.a.pid,
        change: { activeOrders: [], numItemsUpdated: 0, quotes: [{ id: quote.id, version: after.version }] },
      },
    ]);
    // Both back in, and the same choice again changes nothing.
    const back = resultOf<TPortalQuote>(
      await p.portal('quotePortal/chooseLines', {
        token,
        lines: [
          { id: second!.id, selected: true },
          { id: third!.id, selected: true },
        ],
      }),
    );
    expect(Number(back.view?.total)).toBe(376.5);
    const version = (await bed.calls.getQuote(quote.id, rep())).version;
    resultOf(await p.portal('quotePortal/chooseLines', { token, lines: [{ id: second!.id, selected: true }] }));
    expect((await bed.calls.getQuote(quote.id, rep())).version).toBe(version);
  });

  it('refuses a required line or another quote’s line with 400 naming them', async () => {
    const { quote, token } = await sharedWithOptions();
    const elsewhere = await sharedWithOptions();
    const [first, second] = quote.lines ?? [];
    const foreign = elsewhere.quote.lines?.[1];
    const body = expectFailure(
      await p.portal('quotePortal/chooseLines', {
        token,
        lines: [
          { id: first!.id, selected: false },
          { id: second!.id, selected: false },
          { id: foreign!.id, selected: false },
        ],
      }),
      'VALIDATION_FAILED',
      PORTAL_MSG.notOptional,
      400,
    );
    expect(body.details?.map((detail) => detail.path)).toEqual(['lines.0.id', 'lines.2.id']);
    expect((await bed.calls.getQuote(quote.id, rep())).lines?.map((line) => line.selected)).toEqual([true, true, true]);
  });

  it('refuses a quote its sales side locked', async () => {
    const { quote, token } = await sharedWithOptions();
    await bed.t.database.db.update(quotes).set({ isLocked: true }).where(eq(quotes.id, quote.id));
    expectFailure(
      await p.portal('quotePortal/chooseLines', { token, lines: [{ id: quote.lines![1]!.id, selected: false }] }),
      'CONFLICT',
      PORTAL_MSG.locked,
      409,
    );
  });
});

describe('quoteManagement/setLineOptional', () => {
  it('keeps an optional line’s choice; making it required puts it back in the total', async () => {
    const { quote, token } = await sharedWithOptions();
    resultOf(
      await p.portal('quotePortal/chooseLines', { token, lines: [{ id: quote.lines![2]!.id, selected: false }] }),
    );
    const current = await bed.calls.getQuote(quote.id, rep());
    expect(Number(current.totalCost)).toBe(251);
    const required = await setOptional(current, 2, false);
    expect(required.lines?.[2]).toMatchObject({ optional: false, selected: true });
    expect(Number(required.totalCost)).toBe(376.5);
    // A rep's change supersedes the link.
    expect((await view(token)).status).toBe('superseded');
  });

  it('checks the line’s version, the lock and the order', async () => {
    const quote = await bed.calls.orderableQuote(bed.productId, rep(), 1);
    const line = quote.lines![0]!;
    const call = (body: Record<string, unknown>) =>
      bed.t.call(
        'quoteManagement/setLineOptional',
        { id: quote.id, lineId: line.id, version: line.version, optional: true, ...body },
        rep(),
      );
    expectFailure(await call({ version: line.version + 1 }), 'CONFLICT', MSG.conflict, 409);
    expectFailure(await call({ lineId: 2_000_000 }), 'NOT_FOUND');
    expectFailure(
      await bed.t.call(
        'quoteManagement/setLineOptional',
        { id: quote.id, lineId: line.id, version: line.version, optional: true },
        bed.a.otherAdmin,
      ),
      'NOT_FOUND',
    );
    await bed.t.database.db.update(quotes).set({ isLocked: true }).where(eq(quotes.id, quote.id));
    expectFailure(await call({}), 'CONFLICT', MSG.quoteLocked, 409);
    await bed.t.database.db.update(quotes).set({ isLocked: false, type: 2 }).where(eq(quotes.id, quote.id));
    expectFailure(await call({}), 'CONFLICT', MSG.orderLinesFixed, 409);
  });
});

describe('quotePortal/addComment', () => {
  it('stores the customer’s comment with the quote’s communications and mails its owner', async () => {
    const { quote, token } = await sharedWithOptions();
    const answer = resultOf<TPortalQuote>(
      await p.portal('quotePortal/addComment', { token, comment: 'Can you ship by Friday?' }),
    );
    expect(answer.view?.comments.at(-1)).toMatchObject({
      author: 'buyer@customer.example (customer)',
      comment: 'Can you ship by Friday?',
      fromCustomer: true,
    });
    const listed = resultOf<{ rows: { username: string; comment: string }[] }>(
      await bed.t.call('quoteManagement/getCommunications', { quoteId: quote.id }, rep()),
    ).rows;
    expect(listed.at(-1)).toMatchObject({
      username: 'buyer@customer.example (customer)',
      comment: 'Can you ship by Friday?',
    });
    const [mail] = await p.latestMails(1);
    expect(mail?.to).toEqual([bed.a.username[1]]);
    expect(mail?.textBody).toContain('Can you ship by Friday?');
    expect(mail?.htmlBody).toContain(`http://cpq.test/Quote/${quote.id}`);
    // The comment is not a change of the quote: the link still opens it.
    expect((await view(token)).status).toBe('open');
  });
});

describe('rate limits', () => {
  it('answers 429 with Retry-After past the reads and the writes of one address', async () => {
    const { token } = await sharedWithOptions();
    const ip = '198.51.100.9';
    for (let index = 0; index < PORTAL_LIMITS.read.limit; index += 1) {
      expect((await p.portal('quotePortal/getQuote', { token }, ip)).statusCode).toBe(200);
    }
    const refused = await p.portal('quotePortal/getQuote', { token }, ip);
    expectFailure(refused, 'RATE_LIMITED', MSG.tooManyRequests, 429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Unknown tokens are counted too, so tokens cannot be guessed faster.
    expectFailure(await p.portal('quotePortal/getQuote', { token: 'B'.repeat(43) }, ip), 'RATE_LIMITED');
    const writer = '198.51.100.10';
    for (let index = 0; index < PORTAL_LIMITS.write.limit; index += 1) {
      await p.portal('quotePortal/requestCurrent', { token }, writer);
    }
    const writes = await p.portal('quotePortal/requestCurrent', { token }, writer);
    expectFailure(writes, 'RATE_LIMITED', MSG.tooManyRequests, 429);
    expect(Number(writes.headers['retry-after'])).toBeGreaterThan(0);
  });
});
