import { SUPER_ADMIN_LEVEL } from '@cpq/contracts';
import { eq, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { TActor } from './actor';

/**
 * Which platforms' rows a query may touch: one platform, or all of them (level 9, and the few system paths with
 * no caller, such as a password reset, that have already proved who they act for).
 */
export type TPlatformScope = { kind: 'platform'; pid: string } | { kind: 'all' };

export const ALL_PLATFORMS: TPlatformScope = { kind: 'all' };

/** The caller's scope: level 9 sees every platform, everyone else only their own. */
export function scopeOf(actor: Pick<TActor, 'roleLevel' | 'pid'>): TPlatformScope {
  return actor.roleLevel >= SUPER_ADMIN_LEVEL ? ALL_PLATFORMS : { kind: 'platform', pid: actor.pid };
}

/** True when a row of platform `pid` is inside the scope. */
export function inScope(scope: TPlatformScope, pid: string): boolean {
  return scope.kind === 'all' || scope.pid === pid;
}

/** The WHERE term that keeps a query inside the scope (undefined: no filter). */
export function pidFilter(column: AnyPgColumn, scope: TPlatformScope): SQL | undefined {
  return scope.kind === 'all' ? undefined : eq(column, scope.pid);
}
