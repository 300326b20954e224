import { randomUUID } from 'node:crypto';
import type { TRoutePath } from '@cpq/contracts';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, mailOutbox, quotes } from '../../db/schema';
import { expectFailure, expectFieldError, resultOf } from '../../testing/expect-api';
import { createUser } from '../../testing/factories';
import { createPlatformActors, type TPlatformActors } from '../../testing/platform-actors';
import { createTestApp, type TTestApp } from '../../testing/test-app';
import { callAudited, changeEventsOf, trailRow } from '../audit/audit.test-support';
import { quoteCalls } from '../quotes/quotes.test-support';

const ROUTES_UNDER_TEST = ['administration/sendEmail', 'quoteManagement/sendOrderStatusEmails'] as const;

let t: TTestApp;
let a: TPlatformActors;
/** Addresses platform `a.pid` knows, one of each kind. */
let known: { notification: string; user: string; customer: string; quoteContact: string };
/** A user of the other platform. */
let otherUser: string;

const unique = () => randomUUID().slice(0, 8);
const outboxSize = async () => (await t.database.db.select({ n: count() }).from(mailOutbox))[0]?.n ?? 0;
const lastMail = async () => {
  const rows = await t.database.db.select().from(mailOutbox).orderBy(mailOutbox.id);
  return rows.at(-1);
};
const send = (path: TRoutePath, body: Record<string, unknown>, token = a.token[5]) => t.call(path, body, token);
const message = (emails: string[] | string, htmlBody = '<p>Your order shipped.</p>') => ({
  emails,
  subject: 'Order update',
  htmlBody,
});

beforeAll(async () => {
  t = await createTestApp();
  a = await createPlatformActors(t);
  const db = t.database.db;
  const customerEmail = `Buyer-${unique()}@Customer.example`;
  await db.insert(customers).values({ pid: a.pid, erpId: `C-${unique()}`, email: customerEmail });
  const quote = await quoteCalls(t).newQuote(a.token[1]);
  const quoteContact = `contact-${unique()}@quote.example`;
  await db.update(quotes).set({ email: quoteContact }).where(eq(quotes.id, quote.id));
  known = {
    notification: `orders@${a.pid}.example`,
    user: a.username[1],
    customer: customerEmail.toLowerCase(),
    quoteContact,
  };
  otherUser = (await createUser(db, { roleLevel: 1, pid: a.otherPid })).user.username;
});
afterAll(() => t.close());

describe.each(ROUTES_UNDER_TEST)('%s', (path) => {
  it('queues one sanitised message with a plain-text alternative, audited', async () => {
    const html =
      '<p onclick="steal()">Order <strong>#42</strong> shipped.<img src="https://tracker.example/p.gif" onerror="alert(1)"></p>' +
      '<script>alert(document.cookie)</script><a href="javascript:alert(1)">Click</a> <a href="https://shop.example/o/42">Track</a>';
    const result = resultOf(await callAudited(t, path, message([known.notification], html), a.token[5]));
    expect(result).toEqual({ ok: true, recipients: 1 });
    const mail = await lastMail();
    expect(mail).toMatchObject({ to: [known.notification], subject: 'Order update', pid: a.pid });
    for (const dropped of ['<script', 'alert', 'onerror', 'onclick', 'javascript:', '<img', 'tracker.example']) {
      expect(mail?.htmlBody).not.toContain(dropped);
    }
    expect(mail?.htmlBody).toContain('<p>Order <strong>#42</strong> shipped.</p>');
    expect(mail?.htmlBody).toContain('<a href="https://shop.example/o/42">Track</a>');
    expect(mail?.textBody).toBe('Order #42 shipped.\n\nClick Track (https://shop.example/o/42)');
    expect(await changeEventsOf(t, 'mail', mail?.id ?? 0)).toEqual([
      trailRow('mail.created', a.pid, a.username[5], { via: path, recipients: 1 }),
    ]);
  });

  it('mails the platform’s notification addresses, users, customers and quote contacts, once each', async () => {
    const emails = [known.notification, known.user, known.customer.toUpperCase(), known.quoteContact, known.user];
    expect(resultOf(await send(path, message(emails.join(', '))))).toEqual({ ok: true, recipients: 4 });
    expect((await lastMail())?.to).toEqual([known.notification, known.user, known.customer, known.quoteContact]);
  });

  it('refuses addresses the platform does not know, naming them, and queues nothing', async () => {
    const before = await outboxSize();
    const stranger = `stranger-${unique()}@elsewhere.example`;
    const response = await send(path, message([known.user, stranger, otherUser]));
    const body = expectFieldError(response, 'emails');
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.error).toContain(stranger);
    expect(body.error).toContain(otherUser);
    expect(body.error).not.toContain(known.user);
    expectFieldError(await send(path, message([known.user]), a.otherAdmin), 'emails');
    expect(await outboxSize()).toBe(before);
  });

  it('lets level 9 mail the addresses of any platform', async () => {
    expect(resultOf(await send(path, message([otherUser, known.user]), a.token[9]))).toEqual({
      ok: true,
      recipients: 2,
    });
  });

  it('takes at most 50 recipients', async () => {
    const fifty = Array.from({ length: 50 }, () => known.user);
    expect(resultOf(await send(path, message(fifty)))).toEqual({ ok: true, recipients: 1 });
    const before = await outboxSize();
    expectFieldError(await send(path, message([...fifty, known.notification])), 'emails');
    expectFieldError(await send(path, message([...fifty, known.notification].join(','))), 'emails');
    expect(await outboxSize()).toBe(before);
  });

  it('refuses a message with nothing left once sanitised, and a bad address', async () => {
    expectFieldError(await send(path, message([known.user], '<script>alert(1)</script>')), 'htmlBody');
    expectFieldError(await send(path, message(['not-an-address'])), 'emails.0');
  });

  it('is for administrators: level 1 answers FORBIDDEN', async () => {
    const before = await outboxSize();
    expectFailure(await send(path, message([known.user]), a.token[1]), 'FORBIDDEN', undefined, 403);
    expect(await outboxSize()).toBe(before);
  });
});

describe('the subject', () => {
  it('is kept on one line', async () => {
    resultOf(
      await send('administration/sendEmail', { ...message([known.user]), subject: 'Hello\r\nBcc: x@evil.example' }),
    );
    expect((await lastMail())?.subject).toBe('Hello Bcc: x@evil.example');
  });
});
