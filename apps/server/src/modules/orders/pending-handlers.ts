import type { THandlers } from '../../http/handlers';
import { AppError } from '../../lib/app-error';

type TPendingPaths = 'paymentManagement/payment' | 'paymentManagement/getPaymentConfig';

// TEMPORARY while the orders routes land in parallel: spread first in createHandlers, so each module's real
// handler replaces its entry. Deleted before the issue closes.
const pending = async (): Promise<never> => {
  throw new AppError('NOT_FOUND', 'Not built yet.');
};

export const pendingOrderHandlers: THandlers<TPendingPaths> = {
  'paymentManagement/payment': pending,
  'paymentManagement/getPaymentConfig': pending,
};
