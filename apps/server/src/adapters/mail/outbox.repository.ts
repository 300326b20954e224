import { and, eq, inArray, sql } from 'drizzle-orm';
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

/**
 * Claims up to `limit` pending mails that are due, counting the attempt. A mail is due when `createdAt` plus the
 * backoff for its attempts so far (`retryBaseMs * (2^attempts - 1)`: 0, 1, 3, 7, 15 × base) has passed, so retries
 * back off without a scheduler and every instance agrees. SKIP LOCKED lets several instances flush at once.
 */
export async function claimDueMails(db: TDbOrTx, limit: number, retryBaseMs: number): Promise<TOutboxRow[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(
        and(
          eq(mailOutbox.status, 'pending'),
          sql`${mailOutbox.createdAt} + make_interval(secs => ${retryBaseMs / 1000}::double precision * (power(2, ${mailOutbox.attempts}) - 1)) <= now()`,
        ),
      )
      .orderBy(mailOutbox.id)
      .limit(limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(mailOutbox)
      .set({ attempts: sql`${mailOutbox.attempts} + 1` })
      .where(
        inArray(
          mailOutbox.id,
          due.map((row) => row.id),
        ),
      )
      .returning();
  });
}

export async function markMailDelivered(db: TDbOrTx, id: number, status: TDeliveredStatus, now: Date): Promise<void> {
  await db.update(mailOutbox).set({ status, sentAt: now, lastError: null }).where(eq(mailOutbox.id, id));
}

/** Keeps the error; after the last allowed attempt the mail is given up as `failed`. */
export async function markMailFailed(db: TDbOrTx, id: number, error: string, isFinal: boolean): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ lastError: error.slice(0, 1000), ...(isFinal ? { status: 'failed' } : {}) })
    .where(eq(mailOutbox.id, id));
}
