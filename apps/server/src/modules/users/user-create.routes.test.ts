import { MSG } from '@cpq/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, users } from '../../db/schema';
import { verifyPassword } from '../../lib/passwords';
import { currentTotp } from '../../lib/totp';
import { expectFailure, expectFieldError, resultOf } from '../../testing/expect-api';
import { createPlatform, createUser, signedInUser } from '../../testing/factories';
import { createTestApp, type TTestApp } from '../../testing/test-app';
import { SIGN_UP_LIMIT } from './user-create.service';

type TUserView = Record<string, unknown> & { id: number; username: string; roleId: string; pid: string };
type TCreated = {
  user: TUserView;
  signIn: { secret: string; enrollment: { secret: string; otpauthUrl: string; qrCode: string } } | null;
};

let t: TTestApp;
const secret = () => t.deps.config.tokenSecret;
const db = () => t.database.db;
let n = 0;
const email = () => `new-${++n}-${Date.now()}@create.example`;

beforeAll(async () => {
  t = await createTestApp();
  await createUser(db(), { pid: 'default' });
  await createPlatform(db(), { id: 'mfa-co', requireMfa: true });
});
afterAll(() => t.close());

describe('userManagement/createUser: sign-up', () => {
  it('creates a public user on the default platform and starts the code step', async () => {
    const username = email();
    const input = { username: username.toUpperCase(), firstName: 'Try', lastName: 'It' };
    const created = resultOf<TCreated>(await t.call('userManagement/createUser', { input }));
    expect(created.user).toMatchObject({
      username,
      roleId: 'public',
      roleLevel: 0,
      pid: 'default',
      checkoutType: 'order',
      enableMFA: true,
      hasMfaSecret: false,
      _id: null,
    });
    expect(created.signIn?.enrollment.otpauthUrl).toMatch(/^otpauth:\/\/totp\//);
    expect(created.signIn?.enrollment.qrCode).toMatch(/^data:image\/png;base64,/);

    // The ticket and the scanned secret finish the sign-in.
    const code = currentTotp(created.signIn?.enrollment.secret ?? '', username, t.deps.clock());
    const session = resultOf<{ token: string; user: TUserView }>(
      await t.call('auth/authorize', { username, token: code, secret: created.signIn?.secret }),
    );
    expect(session.user.id).toBe(created.user.id);
    expect(session.token.length).toBeGreaterThan(20);
  });

  it('stores an unusable password when none is sent, and the given one otherwise', async () => {
    const username = email();
    const created = resultOf<TCreated>(await t.call('userManagement/createUser', { input: { username } }));
    const [row] = await db().select().from(users).where(eq(users.id, created.user.id));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(row?.passwordHash ?? '', '')).toBe(false);

    const withPassword = { username: email(), password: 'Sign#Up2024x' };
    const second = resultOf<TCreated>(await t.call('userManagement/createUser', { input: withPassword }));
    const [row2] = await db().select().from(users).where(eq(users.id, second.user.id));
    expect(await verifyPassword(row2?.passwordHash ?? '', 'Sign#Up2024x')).toBe(true);
  });

  it('keeps the client _id and audits the creation', async () => {
    const _id = '3f2b8c1e-8d4a-4b6e-9f1a-2c3d4e5f6a7b';
    const created = resultOf<TCreated>(
      await t.call('userManagement/createUser', { input: { username: email(), _id } }),
    );
    expect(created.user._id).toBe(_id);
    const events = await db()
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.entityId, String(created.user.id)));
    const username = created.user.username;
    expect(events.find((event) => event.action === 'user.created')?.data).toEqual({
      username,
      roleId: 'public',
      signUp: true,
    });
    const again = await t.call('userManagement/createUser', { input: { username: email(), _id } });
    expectFailure(again, 'CONFLICT');
  });

  it('answers USERNAME_TAKEN for an existing username, whatever its case', async () => {
    const username = email();
    resultOf(await t.call('userManagement/createUser', { input: { username } }));
    const again = await t.call('userManagement/createUser', { input: { username: username.toUpperCase() } });
    expectFailure(again, 'USERNAME_TAKEN', MSG.usernameTaken);
    expect(again.statusCode).toBe(409);
  });

  it('refuses roles and platforms a visitor may not choose', async () => {
    const role = await t.call('userManagement/createUser', { input: { username: email(), roleId: 'admin' } });
    expectFailure(role, 'FORBIDDEN', MSG.cannotRaiseOwnLevel);
    const pid = await t.call('userManagement/createUser', { input: { username: email(), pid: 'mfa-co' } });
    expectFailure(pid, 'FORBIDDEN', MSG.cannotRaiseOwnLevel);
    const { token } = await signedInUser(db(), secret(), { roleLevel: 1 });
    const asUser = await t.call(
      'userManagement/createUser',
      { input: { username: email(), roleId: 'registered' } },
      token,
    );
    expectFailure(asUser, 'FORBIDDEN', MSG.cannotRaiseOwnLevel);
  });

  it('validates e-mail and password with the spec messages', async () => {
    const call = (input: object) => t.call('userManagement/createUser', { input });
    expectFieldError(await call({ username: 'not-an-email' }), 'input.username', MSG.invalidEmail);
    expectFieldError(await call({ username: '' }), 'input.username', MSG.emailRequired);
    expectFieldError(await call({}), 'input.username', MSG.emailRequired);
    expectFieldError(await call({ username: email(), password: 'short' }), 'input.password', MSG.passwordRules);
    expectFieldError(
      await call({ username: email(), password: 'alllowercase1!' }),
      'input.password',
      MSG.passwordRules,
    );
    expectFieldError(await call({ username: email(), password: '' }), 'input.password', MSG.passwordRequired);
    expectFieldError(await call({ username: email(), password: 'P@ssw0rd' }), 'input.password', MSG.commonPassword);
    expectFieldError(await call({ username: email(), isAdmin: true }), 'input');
    expectFieldError(await call({ username: email(), _id: 'not-a-guid' }), 'input._id');
    expectFieldError(await call({ username: email(), checkoutType: 'cash' }), 'input.checkoutType');
  });

  it('limits sign-ups per client address', async () => {
    const ip = `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    const signUp = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/userManagement/createUser',
        headers: { 'x-forwarded-for': ip },
        payload: { input: { username: email() } },
      });
    for (let i = 0; i < SIGN_UP_LIMIT.limit; i += 1) expect((await signUp()).statusCode).toBe(200);
    const limited = await signUp();
    expectFailure(limited, 'RATE_LIMITED', MSG.tooManyRequests);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(SIGN_UP_LIMIT.windowMs / 1000);
  });
});

describe('userManagement/createUser: administrators', () => {
  it('creates users on their platform with the level-0 role and order checkout by default', async () => {
    const { token } = await signedInUser(db(), secret(), { roleLevel: 5, pid: 'adm-a' });
    const created = resultOf<TCreated>(
      await t.call('userManagement/createUser', { input: { username: email(), password: 'Admin#Made1' } }, token),
    );
    expect(created.signIn).toBeNull();
    expect(created.user).toMatchObject({ roleId: 'public', roleLevel: 0, pid: 'adm-a', checkoutType: 'order' });
    expect(created.user.enableMFA).toBe(false);
  });

  it('assigns roles up to their own level, never above', async () => {
    const { token } = await signedInUser(db(), secret(), { roleLevel: 5, pid: 'adm-a' });
    const input = { username: email(), roleId: 'admin', checkoutType: 'stripe' };
    const created = resultOf<TCreated>(await t.call('userManagement/createUser', { input }, token));
    expect(created.user).toMatchObject({ roleId: 'admin', roleLevel: 5, checkoutType: 'stripe' });
    const above = await t.call(
      'userManagement/createUser',
      { input: { username: email(), roleId: 'superAdmin' } },
      token,
    );
    expectFailure(above, 'FORBIDDEN', MSG.roleAboveCallerLevel);
    const unknown = await t.call('userManagement/createUser', { input: { username: email(), roleId: 'nope' } }, token);
    expectFieldError(unknown, 'input.roleId', 'Choose a role that exists.');
  });

  it('keeps level 5 on their platform (others answer NOT_FOUND); level 9 picks any', async () => {
    const { token } = await signedInUser(db(), secret(), { roleLevel: 5, pid: 'adm-a' });
    const other = await t.call('userManagement/createUser', { input: { username: email(), pid: 'mfa-co' } }, token);
    expectFailure(other, 'NOT_FOUND');
    const superAdmin = await signedInUser(db(), secret(), { roleLevel: 9, pid: 'adm-b' });
    const created = resultOf<TCreated>(
      await t.call('userManagement/createUser', { input: { username: email(), pid: 'mfa-co' } }, superAdmin.token),
    );
    expect(created.user).toMatchObject({ pid: 'mfa-co', enableMFA: true });
    const missing = await t.call(
      'userManagement/createUser',
      { input: { username: email(), pid: 'none' } },
      superAdmin.token,
    );
    expectFailure(missing, 'NOT_FOUND');
  });

  it('refuses common passwords and taken usernames', async () => {
    const { token } = await signedInUser(db(), secret(), { roleLevel: 5 });
    const common = await t.call(
      'userManagement/createUser',
      { input: { username: email(), password: 'Password1!' } },
      token,
    );
    expectFieldError(common, 'input.password', MSG.commonPassword);
    const { user } = await createUser(db(), { pid: 'elsewhere' });
    const taken = await t.call('userManagement/createUser', { input: { username: user.username } }, token);
    expectFailure(taken, 'USERNAME_TAKEN', MSG.usernameTaken);
  });
});
