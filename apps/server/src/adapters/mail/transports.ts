import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { TMailAttachment } from '../../deps';
import type { TDeliveredStatus, TOutboxRow } from './outbox.repository';

/** Where outbox mails go: an SMTP server, or (by default) the log. */
export type TMailTransport = {
  /** Delivers one mail, with its files, or throws; answers the status the outbox row takes. */
  deliver(mail: TOutboxRow, attachments?: readonly TMailAttachment[]): Promise<TDeliveredStatus>;
  close(): void;
};

/** Delivers through an SMTP server (`smtp://user:pass@host:port`, `smtps://` for implicit TLS). */
export function createSmtpTransport(smtpUrl: string, from: string): TMailTransport {
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    async deliver(mail, attachments = []) {
      await transporter.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        html: mail.htmlBody,
        text: mail.textBody,
        // A file that is gone fails the attempt (and is retried), rather than sending the mail without it.
        attachments: attachments.map(({ filename, path, contentType }) => ({ filename, path, contentType })),
      });
      return 'sent';
    },
    close() {
      transporter.close();
    },
  };
}

/**
 * The no-setup default: the mail stays in the outbox table (marked `logged`) and a log line says it was written.
 * Only recipients and subject are logged, never the body: bodies carry reset links.
 */
export function createLogTransport(log: FastifyBaseLogger): TMailTransport {
  return {
    async deliver(mail, attachments = []) {
      log.info(
        { mailId: mail.id, to: mail.to, subject: mail.subject, attachments: attachments.map((file) => file.filename) },
        'mail kept in the outbox (no SMTP_URL set)',
      );
      return 'logged';
    },
    close() {},
  };
}
