import { MSG } from '@cpq/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditEvents, users } from '../../db/schema';
import { verifyPassword } from '../../lib/passwords';
import { expectFailure, expectFieldError, resultOf } from '../../testing/expect-api';
import { createPlatform, createUser, signedInUser, tokenFor } from '../../testing/factories';
import { createTestApp, type TTestApp } from '../../testing/test-app';
import { changeEventsOf, expectNoEvents } from '../audit/audit.test-support';
import { createPasswordReset } from '../auth/password-reset.service';

type TUserView = Record<string, unknown> & { id: number; roleId: string; pid: string; enableMFA: boolean };

let t: TTestApp;
const secret = () => t.deps.config.tokenSecret;
const db = () => t.database.db;
const NEW_PASSWORD = 'Fresh#Pass42';
const update = (id: number, input: object, token?: string) => t.call('userManagement/updateUser', { id, input }, token);
const me = (token: string) => t.call('auth/getSecret', {}, token);
const stillSignedIn = async (token: string, username: string) =>
  (await t.call('userManagement/getUser', { username }, token)).statusCode === 200;
const passwordOf = async (id: number) =>
  (await db().select().from(users).where(eq(users.id, id)))[0]?.passwordHash ?? '';

beforeAll(async () => {
  t = await createTestApp();
  await createPlatform(db(), { id: 'must-mfa', requireMfa: true });
});
afterAll(() => t.close());

describe('updateUser: password reset (signed out)', () => {
  it('sets the password, spends the request and ends every session, in one go', async () => {
    const { user, token } = await signedInUser(db(), secret());
    const resetId = await createPasswordReset(db(), user.id, t.deps.clock());
    const view = resultOf<TUserView>(await update(user.id, { password: NEW_PASSWORD, resetId }));
    expect(view.id).toBe(user.id);
    expect(await verifyPassword(await passwordOf(user.id), NEW_PASSWORD)).toBe(true);
    expect(await stillSignedIn(token, user.username)).toBe(false);
    expectFailure(await update(user.id, { password: 'Other#Pass42', resetId }), 'RESET_EXPIRED', MSG.resetExpired);
  });

  it("refuses another user's request without spending it", async () => {
    const { user } = await createUser(db());
    const { user: other } = await createUser(db());
    const resetId = await createPasswordReset(db(), user.id, t.deps.clock());
    expectFailure(await update(other.id, { password: NEW_PASSWORD, resetId }), 'RESET_INVALID', MSG.resetInvalid);
    resultOf(await update(user.id, { password: NEW_PASSWORD, resetId }));
  });

  it('answers the spec messages for unknown requests and bad passwords', async () => {
    const { user } = await createUser(db());
    expectFailure(
      await update(user.id, { password: NEW_PASSWORD, resetId: 'nope' }),
      'RESET_INVALID',
      MSG.resetInvalid,
    );
    const resetId = await createPasswordReset(db(), user.id, t.deps.clock());
    expectFieldError(await update(user.id, { resetId }), 'input.password', MSG.passwordRequired);
    expectFieldError(await update(user.id, { resetId, password: 'weak' }), 'input.password', MSG.passwordRules);
    expectFieldError(await update(user.id, { resetId, password: 'P@ssw0rd' }), 'input.password', MSG.commonPassword);
    expectFieldError(await update(user.id, { resetId, password: NEW_PASSWORD, roleId: 'admin' }), 'input.roleId');
  });

  it('needs a sign-in without a reset request', async () => {
    const { user } = await createUser(db());
    expectFailure(await update(user.id, { password: NEW_PASSWORD }), 'UNAUTHENTICATED', MSG.signInRequired);
    expectFailure(await update(user.id, { firstName: 'X' }), 'UNAUTHENTICATED');
  });
});

