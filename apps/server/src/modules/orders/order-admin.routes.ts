import type { TAppDeps } from '../../deps';
import { signedIn, type THandlers, type TRequestContext } from '../../http/handlers';
import { setOrderStatus } from './order-status.service';
import { sendEmail, type TOrderAdminContext } from './send-email.service';

type TOrderAdminPaths =
  | 'quoteManagement/setOrderStatus'
  | 'quoteManagement/sendOrderStatusEmails'
  | 'administration/sendEmail';

/** Administrators' order work: order statuses and the send-e-mail calls. */
export function createOrderAdminHandlers(deps: TAppDeps): THandlers<TOrderAdminPaths> {
  const context = (ctx: TRequestContext): TOrderAdminContext => ({
    deps,
    actor: signedIn(ctx),
    ip: ctx.ip,
    log: ctx.log,
  });
  return {
    'quoteManagement/setOrderStatus': (body, ctx) => setOrderStatus(context(ctx), body),
    'quoteManagement/sendOrderStatusEmails': (body, ctx) =>
      sendEmail(context(ctx), body, 'quoteManagement/sendOrderStatusEmails'),
    'administration/sendEmail': (body, ctx) => sendEmail(context(ctx), body, 'administration/sendEmail'),
  };
}
