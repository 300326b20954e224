import { Writable } from 'node:stream';
import { MFA } from '@cpq/contracts';
import { desc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from './db/schema';
import { currentTotp } from './lib/totp';
import { mailboxCodeOf } from './modules/auth/auth.test-support';
import { DEMO_USERS } from './seed/seed';
import { createTestApp, type TTestApp } from './testing/test-app';

/**
 * Runs the sign-in, multi-factor, reset and failure flows with every log line captured at trace level, and checks
 * that no password, token, ticket, authenticator secret, code or reset id ever reaches the log.
 */
const lines: string[] = [];
const logStream = new Writable({
  write(chunk, _encoding, callback) {
    lines.push(...String(chunk).split('\n').filter(Boolean));
    callback();
  },
});

let now = Date.now();
let t: TTestApp;
/** Every secret the flows handle: long ones are searched as substrings, codes as whole numbers. */
const secrets = new Set<string>();
const codes = new Set<string>();

beforeAll(async () => {
  t = await createTestApp({ seed: true, logStream, clock: () => new Date(now) });
});
afterAll(async () => {
  await t.close();
});

const demo = (username: string) => DEMO_USERS.find((user) => user.username === username)!;
const result = (response: { json(): { result: Record<string, unknown> } }) => response.json().result;

async function resetIdFromOutbox(username: string): Promise<string> {
  const mails = await t.deps.db.select().from(mailOutbox).orderBy(desc(mailOutbox.id));
  const id = mails.find((mail) => mail.to.includes(username))?.textBody.match(/request=([\w-]+)/)?.[1];
  if (!id) throw new Error('no reset mail');
  return id;
}

describe('logs', () => {
  it('never contain a password, token, ticket, TOTP secret, code or reset id', async () => {
    // Password sign-in, a wrong password, an unknown user, sign-out.
    const admin = demo('admin@demo.opencpq.dev');
    secrets.add(admin.password);
    const session = result(await t.call('auth/login', { username: admin.username, password: admin.password }));
    const adminToken = session.token as string;
    secrets.add(adminToken);
    secrets.add('Wrong#Password1');
    await t.call('auth/login', { username: admin.username, password: 'Wrong#Password1' });
    await t.call('auth/login', { username: 'nobody@example.com', password: 'Wrong#Password1' });
    await t.call('auth/getSecret', {}, adminToken).then((response) => {
      const enrollment = result(response);
      secrets.add(enrollment.secret as string);
      secrets.add(enrollment.otpauthUrl as string);
    });

    // Multi-factor: enrolment on first sign-in, a wrong code, the right code, a replayed code.
    const secure = demo('sales@secure.opencpq.dev');
    secrets.add(secure.password);
    const first = result(await t.call('auth/login', { username: secure.username, password: secure.password }));
    secrets.add(first.secret as string);
    // The mailbox check: a wrong code, then the mailed one.
    const mailCode = await mailboxCodeOf(t, secure.username);
    codes.add(mailCode);
    const wrongMailCode = mailCode === '000000' ? '000001' : '000000';
    codes.add(wrongMailCode);
    await t.call('auth/confirmMailbox', { username: secure.username, code: wrongMailCode, secret: first.secret });
    const pending = result(
      await t.call('auth/confirmMailbox', { username: secure.username, code: mailCode, secret: first.secret }),
    );
    const ticket = pending.secret as string;
    const enrolment = pending.enrollment as { secret: string; otpauthUrl: string };
    secrets.add(ticket);
    secrets.add(enrolment.secret);
    secrets.add(enrolment.otpauthUrl);
    const wrong = currentTotp(enrolment.secret, secure.username, new Date(now + 20 * MFA.periodSeconds * 1000));
    codes.add(wrong);
    await t.call('auth/authorize', { username: secure.username, token: wrong, secret: ticket });
    const code = currentTotp(enrolment.secret, secure.username, new Date(now));
    codes.add(code);
    const mfaSession = result(
      await t.call('auth/authorize', { username: secure.username, token: code, secret: ticket }),
    );
    secrets.add(mfaSession.token as string);
    await t.call('auth/authorize', { username: secure.username, token: code, secret: ticket });
    await t.call('auth/logout', {}, mfaSession.token as string);
    await t.call('auth/logout', {}, mfaSession.token as string);

    // Password reset: request, look up, use, reuse, an unknown id; then the new password.
    const sales = demo('sales@demo.opencpq.dev');
    await t.call('auth/forgotPassword', { username: sales.username });
    await t.call('auth/forgotPassword', { username: 'ghost@example.com' });
    const resetId = await resetIdFromOutbox(sales.username);
    secrets.add(resetId);
    await t.call('userManagement/getPasswordResetRequest', { passwordResetRequestId: resetId });
    const userId = result(await t.call('auth/login', { username: sales.username, password: sales.password })).user as {
      id: number;
    };
    const newPassword = 'Reset#Password42';
    secrets.add(newPassword);
    await t.call('userManagement/updateUser', { id: userId.id, input: { password: newPassword, resetId } });
    await t.call('userManagement/updateUser', { id: userId.id, input: { password: newPassword, resetId } });
    await t.call('userManagement/getPasswordResetRequest', { passwordResetRequestId: resetId });
    await t.call('userManagement/getPasswordResetRequest', { passwordResetRequestId: 'Guessed-Reset-Id-123' });
    secrets.add('Guessed-Reset-Id-123');
    await t.call('auth/login', { username: sales.username, password: newPassword });

    // A new user's mail, with a password the caller should not have sent; an expired reset.
    secrets.add('Given#ByAdmin9');
    const visitor = demo('visitor@demo.opencpq.dev');
    await t.call(
      'administration/emailNewUserPassword',
      { username: visitor.username, password: 'Given#ByAdmin9' },
      adminToken,
    );
    const newUserResetId = await resetIdFromOutbox(visitor.username);
    secrets.add(newUserResetId);
    now += 73 * 60 * 60 * 1000;
    await t.call('userManagement/getPasswordResetRequest', { passwordResetRequestId: newUserResetId });

    // An administrator resets the authenticator; the next sign-in is mailed a new code.
    const superAdmin = demo('superadmin@demo.opencpq.dev');
    secrets.add(superAdmin.password);
    const superToken = result(
      await t.call('auth/login', { username: superAdmin.username, password: superAdmin.password }),
    ).token as string;
    secrets.add(superToken);
    const secureUser = mfaSession.user as { id: number };
    expect(result(await t.call('userManagement/resetMfaEnrollment', { id: secureUser.id }, superToken))).toEqual({
      ok: true,
    });
    await t.call('auth/login', { username: secure.username, password: secure.password });
    codes.add(await mailboxCodeOf(t, secure.username));

    // Lockout.
    for (let attempt = 0; attempt < 6; attempt += 1) {
      await t.call('auth/login', { username: visitor.username, password: 'Wrong#Password1' });
    }
    await t.deps.mailer.flush();

    expect(lines.length).toBeGreaterThan(20);
    expect(t.app.log.level).toBe('trace');
    expect(lines.some((line) => line.includes('mail kept in the outbox'))).toBe(true);
    for (const line of lines) {
      for (const secret of secrets) expect(line, `log line leaks a secret: ${line}`).not.toContain(secret);
      // Codes are six digits: look for them as whole numbers outside the timing fields.
      const { time: _time, responseTime: _responseTime, reqId: _reqId, ...rest } = JSON.parse(line);
      const text = JSON.stringify(rest);
      for (const code of codes) expect(text).not.toMatch(new RegExp(`(?<![0-9a-f])${code}(?![0-9a-f])`));
      expect(line).not.toContain('$argon2');
    }
  });
});
