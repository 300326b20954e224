import type { TRoutePath } from '@cpq/contracts';
import { CompiledModels } from '../compiler/compiled-models';
import type { TAppDeps } from '../deps';
import type { THandlers } from '../http/handlers';
import { createJobHandlers } from '../jobs/admin/jobs.routes';
import { createAddressHandlers } from './addresses/addresses.routes';
import { createApprovalHandlers } from './approvals/approvals.routes';
import { createAuthHandlers } from './auth/auth.routes';
import { createConfiguratorHandlers } from './configurator/configurator.routes';
import { createCrmHandlers } from './crm/crm.routes';
import { createCustomerHandlers } from './customers/customers.routes';
import { createDocumentHandlers } from './documents/documents.routes';
import { createIntegrationHandlers } from './integrations/integrations.routes';
import { createOrderHandlers } from './orders/orders.routes';
import { createPaymentHandlers } from './payments/payments.routes';
import { createPlatformHandlers } from './platforms/platforms.routes';
import { createPriceListHandlers } from './price-lists/price-lists.routes';
import { createProductHandlers } from './products/products.routes';
import { createQuoteAcceptanceHandlers } from './quote-portal/quote-acceptance.routes';
import { createQuotePortalHandlers } from './quote-portal/quote-portal.routes';
import { createQuoteHandlers } from './quotes/quotes.routes';
import { createRmaHandlers } from './rmas/rmas.routes';
import { createRoleHandlers } from './roles/roles.routes';
import { createStatusTypeHandlers } from './status-types/status-types.routes';
import { createUserHandlers } from './users/users.routes';

/**
 * Every module's handlers; `satisfies` makes a route of the table without a handler a compile error. The compiled
 * models are one cache for the configurator and for the routes that price configured lines again.
 */
export function createHandlers(deps: TAppDeps): THandlers<TRoutePath> {
  const models = new CompiledModels(deps.compiler, { store: deps.diagrams });
  return {
    ...createAuthHandlers(deps),
    ...createUserHandlers(deps),
    ...createRoleHandlers(deps),
    ...createPlatformHandlers(deps),
    ...createProductHandlers(deps, models),
    ...createStatusTypeHandlers(deps),
    ...createPriceListHandlers(deps),
    ...createApprovalHandlers(deps),
    ...createCustomerHandlers(deps),
    ...createAddressHandlers(deps),
    ...createConfiguratorHandlers(deps, models),
    ...createQuoteHandlers(deps, models),
    ...createQuoteAcceptanceHandlers(deps),
    ...createDocumentHandlers(deps),
    ...createQuotePortalHandlers(deps),
    ...createOrderHandlers(deps),
    ...createPaymentHandlers(deps),
    ...createRmaHandlers(deps),
    ...createCrmHandlers(deps, models),
    ...createJobHandlers(deps),
    ...createIntegrationHandlers(deps),
  } satisfies THandlers<TRoutePath>;
}