describe('updateUser: yourself', () => {
  it('changes names and audits the change', async () => {
    const { user, token } = await signedInUser(db(), secret(), { roleLevel: 1 });
    const view = resultOf<TUserView>(await update(user.id, { firstName: ' Ann ', lastName: 'Other' }, token));
    expect(view).toMatchObject({ firstName: 'Ann', lastName: 'Other', roleId: 'registered' });
    const [event] = await db()
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.entityId, String(user.id)));
    expect(event).toMatchObject({ action: 'user.updated', data: { fields: ['firstName', 'lastName'] } });
  });

  it('changes the password with the current one, and ends the other sessions only', async () => {
    const { user, token, password } = await signedInUser(db(), secret(), { roleLevel: 1 });
    const otherToken = await tokenFor(db(), secret(), user);
    expectFieldError(
      await update(user.id, { password: NEW_PASSWORD }, token),
      'input.currentPassword',
      MSG.currentPasswordRequired,
    );
    expectFieldError(
      await update(user.id, { password: NEW_PASSWORD, currentPassword: 'Wrong#Guess9' }, token),
      'input.currentPassword',
      MSG.currentPasswordWrong,
    );
    expect(await verifyPassword(await passwordOf(user.id), password)).toBe(true);
    resultOf(await update(user.id, { password: NEW_PASSWORD, currentPassword: password }, token));
    expect(await verifyPassword(await passwordOf(user.id), NEW_PASSWORD)).toBe(true);
    expect(await stillSignedIn(token, user.username)).toBe(true);
    expect(await stillSignedIn(otherToken, user.username)).toBe(false);
    expectFieldError(
      await update(user.id, { password: 'Qwerty123!', currentPassword: NEW_PASSWORD }, token),
      'input.password',
      MSG.commonPassword,
    );
  });

  it('never changes their own role or platform, and below level 5 not their checkout type', async () => {
    const { user, token } = await signedInUser(db(), secret(), { roleLevel: 1 });
    expectFailure(await update(user.id, { roleId: 'admin' }, token), 'FORBIDDEN', MSG.cannotRaiseOwnLevel);
    expectFailure(await update(user.id, { pid: 'must-mfa' }, token), 'FORBIDDEN', MSG.cannotRaiseOwnLevel);
    expectFailure(await update(user.id, { checkoutType: 'stripe' }, token), 'FORBIDDEN');
    const same = { roleId: 'registered', pid: 'default', checkoutType: 'order', firstName: 'Same' };
    expect(resultOf<TUserView>(await update(user.id, same, token)).firstName).toBe('Same');
    const admin = await signedInUser(db(), secret(), { roleLevel: 5 });
    expectFailure(await update(admin.user.id, { roleId: 'public' }, admin.token), 'FORBIDDEN', MSG.cannotRaiseOwnLevel);
    expect(resultOf<TUserView>(await update(admin.user.id, { checkoutType: 'stripe' }, admin.token)).checkoutType).toBe(
      'stripe',
    );
  });

  it('confirms an authenticator started with auth/getSecret, and turns it off again', async () => {
    const { user, token } = await signedInUser(db(), secret(), { roleLevel: 1 });
    const enrollment = resultOf<{ secret: string }>(await me(token));
    expectFailure(await update(user.id, { enableMFA: true, mfaSecret: 'WRONGSECRET' }, token), 'BAD_REQUEST');
    const on = resultOf<TUserView>(await update(user.id, { enableMFA: true, mfaSecret: enrollment.secret }, token));
    expect(on).toMatchObject({ enableMFA: true, hasMfaSecret: true });
    const off = resultOf<TUserView>(await update(user.id, { enableMFA: false }, token));
    expect(off).toMatchObject({ enableMFA: false, hasMfaSecret: false });
  });

  it('keeps multi-factor on when the platform requires it', async () => {
    const { user, token } = await signedInUser(db(), secret(), { pid: 'must-mfa', enableMfa: true });
    const response = await update(user.id, { enableMFA: false }, token);
    expectFieldError(response, 'input.enableMFA', MSG.mfaRequiredByPlatform);
    expect(response.json().error).toBe(MSG.mfaRequiredByPlatform);
  });

  it('records sign-out and tells the platform who is online, after the commit', async () => {
    const { user, token } = await signedInUser(db(), secret(), { isLoggedIn: true, pid: 'presence-pid' });
    const spy = vi.spyOn(t.deps.realtime, 'publishPresence');
    const view = resultOf<TUserView>(await update(user.id, { isLoggedIn: false }, token));
    expect(view.isLoggedIn).toBe(false);
    expect(spy).toHaveBeenCalledWith('presence-pid');
    spy.mockClear();
    resultOf(await update(user.id, { firstName: 'Quiet' }, token));
    expect(spy).not.toHaveBeenCalled();
    spy.mockRestore();
  });
});

