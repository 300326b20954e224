import {
  DEFAULT_CHECKOUT_TYPE,
  DEFAULT_PLATFORM_ID,
  MSG,
  ROLE_ID,
  type TCreateUserInput,
  type TCreateUserResult,
} from '@cpq/contracts';
import type { TActor } from '../../lib/actor';
import { AppError, RateLimitedError } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/db-errors';
import { randomToken } from '../../lib/digest';
import { hashPassword, isCommonPassword } from '../../lib/passwords';
import { scopeOf } from '../../lib/platform-scope';
import { toUserView } from '../../lib/user-view';
import { insertChangesBy } from '../audit/change-trail';
import { createSignInTicket, startEnrollment } from '../auth/mfa.service';
import { findPlatform } from '../platforms/platforms.repository';
import { findDefaultRole, findRole } from '../roles/roles.repository';
import { userTrail } from './user-trail';
import { canAssignRole, isAdmin } from './users.policy';
import { insertUser, type TUserInsert, usernameExists } from './users.repository';
import { forbidden, type TUserContext } from './users.service';

/** Refuses passwords on the common-password list, with the field named for the form. */
export function assertUncommonPassword(password: string | undefined): void {
  if (password !== undefined && isCommonPassword(password)) {
    throw new AppError('VALIDATION_FAILED', MSG.commonPassword, [
      { path: 'input.password', message: MSG.commonPassword },
    ]);
  }
}

/**
 * A hash nobody knows the password of: for sign-ups from the compact form (name and e-mail only) and users an
 * administrator creates without a password, who set one through a reset / set-password link.
 */
export const unusablePasswordHash = () => hashPassword(randomToken(32));

const invalid = (path: string, message: string) => new AppError('VALIDATION_FAILED', message, [{ path, message }]);

/**
 * Creates a user. Signed out (or below level 5) it is a self sign-up: role `public` on the default platform,
 * always with multi-factor, answering the sign-in ticket and the enrolment to scan. Administrators create users
 * with a role up to their own level on their platform (level 9: any), answering no sign-in.
 */
export async function createUser(ctx: TUserContext, input: TCreateUserInput): Promise<TCreateUserResult> {
  assertUncommonPassword(input.password);
  return ctx.actor && isAdmin(ctx.actor) ? createByAdmin(ctx, ctx.actor, input) : signUp(ctx, input);
}

/** Self sign-ups per client address: enough for a family behind one router, too few to farm accounts. */
export const SIGN_UP_LIMIT = { limit: 20, windowMs: 15 * 60 * 1000 } as const;

async function signUp(ctx: TUserContext, input: TCreateUserInput): Promise<TCreateUserResult> {
  const { allowed, retryAfterMs } = await ctx.deps.limiter.hit(
    `users:signUp:${ctx.ip}`,
    SIGN_UP_LIMIT.limit,
    SIGN_UP_LIMIT.windowMs,
  );
  if (!allowed) throw new RateLimitedError(retryAfterMs);
  if (
    (input.roleId ?? ROLE_ID.public) !== ROLE_ID.public ||
    (input.pid ?? DEFAULT_PLATFORM_ID) !== DEFAULT_PLATFORM_ID
  ) {
    throw forbidden(MSG.cannotRaiseOwnLevel);
  }
  const { db, clock } = ctx.deps;
  const role = await findRole(db, ROLE_ID.public);
  if (!role) throw new Error('The built-in role "public" is missing');
  const passwordHash = input.password ? await hashPassword(input.password) : await unusablePasswordHash();
  const now = clock();
  const { user, enrollment } = await insertWithChecks(ctx, {
    values: {
      ...baseValues(input),
      roleId: role.id,
      pid: DEFAULT_PLATFORM_ID,
      checkoutType: input.checkoutType ?? DEFAULT_CHECKOUT_TYPE,
      enableMfa: true,
      passwordHash,
    },
    enrol: now,
  });
  if (!enrollment) throw new Error('Sign-up did not start an enrolment');
  const ticket = await createSignInTicket(ctx.deps, user.username, false);
  return { user: toUserView(user, role), signIn: { secret: ticket, enrollment } };
}

async function createByAdmin(ctx: TUserContext, actor: TActor, input: TCreateUserInput): Promise<TCreateUserResult> {
  const { db } = ctx.deps;
  const pid = input.pid ?? actor.pid;
  const platform = await findPlatform(db, scopeOf(actor), pid);
  if (!platform) throw new AppError('NOT_FOUND', MSG.notFound, [{ path: 'input.pid', message: MSG.notFound }]);
  const role = input.roleId ? await findRole(db, input.roleId) : await findDefaultRole(db);
  if (!role) throw invalid('input.roleId', 'Choose a role that exists.');
  if (!canAssignRole(actor, role)) throw forbidden(MSG.roleAboveCallerLevel);
  const passwordHash = input.password ? await hashPassword(input.password) : await unusablePasswordHash();
  const { user } = await insertWithChecks(ctx, {
    values: {
      ...baseValues(input),
      roleId: role.id,
      pid: platform.id,
      checkoutType: input.checkoutType ?? DEFAULT_CHECKOUT_TYPE,
      enableMfa: platform.requireMfa || (input.enableMFA ?? false),
      passwordHash,
    },
  });
  return { user: toUserView(user, role), signIn: null };
}

function baseValues(input: TCreateUserInput) {
  return { username: input.username, firstName: input.firstName, lastName: input.lastName, guid: input._id ?? null };
}

/**
 * Inserts the user in one transaction with its audit event (and, for sign-up, the pending authenticator secret).
 * A taken username answers USERNAME_TAKEN, a taken `_id` CONFLICT, also when a concurrent insert wins the race.
 */
export async function insertWithChecks(ctx: TUserContext, options: { values: TUserInsert; enrol?: Date }) {
  const { values } = options;
  try {
    return await ctx.deps.db.transaction(async (tx) => {
      if (await usernameExists(tx, values.username)) throw usernameTaken();
      const user = await insertUser(tx, values);
      const enrollment = options.enrol ? await startEnrollment(tx, user, options.enrol) : null;
      const context = { roleId: user.roleId, signUp: options.enrol !== undefined };
      await insertChangesBy(tx, ctx, [userTrail.created(user, context)]);
      return { user, enrollment };
    });
  } catch (error) {
    if (isUniqueViolation(error, 'users_username_unique')) throw usernameTaken();
    if (isUniqueViolation(error, 'users_guid_unique')) {
      const message = 'A user with this _id already exists.';
      throw new AppError('CONFLICT', message, [{ path: 'input._id', message }]);
    }
    throw error;
  }
}

const usernameTaken = () =>
  new AppError('USERNAME_TAKEN', MSG.usernameTaken, [{ path: 'input.username', message: MSG.usernameTaken }]);
