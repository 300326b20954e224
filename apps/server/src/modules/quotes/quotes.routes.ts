import type { TAppDeps } from '../../deps';
import { signedIn, type THandlers, type TRequestContext } from '../../http/handlers';
import { createLine, createQuote, getQuote, type TQuoteContext } from './quotes.service';

type TQuotePaths =
  | 'quoteManagement/createQuote'
  | 'quoteManagement/getQuote'
  | 'quoteManagement/getQuoteById'
  | 'quoteManagement/createLine';

/** Quotes and their lines (the quotes issue adds the rest of quoteManagement/* here). */
export function createQuoteHandlers(deps: TAppDeps): THandlers<TQuotePaths> {
  const context = (ctx: TRequestContext): TQuoteContext => ({ db: deps.db, actor: signedIn(ctx), ip: ctx.ip });
  return {
    'quoteManagement/createQuote': (body, ctx) => createQuote(context(ctx), body.input),
    'quoteManagement/getQuote': (body, ctx) => getQuote(context(ctx), body.id),
    'quoteManagement/getQuoteById': (body, ctx) => getQuote(context(ctx), body.id),
    'quoteManagement/createLine': (body, ctx) => createLine(context(ctx), body.input),
  };
}
