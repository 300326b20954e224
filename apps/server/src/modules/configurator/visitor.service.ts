import { DEFAULT_PLATFORM_ID, ROLE_ID, type TSession } from '@cpq/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { TAppDeps } from '../../deps';
import { AppError, RateLimitedError } from '../../lib/app-error';
import { ALL_PLATFORMS } from '../../lib/platform-scope';
import { findSignInUser } from '../auth/credentials.repository';
import { needsMfa } from '../auth/sign-in.policy';
import { completeSignIn } from '../auth/sign-in.service';
import { findPlatform } from '../platforms/platforms.repository';
import { insertWithChecks, SIGN_UP_LIMIT, unusablePasswordHash } from '../users/user-create.service';

type TVisitorContext = { deps: TAppDeps; ip: string; userAgent: string | undefined; log: FastifyBaseLogger };

/**
 * The visitor flow: a public account (role 'public' on the default platform, card checkout) for an e-mail address,
 * with a random password nobody is shown, signed in at once exactly as a sign-in does. An address that already has
 * an account is refused (USERNAME_TAKEN): naming an address never signs anyone into someone else's account.
 * Limited per client address like self sign-up.
 */
export async function createVisitor(ctx: TVisitorContext, email: string): Promise<TSession> {
  const { deps } = ctx;
  const hit = await deps.limiter.hit(`users:signUp:${ctx.ip}`, SIGN_UP_LIMIT.limit, SIGN_UP_LIMIT.windowMs);
  if (!hit.allowed) throw new RateLimitedError(hit.retryAfterMs);
  const platform = await findPlatform(deps.db, ALL_PLATFORMS, DEFAULT_PLATFORM_ID);
  if (!platform) throw new Error('The default platform is missing');
  if (platform.requireMfa) {
    throw new AppError('FORBIDDEN', 'This site requires multi-factor sign-in: create an account with Sign Up.');
  }
  await insertWithChecks(
    { deps, actor: null, ip: ctx.ip, log: ctx.log },
    {
      values: {
        username: email,
        firstName: '',
        lastName: '',
        roleId: ROLE_ID.public,
        pid: DEFAULT_PLATFORM_ID,
        checkoutType: 'stripe',
        enableMfa: false,
        passwordHash: await unusablePasswordHash(),
      },
    },
  );
  const found = await findSignInUser(deps.db, email);
  if (!found || needsMfa(found.user, found.platform)) throw new Error('The visitor account cannot sign in');
  const session = await completeSignIn(deps, found, { ip: ctx.ip, userAgent: ctx.userAgent }, false);
  if (!session) throw new Error('Visitor sign-in without a precondition did not complete');
  return session;
}
