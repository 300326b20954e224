import type { TCrmHandoff } from '@cpq/contracts';
import { call } from '../../../lib/api';

/** The CRM hand-off call: the quote the CRM's parameters make (or, with existingQuote, name). */
export const crmApi = {
  createQuoteFromCrm: (salesPortalQuoteDTO: TCrmHandoff) =>
    call('quoteManagement/createQuoteInitiatedFromSalesforce', { salesPortalQuoteDTO }),
};
