import type { QueryClient } from '@tanstack/react-query';
import { sessionLoadOf, type TSessionLoad, watchSessionLoads } from './session-loads';

/**
 * Keeps the session's user and platform and the query cache's entries under the same keys as one: the cache gets
 * what the session loaded (the profile page opens on the signed-in user at once), and the session takes what pages
 * write to the cache or invalidate (a saved profile, an edited platform), as it did when it read the cache itself.
 */
export function mirrorSessionInCache(client: QueryClient): void {
  const copyToCache = (load: TSessionLoad<unknown>) => {
    const { data, dataUpdatedAt } = load.getState();
    if (data !== undefined && client.getQueryData(load.key) !== data) {
      client.setQueryData(load.key, data, { updatedAt: dataUpdatedAt });
    }
  };
  watchSessionLoads({ onLoad: copyToCache, onData: copyToCache });

  client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated') return;
    const load = sessionLoadOf(event.query.queryKey);
    if (!load) return;
    if (event.action.type === 'success') {
      const { data, dataUpdatedAt } = event.query.state;
      if (data !== undefined) load.setData(data, dataUpdatedAt);
    }
    // An invalidated entry that no page watches is not fetched again by the cache: the session fetches it.
    if (event.action.type === 'invalidate' && event.query.getObserversCount() === 0) void load.refetch();
  });
}
