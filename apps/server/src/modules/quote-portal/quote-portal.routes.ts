import type { TAppDeps } from '../../deps';
import { signedIn, type THandlers, type TRequestContext } from '../../http/handlers';
import {
  addPortalComment,
  chooseLines,
  getPortalQuote,
  requestCurrent,
  type TPortalContext,
} from './quote-portal.service';
import { getQuoteShares, revokeQuoteShare, shareQuote, type TShareContext } from './quote-shares.service';

type TQuotePortalPaths =
  | 'quoteManagement/shareQuote'
  | 'quoteManagement/revokeQuoteShare'
  | 'quoteManagement/getQuoteShares'
  | 'quotePortal/getQuote'
  | 'quotePortal/chooseLines'
  | 'quotePortal/addComment'
  | 'quotePortal/requestCurrent';

/** Quote links: the sales side shares and revokes them (quoteManagement/*), the customer acts through them (quotePortal/*). */
export function createQuotePortalHandlers(deps: TAppDeps): THandlers<TQuotePortalPaths> {
  const sales = (ctx: TRequestContext): TShareContext => ({ deps, actor: signedIn(ctx), ip: ctx.ip, log: ctx.log });
  const customer = (ctx: TRequestContext): TPortalContext => ({
    deps,
    ip: ctx.ip,
    userAgent: ctx.userAgent,
    log: ctx.log,
  });
  return {
    'quoteManagement/shareQuote': (body, ctx) => shareQuote(sales(ctx), body),
    'quoteManagement/revokeQuoteShare': (body, ctx) => revokeQuoteShare(sales(ctx), body.id),
    'quoteManagement/getQuoteShares': (body, ctx) => getQuoteShares(sales(ctx), body.id),
    'quotePortal/getQuote': (body, ctx) => getPortalQuote(customer(ctx), body.token),
    'quotePortal/chooseLines': (body, ctx) => chooseLines(customer(ctx), body),
    'quotePortal/addComment': (body, ctx) => addPortalComment(customer(ctx), body),
    'quotePortal/requestCurrent': (body, ctx) => requestCurrent(customer(ctx), body.token),
  };
}
