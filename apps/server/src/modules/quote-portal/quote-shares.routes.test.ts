import { Writable } from 'node:stream';
import { MSG, PORTAL_MSG, SHARE_DEFAULT_DAYS, type TQuote, type TQuoteShare } from '@cpq/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, quoteShares, users } from '../../db/schema';
import { sha256Hex } from '../../lib/digest';
import { expectFailure, resultOf } from '../../testing/expect-api';
import { quoteTestBed, type TQuoteTestBed } from '../quotes/quotes.test-support';
import { portalCalls } from './quote-portal.test-support';

const DAY_MS = 24 * 60 * 60 * 1000;
let now = new Date('2026-12-07T12:00:00Z');
let bed: TQuoteTestBed;
let p: ReturnType<typeof portalCalls>;
let quote: TQuote;

beforeAll(async () => {
  bed = await quoteTestBed('125.5000', { clock: () => now });
  p = portalCalls(bed);
  quote = await p.printedQuote(bed.a.token[1]);
});
afterAll(() => bed.t.close());

const shares = async (quoteId: number, token = bed.a.token[1]) =>
  resultOf<{ rows: TQuoteShare[] }>(await bed.t.call('quoteManagement/getQuoteShares', { id: quoteId }, token)).rows;

describe('quoteManagement/shareQuote', () => {
  it('makes a link to the printed revision, keeps only its hash, mails it with the rep, quote and expiry, and audits it', async () => {
    const shared = await p.share(quote, bed.a.token[1], 'jane@customer.example');
    expect(shared.url).toBe(`http://cpq.test/q/${shared.token}`);
    expect(shared.share).toMatchObject({
      quoteId: quote.id,
      email: 'jane@customer.example',
      sharedBy: bed.a.username[1],
      revision: 1,
      status: 'active',
      openCount: 0,
      lastOpenedAt: null,
      openings: [],
      revokedAt: null,
    });
    expect(new Date(shared.share.expiresAt).getTime()).toBe(now.getTime() + SHARE_DEFAULT_DAYS * DAY_MS);
    const [row] = await bed.t.database.db.select().from(quoteShares).where(eq(quoteShares.id, shared.share.id));
    expect(row?.tokenHash).toBe(sha256Hex(shared.token));
    expect(JSON.stringify(row)).not.toContain(shared.token);
    const [mail] = await p.latestMails(1);
    expect(mail?.to).toEqual(['jane@customer.example']);
    expect(mail?.htmlBody).toContain(`href="${shared.url}"`);
    expect(mail?.textBody).toContain(`quote #${quote.id}`);
    expect(mail?.textBody).toContain('The link works until 01/06/2027.');
    const events = await bed.t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'quoteShare.created'), eq(auditEvents.entityId, String(shared.share.id))));
    expect(events).toHaveLength(1);
  });

  it('names the rep in the mail by their name', async () => {
    await bed.t.database.db
      .update(users)
      .set({ firstName: 'Rita', lastName: 'Rep' })
      .where(eq(users.username, bed.a.username[1]));
    await p.share(quote, bed.a.token[1]);
    const [mail] = await p.latestMails(1);
    expect(mail?.textBody).toContain('Rita Rep');
  });

  it('takes an expiry in the future within the longest, else 400 on expiresAt', async () => {
    const call = (expiresAt: string) =>
      bed.t.call(
        'quoteManagement/shareQuote',
        { id: quote.id, version: quote.version, email: 'x@customer.example', expiresAt },
        bed.a.token[1],
      );
    const inTenDays = new Date(now.getTime() + 10 * DAY_MS).toISOString();
    expect(resultOf<{ share: TQuoteShare }>(await call(inTenDays)).share.expiresAt).toBe(inTenDays);
    for (const expiresAt of [
      new Date(now.getTime() - 1000).toISOString(),
      new Date(now.getTime() + 366 * DAY_MS).toISOString(),
    ]) {
      const body = expectFailure(await call(expiresAt), 'VALIDATION_FAILED', undefined, 400);
      expect(body.details?.map((detail) => detail.path)).toEqual(['expiresAt']);
    }
  });

  it('needs the printed quote, the current version, a quote (not an order) the caller may see', async () => {
    const unprinted = await bed.calls.orderableQuote(bed.productId, bed.a.token[1]);
    const share = (q: Pick<TQuote, 'id' | 'version'>, token = bed.a.token[1]) =>
      bed.t.call('quoteManagement/shareQuote', { id: q.id, version: q.version, email: 'x@customer.example' }, token);
    expectFailure(await share(unprinted), 'CONFLICT', PORTAL_MSG.printFirst, 409);
    expectFailure(await share({ id: quote.id, version: quote.version - 1 }), 'CONFLICT', MSG.conflict, 409);
    expectFailure(await share(quote, bed.a.otherAdmin), 'NOT_FOUND', undefined, 404);
    const order = await bed.calls.placedOrder(bed.productId, bed.a.token[1]);
    expectFailure(await share(order), 'CONFLICT', PORTAL_MSG.shareQuotesOnly, 409);
  });

  it('spends the mail budget: past it 429 with Retry-After, and no link is made', async () => {
    const other = await p.printedQuote(bed.a.token[5]);
    const [admin] = await bed.t.database.db.select().from(users).where(eq(users.username, bed.a.username[5]));
    const { perUser, windowMs } = bed.t.deps.config.mailLimits;
    await bed.t.deps.limiter.hit(`mail:user:${bed.a.pid}:${admin?.id}`, perUser, windowMs, perUser);
    const before = await shares(other.id, bed.a.token[5]);
    const response = await bed.t.call(
      'quoteManagement/shareQuote',
      { id: other.id, version: other.version, email: 'x@customer.example' },
      bed.a.token[5],
    );
    expectFailure(response, 'RATE_LIMITED', undefined, 429);
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    expect(await shares(other.id, bed.a.token[5])).toHaveLength(before.length);
  });
});

