import type { CompiledModels } from '../../compiler/compiled-models';
import type { TAppDeps } from '../../deps';
import { signedIn, type THandlers, type TRequestContext } from '../../http/handlers';
import {
  createQuoteFromCrm,
  salesforceCreateQuote,
  salesforceGetQuoteNumber,
  salesforceUpdateQuote,
  updateSalesforceQuoteNumber,
  updateSolidfitLinePricing,
} from './crm.service';

type TCrmPaths =
  | 'quoteManagement/createQuoteInitiatedFromSalesforce'
  | 'quoteManagement/salesforceCreateQuote'
  | 'quoteManagement/salesforceUpdateQuote'
  | 'quoteManagement/updateSalesforceQuoteNumber'
  | 'quoteManagement/salesforceGetQuoteNumber'
  | 'quoteManagement/updateSolidfitLinePricing';

/** The CRM hand-off and the salesforce* calls; what reaches the CRM goes through the crm.syncQuote job. */
export function createCrmHandlers(deps: TAppDeps, models: CompiledModels): THandlers<TCrmPaths> {
  const context = (ctx: TRequestContext) => ({
    db: deps.db,
    actor: signedIn(ctx),
    ip: ctx.ip,
    jobs: deps.jobs,
    log: ctx.log,
  });
  return {
    'quoteManagement/createQuoteInitiatedFromSalesforce': (body, ctx) =>
      createQuoteFromCrm(context(ctx), body.salesPortalQuoteDTO),
    'quoteManagement/salesforceCreateQuote': (body, ctx) => salesforceCreateQuote(context(ctx), body),
    'quoteManagement/salesforceUpdateQuote': (body, ctx) => salesforceUpdateQuote(context(ctx), body),
    'quoteManagement/updateSalesforceQuoteNumber': (body, ctx) => updateSalesforceQuoteNumber(context(ctx), body),
    'quoteManagement/salesforceGetQuoteNumber': (body, ctx) => salesforceGetQuoteNumber(context(ctx), body.quoteId),
    'quoteManagement/updateSolidfitLinePricing': (body, ctx) =>
      updateSolidfitLinePricing({ ...context(ctx), models }, body),
  };
}
