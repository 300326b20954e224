import { MSG, ROLE_ID, type TRoutePath } from '@cpq/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../db/schema';
import { expectFailure, expectFieldError, resultOf } from '../../testing/expect-api';
import { createUser, signedInUser } from '../../testing/factories';
import { createTestApp, type TTestApp } from '../../testing/test-app';
import { callAudited, changeEventsOf, expectNoEvents, trailRow } from '../audit/audit.test-support';
import { firstFreeId, roleHeldMessage, roleSlug } from './roles.service';

type TRole = { id: string; name: string; description: string; roleLevel: number };

let t: TTestApp;
let superToken: string;
let superName: string;
let adminToken: string;
const secret = () => t.deps.config.tokenSecret;

beforeAll(async () => {
  t = await createTestApp();
  const superAdmin = await signedInUser(t.database.db, secret(), { roleLevel: 9 });
  [superToken, superName] = [superAdmin.token, superAdmin.user.username];
  adminToken = (await signedInUser(t.database.db, secret(), { roleLevel: 5 })).token;
});
afterAll(() => t.close());

describe('role ids', () => {
  it('slugs names and makes them unique', () => {
    expect(roleSlug('Sales Manager')).toBe('sales-manager');
    expect(roleSlug('  Équipe — Nord!  ')).toBe('equipe-nord');
    expect(roleSlug('!!!')).toBe('role');
    expect(firstFreeId('sales', [])).toBe('sales');
    expect(firstFreeId('sales', ['sales', 'sales-2'])).toBe('sales-3');
  });
});

describe('roleManagement/getRoles', () => {
  it('lists roles at or below the caller level, by level then name', async () => {
    const all = resultOf<{ rows: TRole[]; count: number }>(await t.call('roleManagement/getRoles', {}, superToken));
    expect(all.rows.map((role) => role.id).slice(0, 4)).toEqual([
      ROLE_ID.public,
      ROLE_ID.registered,
      ROLE_ID.admin,
      ROLE_ID.superAdmin,
    ]);
    expect(all.count).toBe(all.rows.length);
    const levels = all.rows.map((role) => role.roleLevel);
    expect(levels).toEqual([...levels].sort((a, b) => a - b));

    const forAdmin = resultOf<{ rows: TRole[] }>(await t.call('roleManagement/getRoles', {}, adminToken));
    expect(forAdmin.rows.every((role) => role.roleLevel <= 5)).toBe(true);
    expect(forAdmin.rows.map((role) => role.id)).toContain(ROLE_ID.admin);
  });

  it('never lists above the caller level, whatever roleLevel asks', async () => {
    const asked = resultOf<{ rows: TRole[] }>(await t.call('roleManagement/getRoles', { roleLevel: 9 }, adminToken));
    expect(Math.max(...asked.rows.map((role) => role.roleLevel))).toBe(5);
    const low = resultOf<{ rows: TRole[] }>(await t.call('roleManagement/getRoles', { roleLevel: 1 }, superToken));
    expect(low.rows.map((role) => role.id)).toEqual([ROLE_ID.public, ROLE_ID.registered]);
  });

  it('refuses role levels outside 0..9', async () => {
    expectFieldError(await t.call('roleManagement/getRoles', { roleLevel: 10 }, superToken), 'roleLevel');
    expectFieldError(await t.call('roleManagement/getRoles', { roleLevel: -1 }, superToken), 'roleLevel');
  });

  it('is for administrators', async () => {
    const { token } = await signedInUser(t.database.db, secret(), { roleLevel: 1 });
    expectFailure(await t.call('roleManagement/getRoles', {}, token), 'FORBIDDEN', MSG.forbidden);
    expectFailure(await t.call('roleManagement/getRoles', {}), 'UNAUTHENTICATED');
  });
});

