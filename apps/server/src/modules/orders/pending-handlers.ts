import type { THandlers } from '../../http/handlers';
import { AppError } from '../../lib/app-error';

type TPendingPaths =
  | 'quoteManagement/setOrderStatus'
  | 'quoteManagement/sendOrderStatusEmails'
  | 'administration/sendEmail'
  | 'paymentManagement/payment'
  | 'paymentManagement/getPaymentConfig';

// TEMPORARY while the orders routes land in parallel: spread first in createHandlers, so each module's real
// handler replaces its entry. Deleted before the issue closes.
const pending = async (): Promise<never> => {
  throw new AppError('NOT_FOUND', 'Not built yet.');
};

export const pendingOrderHandlers: THandlers<TPendingPaths> = {
  'quoteManagement/setOrderStatus': pending,
  'quoteManagement/sendOrderStatusEmails': pending,
  'administration/sendEmail': pending,
  'paymentManagement/payment': pending,
  'paymentManagement/getPaymentConfig': pending,
};
