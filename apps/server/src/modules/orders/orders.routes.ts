import type { TAppDeps } from '../../deps';
import { signedIn, type THandlers, type TRequestContext } from '../../http/handlers';
import type { TOrderContext } from './order-context';
import { setOrderStatus } from './order-status.service';
import { placeOrder } from './place-order.service';
import { sendEmail } from './send-email.service';

type TOrderPaths =
  | 'quoteManagement/placeOrder'
  | 'quoteManagement/setOrderStatus'
  | 'quoteManagement/sendOrderStatusEmails'
  | 'administration/sendEmail';

/**
 * Orders: placing one by purchase order (card payments are paymentManagement/*), and administrators' order work:
 * order statuses and the send-e-mail calls.
 */
export function createOrderHandlers(deps: TAppDeps): THandlers<TOrderPaths> {
  const context = (ctx: TRequestContext): TOrderContext => ({ deps, actor: signedIn(ctx), ip: ctx.ip, log: ctx.log });
  return {
    'quoteManagement/placeOrder': (body, ctx) => placeOrder(context(ctx), body),
    'quoteManagement/setOrderStatus': (body, ctx) => setOrderStatus(context(ctx), body),
    'quoteManagement/sendOrderStatusEmails': (body, ctx) =>
      sendEmail(context(ctx), body, 'quoteManagement/sendOrderStatusEmails'),
    'administration/sendEmail': (body, ctx) => sendEmail(context(ctx), body, 'administration/sendEmail'),
  };
}