describe('roleManagement/createRole, updateRole, deleteRole', () => {
  it('creates a role with a unique slug id and audits it', async () => {
    const input = { name: 'Sales Manager', description: 'Leads a team', roleLevel: 3 };
    const first = resultOf<TRole>(await t.call('roleManagement/createRole', { input }, superToken));
    expect(first).toEqual({ id: 'sales-manager', version: 1, showsMargin: false, ...input });
    const second = resultOf<TRole>(await t.call('roleManagement/createRole', { input }, superToken));
    expect(second.id).toBe('sales-manager-2');
    const events = await t.database.db.select().from(auditEvents).where(eq(auditEvents.entityId, 'sales-manager'));
    expect(events.map((event) => event.action)).toContain('role.created');
  });

  it('validates name and level', async () => {
    expectFieldError(
      await t.call('roleManagement/createRole', { input: { name: ' ', roleLevel: 1 } }, superToken),
      'input.name',
      'Role Name is required.',
    );
    expectFieldError(
      await t.call('roleManagement/createRole', { input: { name: 'X', roleLevel: 10 } }, superToken),
      'input.roleLevel',
    );
    expectFieldError(
      await t.call('roleManagement/createRole', { input: { name: 'X', roleLevel: 1.5 } }, superToken),
      'input.roleLevel',
    );
    expectFieldError(
      await t.call('roleManagement/createRole', { input: { name: 'X', roleLevel: '1' } }, superToken),
      'input.roleLevel',
    );
  });

  it('updates a role and keeps fields not sent', async () => {
    const input = { name: 'Estimator', description: 'Prices jobs', roleLevel: 2 };
    const role = resultOf<TRole>(await t.call('roleManagement/createRole', { input }, superToken));
    const renamed = resultOf<TRole>(
      await t.call('roleManagement/updateRole', { id: role.id, input: { name: 'Senior Estimator' } }, superToken),
    );
    expect(renamed).toEqual({ ...input, id: role.id, name: 'Senior Estimator', version: 2, showsMargin: false });
    const moved = resultOf<TRole>(
      await t.call('roleManagement/updateRole', { id: role.id, input: { roleLevel: 4 } }, superToken),
    );
    expect(moved.roleLevel).toBe(4);
    const margins = resultOf<TRole>(
      await t.call('roleManagement/updateRole', { id: role.id, input: { showsMargin: true } }, superToken),
    );
    expect(margins).toMatchObject({ showsMargin: true, roleLevel: 4, name: 'Senior Estimator' });
    expect(moved.id).toBe(role.id);
    expect(moved.description).toBe('Prices jobs');
    const cleared = resultOf<TRole>(
      await t.call('roleManagement/updateRole', { id: role.id, input: { description: '' } }, superToken),
    );
    expect(cleared.description).toBe('');
  });

  it('never changes the level of a built-in role, but renames it', async () => {
    const response = await t.call(
      'roleManagement/updateRole',
      { id: ROLE_ID.admin, input: { roleLevel: 9 } },
      superToken,
    );
    expectFailure(response, 'CONFLICT');
    const same = await t.call('roleManagement/updateRole', { id: ROLE_ID.admin, input: { roleLevel: 5 } }, superToken);
    expect(resultOf<TRole>(same).roleLevel).toBe(5);
  });

  it('answers NOT_FOUND for unknown roles', async () => {
    expectFailure(
      await t.call('roleManagement/updateRole', { id: 'nope', input: { name: 'X' } }, superToken),
      'NOT_FOUND',
    );
    expectFailure(await t.call('roleManagement/deleteRole', { id: 'nope' }, superToken), 'NOT_FOUND');
  });

  it('refuses to delete built-in roles and roles that users hold, naming how many', async () => {
    expectFailure(await t.call('roleManagement/deleteRole', { id: ROLE_ID.public }, superToken), 'CONFLICT');
    const role = resultOf<TRole>(
      await t.call('roleManagement/createRole', { input: { name: 'Held', roleLevel: 1 } }, superToken),
    );
    await createUser(t.database.db, { roleId: role.id });
    await createUser(t.database.db, { roleId: role.id });
    expectFailure(
      await t.call('roleManagement/deleteRole', { id: role.id }, superToken),
      'CONFLICT',
      roleHeldMessage('Held', 2),
    );
    expect(roleHeldMessage('Held', 2)).toMatch(/^2 users hold the role "Held"/);
  });

  it('deletes a role nobody holds', async () => {
    const role = resultOf<TRole>(
      await t.call('roleManagement/createRole', { input: { name: 'Temp', roleLevel: 1 } }, superToken),
    );
    expect(resultOf(await t.call('roleManagement/deleteRole', { id: role.id }, superToken))).toEqual({ ok: true });
    expectFailure(await t.call('roleManagement/deleteRole', { id: role.id }, superToken), 'NOT_FOUND');
  });

  it('is for level 9 only', async () => {
    const input = { name: 'Nope', roleLevel: 1 };
    expectFailure(await t.call('roleManagement/createRole', { input }, adminToken), 'FORBIDDEN');
    expectFailure(await t.call('roleManagement/updateRole', { id: ROLE_ID.public, input }, adminToken), 'FORBIDDEN');
    expectFailure(await t.call('roleManagement/deleteRole', { id: ROLE_ID.public }, adminToken), 'FORBIDDEN');
  });
});

