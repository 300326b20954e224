import type { TRoutePath } from '@cpq/contracts';
import { and, asc, count, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { auditEvents, users } from '../../db/schema';
import type { TTestApp } from '../../testing/test-app';
import { callFrom } from '../auth/auth.test-support';
import type { TChangeEvent } from './audit.repository';

/** The client address trail tests call from (a documentation range), to check that events record it. */
export const CALLER_IP = '203.0.113.7';

/** Calls a route signed in from CALLER_IP. */
export const callAudited = (
  t: TTestApp,
  path: TRoutePath,
  body: unknown,
  token: string,
): Promise<LightMyRequestResponse> => callFrom(t, CALLER_IP, path, body, token);

/** A change event as tests check it, with its actor by username. */
export type TTrailRow = { action: string; pid: string | null; actor: string | null; data: unknown; ip: string | null };

/** The row changeEventsOf answers for an event made from CALLER_IP. */
export const trailRow = (action: string, pid: string | null, actor: string, data: unknown): TTrailRow => ({
  action,
  pid,
  actor,
  data,
  ip: CALLER_IP,
});

/** The change events of one record, oldest first. */
export function changeEventsOf(
  t: TTestApp,
  entity: TChangeEvent['entity'],
  entityId: number | string,
): Promise<TTrailRow[]> {
  return t.database.db
    .select({
      action: auditEvents.action,
      pid: auditEvents.pid,
      actor: users.username,
      data: auditEvents.data,
      ip: auditEvents.ip,
    })
    .from(auditEvents)
    .leftJoin(users, eq(users.id, auditEvents.actorUserId))
    .where(and(eq(auditEvents.entity, entity), eq(auditEvents.entityId, String(entityId))))
    .orderBy(asc(auditEvents.id));
}

/** Runs calls that must fail and asserts that they left no audit event of any kind. */
export async function expectNoEvents(t: TTestApp, failing: () => Promise<void>): Promise<void> {
  const total = async () => (await t.database.db.select({ n: count() }).from(auditEvents))[0]?.n;
  const before = await total();
  await failing();
  expect(await total()).toBe(before);
}
