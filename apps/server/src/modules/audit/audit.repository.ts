import type { TDbOrTx } from '../../db/client';
import { auditEvents } from '../../db/schema';

/**
 * One audited administrative change: who did what to which record, with the names of the changed fields (never
 * their values when they are secrets). Stored with action `<entity>.<verb>`, e.g. `user.updated`.
 */
export type TChangeEvent = {
  entity:
    | 'user'
    | 'role'
    | 'platform'
    | 'product'
    | 'productModel'
    | 'customer'
    | 'address'
    | 'statusType'
    | 'quote'
    | 'quoteLine'
    | 'configuration'
    | 'mail'
    | 'integrationSettings'
    | 'rma'
    | 'job'
    | 'quoteShare';
  /** `withheld`: a mail kept from some of its recipients (the mail limits); `accepted`: a quote accepted through its link. */
  verb: 'created' | 'updated' | 'deleted' | 'withheld' | 'accepted';
  entityId: string | number;
  pid: string | null;
  actorUserId: number | null;
  data?: Record<string, unknown>;
  ip?: string | null;
};

/** Records change events in the caller's transaction, so an event exists if and only if its change committed. */
export async function insertChangeEvents(db: TDbOrTx, events: TChangeEvent[]): Promise<void> {
  if (events.length === 0) return;
  await db.insert(auditEvents).values(
    events.map((event) => ({
      action: `${event.entity}.${event.verb}`,
      entity: event.entity,
      entityId: String(event.entityId),
      pid: event.pid,
      actorUserId: event.actorUserId,
      data: event.data ?? null,
      ip: event.ip ?? null,
    })),
  );
}