describe('updateUser: administrators', () => {
  it('change role (up to their level), checkout type and password of their platform users', async () => {
    const { token } = await signedInUser(db(), secret(), { roleLevel: 5, pid: 'upd-a' });
    const target = await signedInUser(db(), secret(), { roleLevel: 0, pid: 'upd-a' });
    const view = resultOf<TUserView>(
      await update(target.user.id, { roleId: 'admin', checkoutType: 'stripe', password: NEW_PASSWORD }, token),
    );
    expect(view).toMatchObject({ roleId: 'admin', roleLevel: 5, roleName: 'System Admin', checkoutType: 'stripe' });
    expect(await stillSignedIn(target.token, target.user.username)).toBe(false);
    expectFailure(await update(target.user.id, { roleId: 'superAdmin' }, token), 'FORBIDDEN', MSG.roleAboveCallerLevel);
    expectFieldError(await update(target.user.id, { roleId: 'nope' }, token), 'input.roleId');
  });

  it("answer NOT_FOUND for another platform's users and FORBIDDEN above their level", async () => {
    const { token } = await signedInUser(db(), secret(), { roleLevel: 5, pid: 'upd-a' });
    const { user: foreign } = await createUser(db(), { pid: 'upd-b' });
    expectFailure(await update(foreign.id, { firstName: 'X' }, token), 'NOT_FOUND', MSG.notFound);
    expectFailure(await update(999_999, { firstName: 'X' }, token), 'NOT_FOUND');
    const { user: boss } = await createUser(db(), { pid: 'upd-a', roleLevel: 9 });
    expectFailure(await update(boss.id, { firstName: 'X' }, token), 'FORBIDDEN');
  });

  it('move users between platforms only at level 9', async () => {
    const admin = await signedInUser(db(), secret(), { roleLevel: 5, pid: 'upd-c' });
    const { user } = await createUser(db(), { pid: 'upd-c' });
    expectFailure(await update(user.id, { pid: 'must-mfa' }, admin.token), 'FORBIDDEN');
    const superAdmin = await signedInUser(db(), secret(), { roleLevel: 9, pid: 'upd-d' });
    const moved = resultOf<TUserView>(await update(user.id, { pid: 'must-mfa' }, superAdmin.token));
    expect(moved).toMatchObject({ pid: 'must-mfa', enableMFA: true });
    expectFailure(await update(user.id, { pid: 'no-such' }, superAdmin.token), 'NOT_FOUND');
    expectFailure(
      await update(superAdmin.user.id, { pid: 'upd-c' }, superAdmin.token),
      'FORBIDDEN',
      MSG.cannotRaiseOwnLevel,
    );
  });

  it("do not confirm others' authenticators or set their presence; users below 5 edit only themselves", async () => {
    const { token } = await signedInUser(db(), secret(), { roleLevel: 5, pid: 'upd-e' });
    const { user } = await createUser(db(), { pid: 'upd-e', isLoggedIn: true });
    expectFieldError(await update(user.id, { mfaSecret: 'ABC' }, token), 'input.mfaSecret');
    expectFailure(await update(user.id, { isLoggedIn: false }, token), 'FORBIDDEN');
    const low = await signedInUser(db(), secret(), { roleLevel: 1, pid: 'upd-e' });
    expectFailure(await update(user.id, { firstName: 'X' }, low.token), 'FORBIDDEN');
  });

  it('validates the request shape', async () => {
    const { user, token } = await signedInUser(db(), secret(), { roleLevel: 5 });
    expectFieldError(await update(user.id, { firstName: 7 }, token), 'input.firstName');
    expectFieldError(await update(user.id, { unknown: true }, token), 'input');
    expectFieldError(await t.call('userManagement/updateUser', { input: {} }, token), 'id');
  });
});

