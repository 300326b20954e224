import type { CompiledModels } from '../../compiler/compiled-models';
import type { TAppDeps } from '../../deps';
import { signedIn, type THandlers, type TRequestContext } from '../../http/handlers';
import { createCommunication, getCommunications } from './communications.service';
import { findQuoteCustomers } from './quote-customers.service';
import { getQuoteContact, setQuoteCustomer, updateQuote } from './quote-edit.service';
import { copyQuote, deleteQuote, getQuotes } from './quote-lifecycle.service';
import { deleteLine, getLines, setLineOptional, updateLine } from './quote-lines.service';
import { setQuoteLock } from './quote-lock.service';
import { convertQuoteRequest, takeQuoteRequest } from './quote-requests.service';
import { createLine, createQuote, getQuote, type TQuoteContext } from './quotes.service';

type TQuotePaths =
  | 'quoteManagement/createQuote'
  | 'quoteManagement/getQuote'
  | 'quoteManagement/getQuoteById'
  | 'quoteManagement/getQuotes'
  | 'quoteManagement/updateQuote'
  | 'quoteManagement/deleteQuote'
  | 'quoteManagement/copyQuote'
  | 'quoteManagement/createLine'
  | 'quoteManagement/getLines'
  | 'quoteManagement/updateLine'
  | 'quoteManagement/deleteLine'
  | 'quoteManagement/setLineOptional'
  | 'quoteManagement/createCommunication'
  | 'quoteManagement/getCommunications'
  | 'quoteManagement/getQuoteContact'
  | 'quoteManagement/findQuoteCustomers'
  | 'quoteManagement/setQuoteCustomer'
  | 'quoteManagement/lockQuote'
  | 'quoteManagement/unlockQuote'
  | 'quoteManagement/takeQuoteRequest'
  | 'quoteManagement/convertQuoteRequest';

/** Quotes, their lines and comments: quoteManagement/*. */
export function createQuoteHandlers(deps: TAppDeps, models: CompiledModels): THandlers<TQuotePaths> {
  const context = (ctx: TRequestContext): TQuoteContext => ({ db: deps.db, actor: signedIn(ctx), ip: ctx.ip });
  return {
    'quoteManagement/createQuote': (body, ctx) => createQuote(context(ctx), body.input),
    'quoteManagement/getQuote': (body, ctx) => getQuote(context(ctx), body.id),
    'quoteManagement/getQuoteById': (body, ctx) => getQuote(context(ctx), body.id),
    'quoteManagement/getQuotes': (body, ctx) => getQuotes(context(ctx), body),
    'quoteManagement/updateQuote': (body, ctx) => updateQuote(context(ctx), body),
    'quoteManagement/deleteQuote': (body, ctx) => deleteQuote(context(ctx), body),
    'quoteManagement/copyQuote': (body, ctx) => copyQuote(context(ctx), body),
    'quoteManagement/createLine': (body, ctx) => createLine(context(ctx), body.input),
    'quoteManagement/getLines': (body, ctx) => getLines(context(ctx), body),
    'quoteManagement/updateLine': (body, ctx) => updateLine({ ...context(ctx), models }, body),
    'quoteManagement/deleteLine': (body, ctx) => deleteLine(context(ctx), body),
    'quoteManagement/setLineOptional': (body, ctx) => setLineOptional(context(ctx), body),
    'quoteManagement/createCommunication': (body, ctx) => createCommunication(context(ctx), body.input),
    'quoteManagement/getCommunications': (body, ctx) => getCommunications(context(ctx), body.quoteId),
    'quoteManagement/getQuoteContact': (body, ctx) => getQuoteContact(context(ctx), body.quoteId),
    'quoteManagement/findQuoteCustomers': (body, ctx) => findQuoteCustomers(context(ctx), body),
    'quoteManagement/setQuoteCustomer': (body, ctx) => setQuoteCustomer({ ...context(ctx), models }, body),
    'quoteManagement/lockQuote': (body, ctx) => setQuoteLock(context(ctx), body, true),
    'quoteManagement/unlockQuote': (body, ctx) => setQuoteLock(context(ctx), body, false),
    'quoteManagement/takeQuoteRequest': (body, ctx) => takeQuoteRequest(context(ctx), body),
    'quoteManagement/convertQuoteRequest': (body, ctx) => convertQuoteRequest(context(ctx), body),
  };
}
