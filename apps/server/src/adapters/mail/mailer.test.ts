import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TJobsConfig } from '../../config';
import type { TDatabase } from '../../db/client';
import { mailOutbox } from '../../db/schema';
import { withTransaction } from '../../db/transaction';
import type { TMailer, TMailMessage } from '../../deps';
import { JOB_CATALOGUE } from '../../jobs/job-catalogue';
import { createJobs } from '../../jobs/job-queue';
import { createPlatform, createUser } from '../../testing/factories';
import { decodeQuotedPrintable, startSmtpServer } from '../../testing/smtp-server';
import { createTestApp } from '../../testing/test-app';
import { openTestDatabase } from '../../testing/test-database';
import { until } from '../../testing/wait';
import { createMailer, type TMailerOptions } from './mailer';
import type { TMailTransport } from './transports';

const message = (to = 'someone@example.com'): TMailMessage => ({
  to: [to],
  subject: 'Hello',
  html: '<p>secret body</p>',
  text: 'secret body',
  pid: 'default',
});

const silent = pino({ level: 'silent' });

const JOBS: TJobsConfig = {
  isWorker: false,
  pollMs: 10_000,
  retryBaseMs: 20,
  leaseMs: 60_000,
  maxAttempts: 10,
  erpPollMs: 60_000,
};

/** A mailer on its own job queue (a worker when `isWorker`), as the app wires it. */
function mailerWith(options: Omit<TMailerOptions, 'db' | 'jobs'>, jobs: Partial<TJobsConfig> = {}) {
  const queue = createJobs({ db: database.db, log: silent, config: { ...JOBS, ...jobs } });
  const mailer = createMailer({ ...options, db: database.db, jobs: queue });
  return {
    ...mailer,
    async close() {
      await queue.close();
      await mailer.close();
    },
  };
}

/** Puts the mail in the outbox in a transaction of its own, as a change that causes nothing else would. */
const enqueueCommitted = (mailer: Pick<TMailer, 'enqueue'>, mail: TMailMessage) =>
  withTransaction(database.db, silent, (tx, afterCommit) => mailer.enqueue(tx, afterCommit, mail));

let database: TDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
  // The mails name their platform, as the app's do.
  await createPlatform(database.db, { id: 'default' });
});
afterAll(async () => {
  await database.close();
});

describe('the outbox', () => {
  it('sends nothing for a mail enqueued in a transaction that rolled back', async () => {
    const deliver = vi.fn<TMailTransport['deliver']>(async () => 'sent');
    const mailer = mailerWith({
      config: { smtpUrl: undefined, mailFrom: 'x' },
      log: silent,
      transport: { deliver, close() {} },
    });
    await expect(
      withTransaction(database.db, silent, async (tx, afterCommit) => {
        await mailer.enqueue(tx, afterCommit, message('rolled-back@example.com'));
        throw new Error('the work failed');
      }),
    ).rejects.toThrow('the work failed');
    expect(await mailer.flush()).toBe(0);
    expect(deliver).not.toHaveBeenCalled();
    const rows = await database.db.select().from(mailOutbox).where(eq(mailOutbox.subject, 'Hello'));
    expect(rows.filter((row) => row.to.includes('rolled-back@example.com'))).toHaveLength(0);
    await mailer.close();
  });

  it('delivers a committed mail on its own, soon after the request, without an explicit flush', async () => {
    const deliver = vi.fn<TMailTransport['deliver']>(async () => 'sent');
    const mailer = mailerWith(
      { config: { smtpUrl: undefined, mailFrom: 'x' }, log: silent, transport: { deliver, close() {} } },
      { isWorker: true },
    );
    await enqueueCommitted(mailer, message('committed@example.com'));
    await until(async () => deliver.mock.calls.length === 1);
    await mailer.close();
  });

  it('by default keeps the mail, marks it logged, and logs recipients and subject but never the body', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, callback) {
        lines.push(String(chunk));
        callback();
      },
    });
    const mailer = mailerWith({ config: { smtpUrl: undefined, mailFrom: 'x' }, log: pino({ level: 'trace' }, stream) });
    await enqueueCommitted(mailer, {
      ...message('logged@example.com'),
      text: 'link https://x/ResetPassword?request=abc',
      html: '<a>abc</a>',
    });
    expect(await mailer.flush()).toBeGreaterThanOrEqual(1);
    const [row] = (await database.db.select().from(mailOutbox)).filter((mail) =>
      mail.to.includes('logged@example.com'),
    );
    expect(row).toMatchObject({ status: 'logged', attempts: 1 });
    expect(row?.sentAt).toBeInstanceOf(Date);
    const log = lines.join('');
    expect(log).toContain('logged@example.com');
    expect(log).toContain('Hello');
    expect(log).not.toContain('ResetPassword');
    expect(log).not.toContain('abc');
    await mailer.close();
  });
});

