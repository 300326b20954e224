import { MSG } from '@cpq/contracts';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { AppError } from './app-error';

/** The SET value that raises a record's version on every edit. */
export const nextVersion = (column: PgColumn): SQL => sql`${column} + 1`;

/** The WHERE condition that makes an edit apply only at the version the caller read (none when none was sent). */
export const atVersion = (column: PgColumn, expected: number | undefined): SQL | undefined =>
  expected === undefined ? undefined : eq(column, expected);

export const conflict = (): AppError => new AppError('CONFLICT', MSG.conflict);

/**
 * Refuses an edit made against an older version than the record's (409 with MSG.conflict). The edit's own
 * `WHERE version = expected` closes the race between this read and the write, so of concurrent writers at one
 * version exactly one wins.
 */
export function assertVersion(current: { version: number }, expected: number | undefined): void {
  if (expected !== undefined && current.version !== expected) throw conflict();
}
