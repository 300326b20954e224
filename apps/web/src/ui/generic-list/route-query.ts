import type { TPagedQuery, TRequestOf, TResultOf, TRoutePath } from '@cpq/contracts';
import { call } from '../../lib/api';
import type { TListQueryFn, TPage } from './types';

/** Routes that answer a page `{ rows, count }`. */
export type TPagedRoutePath = {
  [P in TRoutePath]: TResultOf<P> extends TPage<unknown> ? P : never;
}[TRoutePath];

export type TRowOf<P extends TPagedRoutePath> = TResultOf<P> extends TPage<infer TRow> ? TRow : never;

/**
 * A list's `query` from an API route: the list's paged query merged over `extra` (filters the route needs),
 * e.g. `routeQuery('userManagement/getUsers')` or `routeQuery('productManagement/getProducts', { isCatalog: true })`.
 */
export function routeQuery<P extends TPagedRoutePath>(
  path: P,
  extra?: Omit<TRequestOf<P>, keyof TPagedQuery>,
): TListQueryFn<TRowOf<P>> {
  return (query, signal) => call(path, { ...extra, ...query } as TRequestOf<P>, signal) as Promise<TPage<TRowOf<P>>>;
}
