import type { FastifyBaseLogger } from 'fastify';
import type { TConfig } from '../../config';
import type { TDb } from '../../db/client';
import type { TMailer } from '../../deps';
import { claimDueMails, insertOutboxMail, markMailDelivered, markMailFailed } from './outbox.repository';
import { createLogTransport, createSmtpTransport, type TMailTransport } from './transports';

/** A mail is tried this many times before it is marked `failed`. */
export const MAX_MAIL_ATTEMPTS = 5;

export type TMailerOptions = {
  config: Pick<TConfig, 'smtpUrl' | 'mailFrom'>;
  db: TDb;
  log: FastifyBaseLogger;
  /** Mails delivered per batch (a flush runs batches until nothing is due). */
  batchSize?: number;
  /** The first retry waits this long, each next one twice as long. */
  retryBaseMs?: number;
  /** How often pending mails are looked for without a prompt (mails enqueued by other instances, retries). */
  pollMs?: number;
  /** Replaces the transport chosen from the configuration. */
  transport?: TMailTransport;
};

/**
 * The outbox mailer: `enqueue` writes the mail in the caller's transaction and asks for a flush soon after, off the
 * request; `flush` claims due mails and hands them to the transport (SMTP when SMTP_URL is set, else the log),
 * retrying failures with backoff until MAX_MAIL_ATTEMPTS, then marking them `failed`.
 */
export function createMailer(options: TMailerOptions): TMailer {
  const { db, log, batchSize = 20, retryBaseMs = 30_000, pollMs = 15_000 } = options;
  const transport =
    options.transport ??
    (options.config.smtpUrl
      ? createSmtpTransport(options.config.smtpUrl, options.config.mailFrom)
      : createLogTransport(log));
  const timers = new Set<NodeJS.Timeout>();
  let isClosed = false;
  let running: Promise<number> = Promise.resolve(0);

  const deliverOne = async (mail: Awaited<ReturnType<typeof claimDueMails>>[number]): Promise<boolean> => {
    try {
      const status = await transport.deliver(mail);
      await markMailDelivered(db, mail.id, status, new Date());
      return true;
    } catch (error) {
      const isFinal = mail.attempts >= MAX_MAIL_ATTEMPTS;
      const message = error instanceof Error ? error.message : String(error);
      await markMailFailed(db, mail.id, message, isFinal);
      log.warn({ mailId: mail.id, attempts: mail.attempts, isFinal, err: message }, 'mail delivery failed');
      if (!isFinal) schedule(retryBaseMs * 2 ** (mail.attempts - 1) + 10);
      return false;
    }
  };

  const flushNow = async (): Promise<number> => {
    let delivered = 0;
    while (!isClosed) {
      const batch = await claimDueMails(db, batchSize, retryBaseMs);
      for (const mail of batch) if (await deliverOne(mail)) delivered += 1;
      if (batch.length < batchSize) break;
    }
    return delivered;
  };

  /** One flush at a time per instance; a flush asked for while one runs starts after it. */
  const flush = (): Promise<number> => {
    const next = running.catch(() => 0).then(flushNow);
    running = next;
    return next;
  };

  function schedule(delayMs: number): void {
    if (isClosed) return;
    const timer = setTimeout(() => {
      timers.delete(timer);
      flush().catch((error) => log.error({ err: error }, 'mail flush failed'));
    }, delayMs);
    timer.unref();
    timers.add(timer);
  }

  const poll = setInterval(() => {
    if (!isClosed) flush().catch((error) => log.error({ err: error }, 'mail flush failed'));
  }, pollMs);
  poll.unref();

  let isFlushScheduled = false;
  return {
    async enqueue(tx, message) {
      const id = await insertOutboxMail(tx, message);
      // Debounced: a burst of mails is delivered by one flush. The row may not be committed yet; if the flush
      // misses it, the poll picks it up.
      if (isFlushScheduled) return id;
      isFlushScheduled = true;
      setImmediate(() => {
        isFlushScheduled = false;
        schedule(50);
      });
      return id;
    },
    flush,
    async close() {
      isClosed = true;
      clearInterval(poll);
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await running.catch(() => 0);
      transport.close();
    },
  };
}
