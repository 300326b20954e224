import type { FastifyBaseLogger } from 'fastify';
import type { TConfig } from '../../config';
import type { TDb } from '../../db/client';
import type { TMailer } from '../../deps';
import type { TJobs } from '../../jobs/job-queue';
import { findOutboxMail, insertOutboxMail, markMailDelivered, markMailFailed } from './outbox.repository';
import { createLogTransport, createSmtpTransport, type TMailTransport } from './transports';

export type TMailerOptions = {
  config: Pick<TConfig, 'smtpUrl' | 'mailFrom'>;
  db: TDb;
  log: FastifyBaseLogger;
  /** The durable jobs that deliver each mail (queue `mail.send`), with their retries and backoff. */
  jobs: TJobs;
  /** Replaces the transport chosen from the configuration. */
  transport?: TMailTransport;
};

/**
 * The outbox mailer on the durable jobs: `enqueue` writes the mail and its `mail.send` job in the caller's
 * transaction, so a mail is sent if and only if the work that caused it commits; the job hands it to the transport
 * (SMTP when SMTP_URL is set, else the log), retried with the jobs' backoff for the attempts the job catalogue gives
 * `mail.send`, after which the mail is marked `failed` (and the job shows as failed to administrators, who may retry it).
 */
export function createMailer(options: TMailerOptions): TMailer {
  const { db, log, jobs } = options;
  const transport =
    options.transport ??
    (options.config.smtpUrl
      ? createSmtpTransport(options.config.smtpUrl, options.config.mailFrom)
      : createLogTransport(log));

  jobs.register({
    async 'mail.send'(job) {
      // The outbox keeps the message's text; the files stay where the server stored them, read at each attempt.
      const { mailId, attachments = [] } = job.payload;
      const mail = await findOutboxMail(db, mailId);
      // Delivered by an earlier run that died before it could say so: never twice.
      if (!mail || mail.status === 'sent' || mail.status === 'logged') return;
      try {
        const status = await transport.deliver(mail, attachments);
        await markMailDelivered(db, mail.id, status, new Date(), job.attempts);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        await markMailFailed(db, mail.id, message, job.attempts >= job.maxAttempts, job.attempts);
        throw error;
      }
    },
  });

  return {
    async enqueue(tx, afterCommit, message) {
      const id = await insertOutboxMail(tx, message);
      await jobs.enqueue(tx, afterCommit, {
        queue: 'mail.send',
        key: `mail.send:${id}`,
        pid: message.pid ?? null,
        subject: `Mail #${id}: ${message.subject}`.slice(0, 200),
        payload: { mailId: id, ...(message.attachments?.length ? { attachments: message.attachments } : {}) },
      });
      return id;
    },
    flush: () => jobs.drain(['mail.send']),
    async close() {
      transport.close();
    },
  };
}