describe('change events', () => {
  const call = (path: TRoutePath, body: unknown, token = superToken) => callAudited(t, path, body, token);
  // Roles belong to no platform.
  const event = (action: string, data: unknown) => trailRow(action, null, superName, data);

  it('records a create, updates naming only the fields that changed, and a delete', async () => {
    const input = { name: 'Auditor', description: 'Reads the trail', roleLevel: 2 };
    const role = resultOf<TRole>(await call('roleManagement/createRole', { input }));
    const created = event('role.created', input);
    expect(await changeEventsOf(t, 'role', role.id)).toEqual([created]);

    const update = (patch: object) => call('roleManagement/updateRole', { id: role.id, input: patch });
    resultOf(await update({ ...input, description: 'Checks the trail' }));
    const described = event('role.updated', { fields: ['description'] });
    resultOf(await update({ name: 'Auditor', roleLevel: 2 }));
    const unchanged = event('role.updated', { fields: [] });
    resultOf(await update({ name: 'Chief Auditor', description: 'Checks the trail', roleLevel: 3 }));
    const renamed = event('role.updated', { fields: ['name', 'roleLevel'] });
    expect(await changeEventsOf(t, 'role', role.id)).toEqual([created, described, unchanged, renamed]);

    resultOf(await call('roleManagement/deleteRole', { id: role.id }));
    const deleted = event('role.deleted', { name: 'Chief Auditor' });
    expect(await changeEventsOf(t, 'role', role.id)).toEqual([created, described, unchanged, renamed, deleted]);
  });

  it('does not list the fixed level of a built-in role sent back unchanged', async () => {
    const before = await changeEventsOf(t, 'role', ROLE_ID.registered);
    resultOf(await call('roleManagement/updateRole', { id: ROLE_ID.registered, input: { roleLevel: 1 } }));
    expect(await changeEventsOf(t, 'role', ROLE_ID.registered)).toEqual([
      ...before,
      event('role.updated', { fields: [] }),
    ]);
  });

  it('records nothing for a change that fails', async () => {
    const held = resultOf<TRole>(
      await call('roleManagement/createRole', { input: { name: 'Held for audit', roleLevel: 1 } }),
    );
    await createUser(t.database.db, { roleId: held.id });
    await expectNoEvents(t, async () => {
      expectFieldError(await call('roleManagement/createRole', { input: { name: ' ', roleLevel: 1 } }), 'input.name');
      const input = { name: 'Nope', roleLevel: 1 };
      expectFailure(await call('roleManagement/createRole', { input }, adminToken), 'FORBIDDEN');
      const update = (id: string, patch: object, token?: string) =>
        call('roleManagement/updateRole', { id, input: patch }, token);
      expectFailure(await update(ROLE_ID.admin, { name: 'Boss', roleLevel: 9 }), 'CONFLICT');
      expectFailure(await update('nope', { name: 'X' }), 'NOT_FOUND');
      expectFailure(await update(held.id, { name: 'Mine' }, adminToken), 'FORBIDDEN');
      expectFieldError(await update(held.id, { roleLevel: 10 }), 'input.roleLevel');
      expectFailure(await call('roleManagement/deleteRole', { id: ROLE_ID.public }), 'CONFLICT');
      expectFailure(await call('roleManagement/deleteRole', { id: held.id }), 'CONFLICT');
      expectFailure(await call('roleManagement/deleteRole', { id: 'nope' }), 'NOT_FOUND');
    });
  });
});
