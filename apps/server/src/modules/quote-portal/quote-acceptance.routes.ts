import type { TAppDeps } from '../../deps';
import type { THandlers } from '../../http/handlers';
import { acceptQuote } from './quote-acceptance.service';

/** quotePortal/accept: a public route; the link's token in the body is the only credential. */
export function createQuoteAcceptanceHandlers(deps: TAppDeps): THandlers<'quotePortal/accept'> {
  return {
    'quotePortal/accept': (body, ctx) =>
      acceptQuote({ deps, ip: ctx.ip, userAgent: ctx.userAgent, log: ctx.log }, body),
  };
}
