import type { TAppDeps } from '../../deps';
import { signedIn, type THandlers, type TRequestContext } from '../../http/handlers';
import { confirmMailbox, resetMfaEnrollment } from './mailbox-check.service';
import { startCallerEnrollment } from './mfa.service';
import { emailNewUserPassword } from './new-user-mail.service';
import { getPasswordResetRequest, requestPasswordReset } from './password-reset.service';
import { enforceRateLimit } from './rate-limits';
import { authorize, login, logout, type TClient } from './sign-in.service';
import { clearUserSignInThrottle, getUserSignInThrottle } from './sign-in-throttle.service';

type TAuthRoute =
  | 'auth/login'
  | 'auth/authorize'
  | 'auth/confirmMailbox'
  | 'auth/getSecret'
  | 'auth/forgotPassword'
  | 'auth/logout'
  | 'userManagement/getPasswordResetRequest'
  | 'administration/emailNewUserPassword'
  | 'userManagement/getSignInThrottle'
  | 'userManagement/clearSignInThrottle'
  | 'userManagement/resetMfaEnrollment';

const clientOf = (ctx: TRequestContext): TClient => ({ ip: ctx.ip, userAgent: ctx.userAgent });

/** Sign-in, multi-factor, sign-out and password-reset routes. */
export function createAuthHandlers(deps: TAppDeps): THandlers<TAuthRoute> {
  return {
    'auth/login': (body, ctx) => login(deps, body, clientOf(ctx)),
    'auth/authorize': (body, ctx) => authorize(deps, body, clientOf(ctx)),
    'auth/confirmMailbox': (body, ctx) => confirmMailbox(deps, body, clientOf(ctx)),
    'auth/getSecret': (_body, ctx) => startCallerEnrollment(deps, signedIn(ctx), ctx.ip),
    'auth/forgotPassword': (body, ctx) => requestPasswordReset(deps, body.username, clientOf(ctx)),
    'auth/logout': (_body, ctx) => logout(deps, signedIn(ctx), clientOf(ctx)),
    'userManagement/getPasswordResetRequest': async (body, ctx) => {
      await enforceRateLimit(deps.limiter, 'resetLookupPerIp', ctx.ip);
      return getPasswordResetRequest(deps.db, body.passwordResetRequestId, deps.clock());
    },
    'administration/emailNewUserPassword': (body, ctx) =>
      emailNewUserPassword(deps, signedIn(ctx), body.username, clientOf(ctx)),
    'userManagement/getSignInThrottle': (body, ctx) => getUserSignInThrottle(deps, signedIn(ctx), body.id),
    'userManagement/clearSignInThrottle': (body, ctx) => clearUserSignInThrottle(deps, signedIn(ctx), body.id, ctx.ip),
    'userManagement/resetMfaEnrollment': (body, ctx) => resetMfaEnrollment(deps, signedIn(ctx), body.id, ctx.ip),
  };
}