describe('updateUser: change events', () => {
  /** The user.updated events of a user (auth records its own events on users too), with actor id and data. */
  const updatesOf = async (id: number) =>
    (
      await db()
        .select()
        .from(auditEvents)
        .where(eq(auditEvents.entityId, String(id)))
    )
      .filter((event) => event.action === 'user.updated')
      .map((event) => ({ actorUserId: event.actorUserId, data: event.data }));

  it('name only the fields that changed, the password and authenticator by name, never their values', async () => {
    const { user, token, password } = await signedInUser(db(), secret(), { roleLevel: 1, firstName: 'Ann' });
    const by = (data: unknown) => ({ actorUserId: user.id, data });
    resultOf(await update(user.id, { firstName: 'Ann', lastName: 'Changed', roleId: 'registered' }, token));
    resultOf(await update(user.id, { password: NEW_PASSWORD, currentPassword: password }, token));
    const enrollment = resultOf<{ secret: string }>(await me(token));
    resultOf(await update(user.id, { enableMFA: true, mfaSecret: enrollment.secret }, token));
    resultOf(await update(user.id, { enableMFA: true }, token));
    resultOf(await update(user.id, { enableMFA: false }, token));
    expect(await updatesOf(user.id)).toEqual([
      by({ fields: ['lastName'] }),
      by({ fields: ['password'] }),
      by({ fields: ['enableMfa', 'mfaSecret'] }),
      by({ fields: [] }),
      by({ fields: ['enableMfa', 'mfaSecret'] }),
    ]);
    const trail = JSON.stringify(await changeEventsOf(t, 'user', user.id));
    for (const secretValue of [NEW_PASSWORD, password, enrollment.secret, await passwordOf(user.id)]) {
      expect(trail).not.toContain(secretValue);
    }
  });

  it('records a password reset as signed out, via the reset', async () => {
    const { user } = await createUser(db());
    const resetId = await createPasswordReset(db(), user.id, t.deps.clock());
    resultOf(await update(user.id, { password: NEW_PASSWORD, resetId }));
    expect(await updatesOf(user.id)).toEqual([{ actorUserId: null, data: { fields: ['password'], via: 'reset' } }]);
  });

  it('record nothing for a change that fails', async () => {
    const { user, token } = await signedInUser(db(), secret(), { roleLevel: 1 });
    const { token: adminToken } = await signedInUser(db(), secret(), { roleLevel: 5 });
    const { user: boss } = await createUser(db(), { roleLevel: 9 });
    const resetId = await createPasswordReset(db(), user.id, t.deps.clock());
    await expectNoEvents(t, async () => {
      expectFieldError(
        await update(user.id, { password: NEW_PASSWORD, currentPassword: 'Wrong#Guess9' }, token),
        'input.currentPassword',
      );
      expectFailure(await update(user.id, { roleId: 'admin' }, token), 'FORBIDDEN');
      expectFailure(await update(user.id, { enableMFA: true, mfaSecret: 'WRONGSECRET' }, token), 'BAD_REQUEST');
      expectFailure(await update(boss.id, { firstName: 'X' }, adminToken), 'FORBIDDEN');
      expectFailure(await update(boss.id, { password: NEW_PASSWORD, resetId }), 'RESET_INVALID');
    });
  });
});
