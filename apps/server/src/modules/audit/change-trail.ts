import { isDeepStrictEqual } from 'node:util';
import type { TDbOrTx } from '../../db/client';
import { insertChangeEvents, type TChangeEvent } from './audit.repository';

/** A change event before it is given its caller: what happened to which record of which platform. */
export type TRecordChange = Omit<TChangeEvent, 'actorUserId' | 'ip'>;

/** Who makes a change and from where, as a route hands them to a service; no actor for signed-out changes. */
export type TChangeCaller = { actor: { userId: number } | null; ip: string };

/** Bookkeeping that changes with every edit and says nothing about what changed. */
const UNTRACKED_FIELDS = new Set(['version', 'updatedAt']);

/**
 * The names of the fields whose values differ between a record as it was and as it is after a change (a field
 * sent with its current value is not a change). Names only: never the values, which may be personal or secret.
 */
export function changedFields<T extends object>(before: T, after: T): string[] {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]) as Set<keyof T & string>;
  return [...keys].filter((key) => !UNTRACKED_FIELDS.has(key) && !isDeepStrictEqual(before[key], after[key]));
}

/** What an event adds to its label or changed fields, e.g. how the change came about: `{ via: 'reset' }`. */
export type TChangeContext = Record<string, unknown>;

/**
 * The change events of one kind of record. `describe` gives a record's id, its platform (null for records shared
 * by every platform) and the label its created and deleted events carry so that the trail stays readable once the
 * record is gone (a name or business key, never a secret); an updated event carries the names of the changed
 * fields. A context, when given, is added to the event's data.
 */
export function changeTrail<R extends object>(
  entity: TChangeEvent['entity'],
  describe: (record: R) => { id: number | string; pid: string | null; label: Record<string, unknown> },
) {
  const event = (verb: TChangeEvent['verb'], record: R, data: Record<string, unknown>): TRecordChange => {
    const { id, pid } = describe(record);
    return { entity, verb, entityId: id, pid, data };
  };
  return {
    created: (record: R, context?: TChangeContext) =>
      event('created', record, { ...describe(record).label, ...context }),
    updated: (before: R, after: R, context?: TChangeContext) =>
      event('updated', after, { fields: changedFields(before, after), ...context }),
    deleted: (record: R) => event('deleted', record, describe(record).label),
  };
}

/** Records the caller's changes in their transaction, so an event exists if and only if its change committed. */
export function insertChangesBy(db: TDbOrTx, caller: TChangeCaller, changes: TRecordChange[]): Promise<void> {
  return insertChangeEvents(
    db,
    changes.map((change) => ({ ...change, actorUserId: caller.actor?.userId ?? null, ip: caller.ip })),
  );
}
