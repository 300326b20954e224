import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';

/** Where the catcher writes each received mail as JSON, for test workers (other processes) to read. */
export const MAIL_DIR = process.env.E2E_MAIL_DIR ?? '/tmp/open-cpq-e2e-mail';
export const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 2626);

export type TCaughtMail = { to: string[]; raw: string; receivedAt: number };

/** Starts a real SMTP server on 127.0.0.1 that accepts every message and keeps it as a file. */
export async function startMailCatcher(): Promise<SMTPServer> {
  rmSync(MAIL_DIR, { recursive: true, force: true });
  mkdirSync(MAIL_DIR, { recursive: true });
  let counter = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const mail: TCaughtMail = {
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
          raw: Buffer.concat(chunks).toString('utf8'),
          receivedAt: Date.now(),
        };
        counter += 1;
        writeFileSync(join(MAIL_DIR, `${Date.now()}-${counter}.json`), JSON.stringify(mail));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(SMTP_PORT, '127.0.0.1', resolve));
  return server;
}

/** Decodes quoted-printable soft breaks and escapes so links in a mail body can be matched. */
function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** Waits for the newest mail to `address` received after `since` and answers its decoded text. */
export async function waitForMail(address: string, since: number, timeoutMs = 15_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const mails = readdirSync(MAIL_DIR)
      .sort()
      .reverse()
      .map((file) => JSON.parse(readFileSync(join(MAIL_DIR, file), 'utf8')) as TCaughtMail)
      .filter((mail) => mail.receivedAt >= since && mail.to.includes(address.toLowerCase()));
    if (mails[0]) return decodeQuotedPrintable(mails[0].raw);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`No mail to ${address} within ${timeoutMs} ms`);
}

/**
 * The six-digit code of the newest mailbox-check mail (first authenticator enrolment) to `address` received after
 * `since`.
 */
export async function waitForMailboxCode(address: string, since: number, timeoutMs = 15_000): Promise<string> {
  const mail = await waitForMail(address, since, timeoutMs);
  const code = mail.match(/code on the sign-in page: (\d{6})/)?.[1];
  if (!code) throw new Error(`No sign-in code in the mail to ${address}:\n${mail.slice(0, 2000)}`);
  return code;
}
