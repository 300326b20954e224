import type { TRequestOf } from '@cpq/contracts';
import { call } from '../../../lib/api';

/** The configurator's calls (spec section 7: start, configure, finish) plus explain and the visitor sign-up. */
export const configuratorApi = {
  start: (body: TRequestOf<'configurator/start'>) => call('configurator/start', body),
  configure: (body: TRequestOf<'configurator/configure'>) => call('configurator/configure', body),
  explain: (body: TRequestOf<'configurator/explain'>) => call('configurator/explain', body),
  finish: (body: TRequestOf<'configurator/finish'>) => call('configurator/finish', body),
  createVisitor: (email: string) => call('configurator/createVisitor', { email }),
  getQuote: (id: number) => call('quoteManagement/getQuote', { id }),
};
