import { MSG } from '@cpq/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, sessions, users } from '../../db/schema';
import { expectFailure, expectFieldError, resultOf } from '../../testing/expect-api';
import { createUser, signedInUser } from '../../testing/factories';
import { createTestApp, type TTestApp } from '../../testing/test-app';

type TUserView = { id: number; username: string; firstName: string; lastName: string; roleLevel: number; pid: string };
type TPage = { rows: TUserView[]; count: number };

let t: TTestApp;
const secret = () => t.deps.config.tokenSecret;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('userManagement/getUser', () => {
  it('answers yourself without secrets', async () => {
    const { user, token } = await signedInUser(db(), secret(), { roleLevel: 1, mfaSecret: 'JBSWY3DPEHPK3PXP' });
    const view = resultOf<Record<string, unknown>>(
      await t.call('userManagement/getUser', { username: user.username }, token),
    );
    expect(view).toMatchObject({
      id: user.id,
      username: user.username,
      roleId: 'registered',
      roleName: 'Registered User',
    });
    expect(view).toMatchObject({ roleLevel: 1, pid: 'default', hasMfaSecret: true, checkoutType: 'order' });
    expect(JSON.stringify(view)).not.toMatch(/JBSWY3DPEHPK3PXP|passwordHash|mfaSecret"/);
  });

  it('finds usernames case-insensitively', async () => {
    const { user, token } = await signedInUser(db(), secret(), { roleLevel: 1 });
    const view = resultOf<TUserView>(
      await t.call('userManagement/getUser', { username: ` ${user.username.toUpperCase()} ` }, token),
    );
    expect(view.id).toBe(user.id);
  });

  it("refuses other users below level 5; admins see their platform's users, level 9 anyone's", async () => {
    const { user: other } = await createUser(db(), { pid: 'gu-a' });
    const { token: lowToken } = await signedInUser(db(), secret(), { roleLevel: 1, pid: 'gu-a' });
    const { token: adminA } = await signedInUser(db(), secret(), { roleLevel: 5, pid: 'gu-a' });
    const { token: adminB } = await signedInUser(db(), secret(), { roleLevel: 5, pid: 'gu-b' });
    const { token: superB } = await signedInUser(db(), secret(), { roleLevel: 9, pid: 'gu-b' });
    const body = { username: other.username };
    expectFailure(await t.call('userManagement/getUser', body, lowToken), 'FORBIDDEN');
    expect(resultOf<TUserView>(await t.call('userManagement/getUser', body, adminA)).id).toBe(other.id);
    expectFailure(await t.call('userManagement/getUser', body, adminB), 'NOT_FOUND', MSG.notFound);
    expect(resultOf<TUserView>(await t.call('userManagement/getUser', body, superB)).id).toBe(other.id);
    expectFailure(await t.call('userManagement/getUser', { username: 'nobody@example.com' }, adminA), 'NOT_FOUND');
  });

  it('validates the username', async () => {
    const { token } = await signedInUser(db(), secret());
    expectFieldError(await t.call('userManagement/getUser', { username: 'nope' }, token), 'username', MSG.invalidEmail);
    expectFieldError(await t.call('userManagement/getUser', { username: '' }, token), 'username', MSG.emailRequired);
  });
});

describe('userManagement/getUsers', () => {
  const pid = 'list-a';
  let adminToken: string;

  beforeAll(async () => {
    adminToken = (await signedInUser(db(), secret(), { roleLevel: 5, pid, firstName: 'Zed', lastName: 'Admin' })).token;
    const people = [
      ['Ada', 'Lovelace', true],
      ['Alan', 'Turing', false],
      ['Grace', 'Hopper', true],
      ['Edsger', 'Dijkstra', false],
      ['Barbara', 'Liskov', false],
    ] as const;
    for (const [firstName, lastName, isLoggedIn] of people) {
      await createUser(db(), {
        pid,
        firstName,
        lastName,
        isLoggedIn,
        username: `${firstName.toLowerCase()}@list.example`,
      });
    }
    await createUser(db(), { pid: 'list-b', firstName: 'Ada', lastName: 'Elsewhere' });
  });

  it('pages the caller platform with online users first, then by id', async () => {
    const page = resultOf<TPage & { rows: (TUserView & { isLoggedIn: boolean })[] }>(
      await t.call('userManagement/getUsers', {}, adminToken),
    );
    expect(page.count).toBe(6);
    expect(page.rows.every((row) => row.pid === pid)).toBe(true);
    expect(page.rows.slice(0, 2).map((row) => row.firstName)).toEqual(['Ada', 'Grace']);
    const offline = page.rows.slice(2).map((row) => row.id);
    expect(offline).toEqual([...offline].sort((a, b) => a - b));
  });

  it('applies limit, offset and a whitelisted order', async () => {
    const body = { limit: 2, offset: 1, order: ['lastName', 'ASC'] };
    const page = resultOf<TPage>(await t.call('userManagement/getUsers', body, adminToken));
    expect(page.count).toBe(6);
    expect(page.rows.map((row) => row.lastName)).toEqual(['Dijkstra', 'Hopper']);
    const desc = resultOf<TPage>(
      await t.call('userManagement/getUsers', { order: ['firstName', 'DESC'], limit: 1 }, adminToken),
    );
    expect(desc.rows[0]?.firstName).toBe('Zed');
  });

  it('searches username, first and last name case-insensitively, word by word', async () => {
    const byName = resultOf<TPage>(await t.call('userManagement/getUsers', { search: 'HOPP' }, adminToken));
    expect(byName.rows.map((row) => row.lastName)).toEqual(['Hopper']);
    expect(byName.count).toBe(1);
    const byEmail = resultOf<TPage>(await t.call('userManagement/getUsers', { search: 'alan@list' }, adminToken));
    expect(byEmail.rows.map((row) => row.firstName)).toEqual(['Alan']);
    const twoWords = resultOf<TPage>(await t.call('userManagement/getUsers', { search: 'ada love' }, adminToken));
    expect(twoWords.rows.map((row) => row.lastName)).toEqual(['Lovelace']);
    const wildcard = resultOf<TPage>(await t.call('userManagement/getUsers', { search: '%' }, adminToken));
    expect(wildcard.count).toBe(0);
  });

  it('refuses unknown sort fields and bad paging with 400s', async () => {
    const unknown = await t.call('userManagement/getUsers', { order: ['passwordHash', 'ASC'] }, adminToken);
    const failure = expectFieldError(unknown, 'order.0');
    expect(failure.error).toBe(
      'Cannot sort by "passwordHash". Sort by one of: id, username, firstName, lastName, roleLevel, isLoggedIn, createdAt.',
    );
    expectFieldError(await t.call('userManagement/getUsers', { limit: 201 }, adminToken), 'limit');
    expectFieldError(await t.call('userManagement/getUsers', { limit: 0 }, adminToken), 'limit');
    expectFieldError(await t.call('userManagement/getUsers', { offset: -1 }, adminToken), 'offset');
    expectFieldError(await t.call('userManagement/getUsers', { order: ['id', 'UP'] }, adminToken), 'order.1');
  });

  it('lets level 9 see every platform and refuses level 1', async () => {
    const { token } = await signedInUser(db(), secret(), { roleLevel: 9, pid: 'list-c' });
    const page = resultOf<TPage>(await t.call('userManagement/getUsers', { search: 'ada', limit: 200 }, token));
    expect([...new Set(page.rows.map((row) => row.pid))]).toEqual(expect.arrayContaining(['list-a', 'list-b']));
    const low = await signedInUser(db(), secret(), { roleLevel: 1, pid });
    expectFailure(await t.call('userManagement/getUsers', {}, low.token), 'FORBIDDEN');
  });
});

describe('userManagement/deleteUser and deleteUsers', () => {
  it('deletes a user of the platform with their sessions, and audits it', async () => {
    const { user: admin, token } = await signedInUser(db(), secret(), { roleLevel: 5, pid: 'del-a' });
    const victim = await signedInUser(db(), secret(), { roleLevel: 1, pid: 'del-a' });
    expect(resultOf(await t.call('userManagement/deleteUser', { id: victim.user.id }, token))).toEqual({ ok: true });
    expect(await db().select().from(users).where(eq(users.id, victim.user.id))).toEqual([]);
    expect(await db().select().from(sessions).where(eq(sessions.userId, victim.user.id))).toEqual([]);
    const [event] = await db()
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.entityId, String(victim.user.id)));
    const data = { username: victim.user.username };
    expect(event).toMatchObject({ action: 'user.deleted', actorUserId: admin.id, pid: 'del-a', data });
    expectFailure(await t.call('userManagement/deleteUser', { id: victim.user.id }, token), 'NOT_FOUND');
  });

  it('never deletes the caller', async () => {
    const { user, token } = await signedInUser(db(), secret(), { roleLevel: 5, pid: 'del-a' });
    expectFailure(
      await t.call('userManagement/deleteUser', { id: user.id }, token),
      'BAD_REQUEST',
      MSG.cannotDeleteSelf,
    );
    const alone = await t.call(
      'userManagement/deleteUsers',
      { users: [{ id: user.id, username: user.username }] },
      token,
    );
    expectFailure(alone, 'BAD_REQUEST', MSG.cannotDeleteSelf);
  });

  it('deletes several at once, skipping the caller, all or nothing', async () => {
    const { user: me, token } = await signedInUser(db(), secret(), { roleLevel: 5, pid: 'del-b' });
    const { user: one } = await createUser(db(), { pid: 'del-b' });
    const { user: two } = await createUser(db(), { pid: 'del-b', roleLevel: 5 });
    const { user: foreign } = await createUser(db(), { pid: 'del-c' });
    const ref = (user: { id: number; username: string }) => ({ id: user.id, username: user.username });

    const mixed = { users: [ref(one), ref(foreign)] };
    expectFailure(await t.call('userManagement/deleteUsers', mixed, token), 'NOT_FOUND');
    expect(await db().select().from(users).where(eq(users.id, one.id))).toHaveLength(1);

    const body = { users: [ref(me), ref(one), ref(two)], self: ref(me) };
    expect(resultOf(await t.call('userManagement/deleteUsers', body, token))).toEqual({ deleted: 2 });
    expect(await db().select().from(users).where(eq(users.id, me.id))).toHaveLength(1);
  });

  it('refuses a username that does not match the id', async () => {
    const { token } = await signedInUser(db(), secret(), { roleLevel: 5, pid: 'del-d' });
    const { user } = await createUser(db(), { pid: 'del-d' });
    const body = { users: [{ id: user.id, username: 'someone-else@example.com' }] };
    expectFailure(await t.call('userManagement/deleteUsers', body, token), 'NOT_FOUND');
  });

  it('keeps administrators from deleting users above their level', async () => {
    const { token } = await signedInUser(db(), secret(), { roleLevel: 5, pid: 'del-e' });
    const { user: boss } = await createUser(db(), { pid: 'del-e', roleLevel: 9 });
    expectFailure(await t.call('userManagement/deleteUser', { id: boss.id }, token), 'FORBIDDEN');
    const superAdmin = await signedInUser(db(), secret(), { roleLevel: 9, pid: 'del-f' });
    expect(resultOf(await t.call('userManagement/deleteUser', { id: boss.id }, superAdmin.token))).toEqual({
      ok: true,
    });
  });

  it('validates the list', async () => {
    const { token } = await signedInUser(db(), secret(), { roleLevel: 5 });
    expectFieldError(await t.call('userManagement/deleteUsers', { users: [] }, token), 'users');
    expectFieldError(await t.call('userManagement/deleteUser', { id: 'x' }, token), 'id');
    expectFieldError(await t.call('userManagement/deleteUser', { id: -3 }, token), 'id');
  });
});
