import type { TRequestOf } from '@cpq/contracts';
import { call } from '../../../lib/api';

/** The caller's saved configurations, a page at a time (server default order: createdDate descending). */
export const configurationsApi = {
  getConfigurations: (query: TRequestOf<'configurator/getConfigurations'>, signal?: AbortSignal) =>
    call('configurator/getConfigurations', query, signal),
  /** Starts a new configuration of the caller's from a saved one's choices ('Copy to a new quote'). */
  copyConfiguration: (body: { configurationId: string; productId: number; copyOf: string }) =>
    call('configurator/start', { ...body, quoteId: null }),
};
