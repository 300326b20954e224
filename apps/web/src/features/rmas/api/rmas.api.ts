import type { TRequestOf } from '@cpq/contracts';
import { call } from '../../../lib/api';

/** Return authorisations (RMAs) of an order's lines. */
export const rmasApi = {
  createRmas: (data: TRequestOf<'quoteManagement/createRMAs'>['data']) => call('quoteManagement/createRMAs', { data }),
  getRmas: (quoteId: number, signal?: AbortSignal) => call('quoteManagement/getRMAs', { quoteId }, signal),
};
