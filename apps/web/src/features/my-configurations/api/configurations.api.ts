import type { TRequestOf } from '@cpq/contracts';
import { call } from '../../../lib/api';

/** The caller's saved configurations, a page at a time (server default order: createdDate descending). */
export const configurationsApi = {
  getConfigurations: (query: TRequestOf<'configurator/getConfigurations'>, signal?: AbortSignal) =>
    call('configurator/getConfigurations', query, signal),
};