describe('quoteManagement/revokeQuoteShare and getQuoteShares', () => {
  it('revokes once (again answers it unchanged); the link then answers the one 404', async () => {
    const shared = await p.share(quote, bed.a.token[1]);
    const revoke = () => bed.t.call('quoteManagement/revokeQuoteShare', { id: shared.share.id }, bed.a.token[1]);
    const first = resultOf<TQuoteShare>(await revoke());
    expect(first.status).toBe('revoked');
    now = new Date(now.getTime() + 60_000);
    const second = resultOf<TQuoteShare>(await revoke());
    expect(second.revokedAt).toBe(first.revokedAt);
    expectFailure(
      await p.portal('quotePortal/getQuote', { token: shared.token }),
      'NOT_FOUND',
      PORTAL_MSG.linkUnavailable,
      404,
    );
    expectFailure(
      await bed.t.call('quoteManagement/revokeQuoteShare', { id: shared.share.id }, bed.a.otherAdmin),
      'NOT_FOUND',
    );
  });

  it('lists every link newest first with its status, open count, last opening and latest 20 openings', async () => {
    const fresh = await p.printedQuote(bed.a.token[1]);
    const first = await p.share(fresh, bed.a.token[1], 'one@customer.example');
    now = new Date(now.getTime() + 1000);
    const second = await p.share(fresh, bed.a.token[1], 'two@customer.example');
    for (let index = 0; index < 22; index += 1) {
      now = new Date(now.getTime() + 1000);
      resultOf(await p.portal('quotePortal/getQuote', { token: first.token }, `10.9.0.${index}`, `Browser ${index}`));
    }
    resultOf(await p.portal('quotePortal/getQuote', { token: second.token }));
    const rows = await shares(fresh.id);
    expect(rows.map((row) => row.email)).toEqual(['two@customer.example', 'one@customer.example']);
    const [two, one] = rows;
    expect(one?.openCount).toBe(22);
    expect(one?.openings).toHaveLength(20);
    expect(one?.openings[0]).toEqual({ at: now.toISOString(), ip: '10.9.0.21', userAgent: 'Browser 21' });
    expect(one?.lastOpenedAt).toBe(now.toISOString());
    expect(two?.openCount).toBe(1);
    expect(rows.every((row) => row.status === 'active')).toBe(true);
    expectFailure(await bed.t.call('quoteManagement/getQuoteShares', { id: fresh.id }, bed.a.otherAdmin), 'NOT_FOUND');
  });
});

describe('the log', () => {
  it('never holds a link token: not the /q/ page, not a portal call', async () => {
    const lines: string[] = [];
    const logStream = new Writable({
      write(chunk, _encoding, callback) {
        lines.push(String(chunk));
        callback();
      },
    });
    const logged = await quoteTestBed('10.0000', { logStream, logLevel: 'trace' });
    try {
      const lp = portalCalls(logged);
      const printed = await lp.printedQuote(logged.a.token[1]);
      const shared = await lp.share(printed, logged.a.token[1]);
      await logged.t.app.inject({ method: 'GET', url: `/q/${shared.token}` });
      resultOf(await lp.portal('quotePortal/getQuote', { token: shared.token }));
      await lp.portal('quotePortal/addComment', { token: shared.token, comment: 'Hello' });
      expect(lines.some((line) => line.includes('/q/[redacted]'))).toBe(true);
      expect(lines.join('\n')).not.toContain(shared.token);
    } finally {
      await logged.t.close();
    }
  });
});
