import { and, desc, eq, inArray } from 'drizzle-orm';
import type { TDbOrTx } from '../../db/client';
import { payments, webhookEvents } from '../../db/schema';

export type TPaymentRow = typeof payments.$inferSelect;
export type TPaymentStatus = 'pending' | 'requires_action' | 'succeeded' | 'failed';
/** Attempts that may still charge: in flight, timed out, or waiting for the buyer's 3-D Secure. */
export const OPEN_STATUSES: TPaymentStatus[] = ['pending', 'requires_action'];

/** The quote's attempts that may still charge, newest first. */
export function findOpenPayments(db: TDbOrTx, quoteId: number): Promise<TPaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(and(eq(payments.quoteId, quoteId), inArray(payments.status, OPEN_STATUSES)))
    .orderBy(desc(payments.createdAt), desc(payments.id));
}

/** The quote's successful payment, if it was paid by card. */
export async function findSucceededPayment(db: TDbOrTx, quoteId: number): Promise<TPaymentRow | null> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.quoteId, quoteId), eq(payments.status, 'succeeded')));
  return row ?? null;
}

export async function insertPayment(db: TDbOrTx, values: typeof payments.$inferInsert): Promise<TPaymentRow> {
  const [row] = await db.insert(payments).values(values).returning();
  if (!row) throw new Error('payment insert returned nothing');
  return row;
}

/** One attempt, locked until the transaction ends. */
export async function lockPayment(db: TDbOrTx, id: number): Promise<TPaymentRow | null> {
  const [row] = await db.select().from(payments).where(eq(payments.id, id)).for('update');
  return row ?? null;
}

export async function findPaymentByProviderId(
  db: TDbOrTx,
  provider: string,
  providerPaymentId: string,
): Promise<TPaymentRow | null> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider), eq(payments.providerPaymentId, providerPaymentId)));
  return row ?? null;
}

export async function findPayment(db: TDbOrTx, id: number): Promise<TPaymentRow | null> {
  const [row] = await db.select().from(payments).where(eq(payments.id, id));
  return row ?? null;
}

export async function updatePayment(
  db: TDbOrTx,
  id: number,
  patch: Partial<Pick<TPaymentRow, 'status' | 'providerPaymentId' | 'failureMessage' | 'updatedAt'>>,
): Promise<TPaymentRow> {
  const [row] = await db.update(payments).set(patch).where(eq(payments.id, id)).returning();
  if (!row) throw new Error(`payment ${id} vanished inside its transaction`);
  return row;
}

/**
 * Records a webhook event in the caller's transaction; answers false when it was already recorded (a retry or a
 * replay), so its effect is applied once. A concurrent delivery of the same event waits here for the first one.
 */
export async function recordWebhookEvent(
  db: TDbOrTx,
  event: { provider: string; eventId: string; type: string },
): Promise<boolean> {
  const inserted = await db
    .insert(webhookEvents)
    .values(event)
    .onConflictDoNothing()
    .returning({ eventId: webhookEvents.eventId });
  return inserted.length > 0;
}
