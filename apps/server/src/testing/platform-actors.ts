import type { TRoutePath } from '@cpq/contracts';
import { expect } from 'vitest';
import { createPlatform, signedInUser } from './factories';
import type { TTestApp } from './test-app';

export type TLevel = 0 | 1 | 5 | 9;

/** Signed-in callers of every built-in level on one platform, and an administrator of a second platform. */
export type TPlatformActors = {
  pid: string;
  otherPid: string;
  token: Record<TLevel, string>;
  /** A level-5 administrator of `otherPid`. */
  otherAdmin: string;
  username: Record<TLevel, string>;
};

export async function createPlatformActors(t: TTestApp): Promise<TPlatformActors> {
  const db = t.database.db;
  const secret = t.deps.config.tokenSecret;
  const pid = (await createPlatform(db)).id;
  const otherPid = (await createPlatform(db)).id;
  const token = {} as Record<TLevel, string>;
  const username = {} as Record<TLevel, string>;
  for (const level of [0, 1, 5, 9] as const) {
    const created = await signedInUser(db, secret, { roleLevel: level, pid });
    token[level] = created.token;
    username[level] = created.user.username;
  }
  const otherAdmin = (await signedInUser(db, secret, { roleLevel: 5, pid: otherPid })).token;
  return { pid, otherPid, token, otherAdmin, username };
}

/**
 * The access matrix of one route: 401 without a token, 403 for each built-in level below `minLevel`, and neither
 * for the levels at or above it (the body decides what they get).
 */
export async function expectAccess(
  t: TTestApp,
  actors: TPlatformActors,
  path: TRoutePath,
  body: unknown,
  minLevel: TLevel,
): Promise<void> {
  const anonymous = await t.call(path, body);
  expect(anonymous.statusCode, `${path} without a token`).toBe(401);
  expect(anonymous.json().code).toBe('UNAUTHENTICATED');
  for (const level of [0, 1, 5, 9] as const) {
    const response = await t.call(path, body, actors.token[level]);
    if (level < minLevel) {
      expect(response.statusCode, `${path} at level ${level}`).toBe(403);
      expect(response.json().code).toBe('FORBIDDEN');
    } else {
      expect([401, 403], `${path} at level ${level}: ${response.body}`).not.toContain(response.statusCode);
    }
  }
}
