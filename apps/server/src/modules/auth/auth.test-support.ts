import { API_PREFIX, type TRoutePath } from '@cpq/contracts';
import { desc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { auditEvents, mailOutbox } from '../../db/schema';
import type { TTestApp } from '../../testing/test-app';

/** A clock tests move by hand; starts at the real time so signed tokens are valid for jose too. */
export function manualClock(start: Date = new Date()) {
  let now = start.getTime();
  return {
    now: () => new Date(now),
    advance(ms: number) {
      now += ms;
    },
  };
}

let ipCounter = 0;
/** A fresh client address, so tests in one file do not share per-IP rate limits. */
export const freshIp = (): string => {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
};

/** Calls a route from the given client address (the app trusts X-Forwarded-For, as behind a proxy). */
export function callFrom(
  t: TTestApp,
  ip: string,
  path: TRoutePath,
  body: unknown,
  token?: string,
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url: `${API_PREFIX}/${path}`,
    headers: { 'x-forwarded-for': ip, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    payload: body as object,
  });
}

/** The audit actions recorded about a user, oldest first. */
export async function auditActionsOf(t: TTestApp, userId: number): Promise<string[]> {
  const events = await t.deps.db
    .select()
    .from(auditEvents)
    .where(eq(auditEvents.entityId, String(userId)));
  return events.map((event) => event.action);
}

/** The six-digit code of the newest mailbox-check mail to a user (first enrolment); throws when there is none. */
export async function mailboxCodeOf(t: TTestApp, username: string): Promise<string> {
  const mails = await t.deps.db.select().from(mailOutbox).orderBy(desc(mailOutbox.id));
  const mail = mails.find((row) => row.to.includes(username) && row.subject.includes('sign-in code'));
  const code = mail?.textBody.match(/code on the sign-in page: (\d{6})/)?.[1];
  if (!code) throw new Error(`no mailbox code mailed to ${username}`);
  return code;
}

/** How many mailbox-check mails a user has been sent. */
export async function mailboxMailCount(t: TTestApp, username: string): Promise<number> {
  const mails = await t.deps.db.select().from(mailOutbox);
  return mails.filter((row) => row.to.includes(username) && row.subject.includes('sign-in code')).length;
}

/**
 * The mailbox check of a first enrolment through the API: the code from the mail and the ticket from auth/login
 * to auth/confirmMailbox. Answers the response (its result holds the enrolment and a fresh ticket).
 */
export async function confirmMailboxFrom(
  t: TTestApp,
  ip: string,
  username: string,
  ticket: string,
): Promise<LightMyRequestResponse> {
  const code = await mailboxCodeOf(t, username);
  return callFrom(t, ip, 'auth/confirmMailbox', { username, code, secret: ticket });
}