describe('SMTP delivery', () => {
  it('delivers a password-reset mail to a real SMTP server, and its link works with the API', async () => {
    const smtp = await startSmtpServer();
    const t = await createTestApp({ env: { SMTP_URL: smtp.url, MAIL_FROM: 'Open CPQ <no-reply@cpq.test>' } });
    try {
      const { user } = await createUser(t.deps.db);
      const forgot = await t.call('auth/forgotPassword', { username: user.username });
      expect(forgot.statusCode).toBe(200);
      await t.deps.mailer.flush();
      await until(async () => smtp.received.length === 1);
      const [mail] = smtp.received;
      expect(mail?.to).toEqual([user.username]);
      expect(mail?.from).toBe('no-reply@cpq.test');
      expect(mail?.raw).toMatch(/^Subject: Reset your Open CPQ password\r?$/m);
      expect(mail?.raw).toContain('multipart/alternative');
      expect(mail?.raw).toContain('text/html');
      expect(mail?.raw).toContain('text/plain');
      const link = decodeQuotedPrintable(mail?.raw ?? '').match(/http:\/\/cpq\.test\/ResetPassword\?request=([\w-]+)/);
      expect(link?.[1]).toHaveLength(43);
      const [row] = await t.deps.db.select().from(mailOutbox);
      expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null });

      const lookup = await t.call('userManagement/getPasswordResetRequest', { passwordResetRequestId: link?.[1] });
      expect(lookup.statusCode).toBe(200);
      expect(lookup.json().result).toMatchObject({ userId: user.id, username: user.username });

      // The users module's updateUser spends the request: the new password works, the old one no longer does.
      const newPassword = 'Brand#NewPass2';
      const update = await t.call('userManagement/updateUser', {
        id: user.id,
        input: { password: newPassword, resetId: link?.[1] },
      });
      expect(update.statusCode, update.body).toBe(200);
      const oldSignIn = await t.call('auth/login', { username: user.username, password: 'Factory#Pass1' });
      expect(oldSignIn.json().code).toBe('INVALID_CREDENTIALS');
      const newSignIn = await t.call('auth/login', { username: user.username, password: newPassword });
      expect(newSignIn.statusCode).toBe(200);
      const again = await t.call('userManagement/getPasswordResetRequest', { passwordResetRequestId: link?.[1] });
      expect(again.json().code).toBe('RESET_EXPIRED');
    } finally {
      await t.close();
      await smtp.close();
    }
  });

  it('retries a refused mail with backoff, keeps the error, and gives up after five attempts', async () => {
    const smtp = await startSmtpServer('mailbox busy');
    const mailer = mailerWith({ config: { smtpUrl: smtp.url, mailFrom: 'Open CPQ <no-reply@cpq.test>' }, log: silent });
    try {
      await enqueueCommitted(mailer, message('refused@example.com'));
      const row = async () =>
        (await database.db.select().from(mailOutbox)).find((mail) => mail.to.includes('refused@example.com'));
      expect(await mailer.flush()).toBe(0);
      expect(await row()).toMatchObject({ status: 'pending', attempts: 1 });
      expect((await row())?.lastError).toContain('mailbox busy');
      await until(async () => {
        await mailer.flush();
        return (await row())?.status === 'failed';
      });
      expect(await row()).toMatchObject({ status: 'failed', attempts: JOB_CATALOGUE['mail.send'].maxAttempts });
      expect(smtp.received).toHaveLength(0);
    } finally {
      await mailer.close();
      await smtp.close();
    }
  });

  it('sends the files a mail names as attachments; a file that is gone fails the attempt rather than sending it without', async () => {
    const smtp = await startSmtpServer();
    const mailer = mailerWith({ config: { smtpUrl: smtp.url, mailFrom: 'Open CPQ <no-reply@cpq.test>' }, log: silent });
    const dir = await mkdtemp(join(tmpdir(), 'cpq-mail-'));
    const file = join(dir, 'signed.pdf');
    // Binary, as a PDF is: sent base64 encoded.
    const bytes = Buffer.from('%PDF-1.3\n%\xe2\xe3\xcf\xd3 attached', 'latin1');
    await writeFile(file, bytes);
    const row = async (to: string) =>
      (await database.db.select().from(mailOutbox)).find((mail) => mail.to.includes(to));
    try {
      const attachment = (path: string) => ({
        filename: 'Quote-7-Signed-Rev1.pdf',
        path,
        contentType: 'application/pdf',
      });
      await enqueueCommitted(mailer, { ...message('attached@example.com'), attachments: [attachment(file)] });
      await enqueueCommitted(mailer, {
        ...message('missing@example.com'),
        attachments: [attachment(join(dir, 'gone.pdf'))],
      });
      await mailer.flush();
      const [received, ...more] = smtp.received;
      expect(more).toEqual([]);
      expect(received?.to).toEqual(['attached@example.com']);
      const raw = received?.raw ?? '';
      expect(raw).toMatch(/Content-Type: application\/pdf; name=Quote-7-Signed-Rev1\.pdf/);
      expect(raw).toContain(bytes.toString('base64'));
      expect(await row('missing@example.com')).toMatchObject({ status: 'pending', attempts: 1 });
      expect((await row('missing@example.com'))?.lastError).toContain('ENOENT');
    } finally {
      await mailer.close();
      await smtp.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
