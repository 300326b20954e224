import type { TQuote } from '@cpq/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, mailOutbox } from '../../db/schema';
import { expectFailure, resultOf } from '../../testing/expect-api';
import { createPlatform, signedInUser } from '../../testing/factories';
import type { TPlatformActors } from '../../testing/platform-actors';
import { decodeQuotedPrintable, startSmtpServer } from '../../testing/smtp-server';
import type { TTestApp } from '../../testing/test-app';
import { until } from '../../testing/wait';
import { quoteTestBed, type TQuoteTestBed } from '../quotes/quotes.test-support';

const REDIS_URL = process.env.REDIS_URL;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let t: TTestApp;
let a: TPlatformActors;
let calls: TQuoteTestBed['calls'];
let productId: number;

beforeAll(async () => {
  smtp = await startSmtpServer();
  ({ t, a, calls, productId } = await quoteTestBed('10.00', {
    env: {
      SMTP_URL: smtp.url,
      MAIL_LIMIT_PER_USER: '2',
      MAIL_LIMIT_PER_PLATFORM: '3',
      ...(REDIS_URL ? { REDIS_URL } : {}),
    },
  }));
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

/** A quote of `token`'s user with one line and the contact fields given, at its current version. */
async function quoteWith(token: string, contact: Record<string, string>, name = 'Warehouse doors'): Promise<TQuote> {
  const quote = await calls.newQuote(token, { name });
  resultOf(await calls.addLine(quote.id, productId, token));
  const { version } = await calls.getQuote(quote.id, token);
  return resultOf<TQuote>(
    await t.call('quoteManagement/updateQuote', { id: quote.id, version, input: contact }, token),
  );
}

const placeOrder = async (quote: TQuote, token: string, poNumber = 'PO-1') =>
  resultOf<TQuote>(
    await t.call('quoteManagement/placeOrder', { id: quote.id, version: quote.version, poNumber }, token),
  );

/** The confirmation of order `id` as the SMTP server received it, with its quoted-printable undone. */
async function receivedConfirmation(id: number) {
  await t.deps.mailer.flush();
  const subject = `Subject: Order #${id} confirmed`;
  await until(() => smtp.received.some((mail) => mail.raw.includes(subject)), { what: `the mail of order ${id}` });
  const mail = smtp.received.find((received) => received.raw.includes(subject));
  return { to: mail?.to ?? [], raw: decodeQuotedPrintable(mail?.raw ?? '') };
}

const withheldEvents = (quoteId: number) =>
  t.deps.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.action, 'mail.withheld'), eq(auditEvents.pid, a.pid)))
    .then((rows) => rows.filter((row) => (row.data as { quoteId?: number }).quoteId === quoteId));

describe('order mail: what users type arrives as text, never as a link', () => {
  it('escapes markup and defuses addresses in names, project, PO number and contact', async () => {
    const quote = await quoteWith(
      a.token[1],
      {
        firstName: '<a href="https://evil.example/win">Claim your prize</a>',
        lastName: 'https://evil.example',
        email: a.username[1],
      },
      'Visit www.evil.example or mail win@evil.example now',
    );
    const order = await placeOrder(quote, a.token[1], 'evil.example/po');
    const { raw } = await receivedConfirmation(order.id);
    expect(raw).toContain('&#60;a href=&#34;https[:]//evil[.]example/win&#34;&#62;Claim your prize&#60;/a&#62;');
    expect(raw).not.toMatch(/<a href="https:\/\/evil/);
    // Neither part holds anything a mail client would turn into a link to the typed site.
    expect(raw).not.toMatch(/evil\.example/i);
    expect(raw).not.toMatch(/https:\/\/evil/i);
    expect(raw).toContain(
      'Hello <a href="https[:]//evil[.]example/win">Claim your prize</a> https[:]//evil[.]example,',
    );
    expect(raw).toContain('for Visit www[.]evil[.]example or mail win@evil[.]example now');
    expect(raw).toContain('Purchase order: evil[.]example/po.');
    // The app's own link still works.
    expect(raw).toContain(`http://cpq.test/Quote/${order.id}`);
  });
});

describe('order mail: limits per user and per platform', () => {
  it("sends the (N+1)th confirmation to a typed address only to the buyer, says so, and audits it; another user then meets the platform's limit", async () => {
    const buyer = a.token[1];
    const placed: TQuote[] = [];
    for (const index of [1, 2, 3]) {
      const quote = await quoteWith(buyer, { firstName: 'Ann', email: `target${index}@victim.example` });
      placed.push(await placeOrder(quote, buyer));
    }
    const [first, second, third] = await Promise.all(placed.map((order) => receivedConfirmation(order.id)));
    expect(first?.to.sort()).toEqual(['target1@victim.example', a.username[1]].sort());
    expect(second?.to.sort()).toEqual(['target2@victim.example', a.username[1]].sort());
    // Past the buyer's limit of 2: the order stands, the confirmation goes to the buyer alone, saying so.
    expect(third?.to).toEqual([a.username[1]]);
    expect(third?.raw).toContain('We did not send a copy to target3@victim[.]example');
    expect(placed[2]?.type).toBe(2);
    const [event] = await withheldEvents(placed[2]?.id ?? 0);
    expect(event?.data).toEqual({ quoteId: placed[2]?.id, limit: 'user', recipients: 1 });
    expect(await withheldEvents(placed[1]?.id ?? 0)).toEqual([]);

    // A second buyer of the same platform: the platform's limit is 3 and the first buyer used 2 of it.
    const other = await signedInUser(t.database.db, t.deps.config.tokenSecret, { roleLevel: 1, pid: a.pid });
    const fourth = await placeOrder(await quoteWith(other.token, { email: 'target4@victim.example' }), other.token);
    const fifth = await placeOrder(await quoteWith(other.token, { email: 'target5@victim.example' }), other.token);
    expect((await receivedConfirmation(fourth.id)).to.sort()).toEqual(
      ['target4@victim.example', other.user.username].sort(),
    );
    expect((await receivedConfirmation(fifth.id)).to).toEqual([other.user.username]);
    const [platformEvent] = await withheldEvents(fifth.id);
    expect(platformEvent?.data).toEqual({ quoteId: fifth.id, limit: 'platform', recipients: 1 });

    // Mail to the buyer's own address spends no budget.
    const own = await placeOrder(await quoteWith(buyer, { email: a.username[1] }), buyer);
    expect((await receivedConfirmation(own.id)).to).toEqual([a.username[1]]);
    expect(await withheldEvents(own.id)).toEqual([]);
  });

  it('refuses a composed mail past the limit with 429 and Retry-After, sending nothing', async () => {
    const pid = (await createPlatform(t.database.db)).id;
    const admin = await signedInUser(t.database.db, t.deps.config.tokenSecret, { roleLevel: 5, pid });
    const send = () =>
      t.call(
        'administration/sendEmail',
        { emails: [admin.user.username], subject: 'Hello', htmlBody: '<p>Hello</p>' },
        admin.token,
      );
    expect((await send()).statusCode).toBe(200);
    expect((await send()).statusCode).toBe(200);
    const before = await t.deps.db.$count(mailOutbox);
    const refused = await send();
    expectFailure(refused, 'RATE_LIMITED');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toMatch(/^\d+$/);
    expect(refused.json().error).toMatch(
      /^You have reached the limit of 2 e-mail recipients per hour\. Nothing was sent; try again in \d+ minutes?\.$/,
    );
    expect(await t.deps.db.$count(mailOutbox)).toBe(before);
  });
});
