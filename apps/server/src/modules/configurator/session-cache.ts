import type { TUiState } from '@cpq/contracts';
import type { ProductSession } from '@cpq/engine';
import type { TStoredConfiguration } from '../configurations/configurations.repository';

/** How many configuration sessions a process keeps ready (a session holds its choices and the core's state). */
export const SESSION_CACHE_CAPACITY = 2000;

/**
 * A session as this process last stored it: the row it was built from (its owner, platform, model version, params
 * and choices: what a write checks is still current), the engine session for exactly those choices, and the state
 * this process answered for that revision of the row (what a client showing that revision holds, so the next step
 * can answer only what changed from it), or null when it answered none.
 */
export type TCachedSession = { row: TStoredConfiguration; session: ProductSession; shown: TUiState | null };

/**
 * In-process configuration sessions, so that a repeat request skips replaying the row's choices (a configure step
 * also skips reading the row). The table stays the truth: every write is conditional on the row still being at the
 * revision the cached session was built from, and a read (an explanation) uses the session only when the row it
 * reads is still at that revision, so a session changed by another instance (or another request) is rebuilt from
 * the table instead.
 * A request takes its entry out while it works, so two concurrent requests never share one mutable session.
 */
export class SessionCache {
  private readonly entries = new Map<string, TCachedSession>();

  constructor(private readonly capacity = SESSION_CACHE_CAPACITY) {}

  /** Removes and answers the session of a configuration, if this process has it. */
  take(id: string): TCachedSession | undefined {
    const entry = this.entries.get(id);
    if (entry) this.entries.delete(id);
    return entry;
  }

  /** Keeps a session whose row is as stored now, evicting the least recently used beyond the capacity. */
  put(entry: TCachedSession): void {
    this.entries.delete(entry.row.id);
    this.entries.set(entry.row.id, entry);
    while (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }

  get size(): number {
    return this.entries.size;
  }
}
