import { eq } from 'drizzle-orm';
import type { TDbOrTx } from '../../db/client';
import { mailOutbox } from '../../db/schema';
import type { TMailMessage } from '../../deps';

export type TOutboxRow = typeof mailOutbox.$inferSelect;
export type TDeliveredStatus = 'sent' | 'logged';

/** Writes a mail into the outbox; answers its id. */
export async function insertOutboxMail(db: TDbOrTx, message: TMailMessage): Promise<number> {
  const [row] = await db
    .insert(mailOutbox)
    .values({
      pid: message.pid ?? null,
      to: message.to,
      subject: message.subject,
      htmlBody: message.html,
      textBody: message.text,
    })
    .returning({ id: mailOutbox.id });
  if (!row) throw new Error('Outbox insert returned no row');
  return row.id;
}

export async function findOutboxMail(db: TDbOrTx, id: number): Promise<TOutboxRow | null> {
  const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  return row ?? null;
}

export async function markMailDelivered(
  db: TDbOrTx,
  id: number,
  status: TDeliveredStatus,
  now: Date,
  attempts: number,
): Promise<void> {
  await db.update(mailOutbox).set({ status, sentAt: now, lastError: null, attempts }).where(eq(mailOutbox.id, id));
}

/** Keeps the error; after the last allowed attempt the mail is given up as `failed`. */
export async function markMailFailed(
  db: TDbOrTx,
  id: number,
  error: string,
  isFinal: boolean,
  attempts: number,
): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ lastError: error.slice(0, 1000), attempts, ...(isFinal ? { status: 'failed' } : {}) })
    .where(eq(mailOutbox.id, id));
}
