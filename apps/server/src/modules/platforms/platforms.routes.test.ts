import { MSG, type TRoutePath } from '@cpq/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFailure, expectFieldError, resultOf } from '../../testing/expect-api';
import { createPlatform, signedInUser } from '../../testing/factories';
import { createTestApp, type TTestApp } from '../../testing/test-app';
import { callAudited, changeEventsOf, expectNoEvents, trailRow } from '../audit/audit.test-support';

type TView = {
  id: string;
  name: string;
  emailAddresses?: string;
  integration: string;
  requireMFA: '1' | '0';
  requireHttps: '1' | '0';
  csiOrderCompleteString: string;
};

let t: TTestApp;
const secret = () => t.deps.config.tokenSecret;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  await createPlatform(db, { id: 'default', name: 'Default Platform', emailAddresses: ['orders@default.example'] });
  await createPlatform(db, { id: 'acme', name: 'Acme', emailAddresses: ['a@acme.example', 'b@acme.example'] });
  await createPlatform(db, { id: 'other', name: 'Other', requireMfa: true });
  for (const level of [0, 1, 5, 9] as const) {
    tokens[`acme${level}`] = (await signedInUser(db, secret(), { roleLevel: level, pid: 'acme' })).token;
  }
});
afterAll(() => t.close());

describe('platformManagement/getPlatform', () => {
  it('answers the default platform to signed-out callers, without settings or e-mails', async () => {
    const view = resultOf<TView>(await t.call('platformManagement/getPlatform', {}));
    expect(view).toEqual({ id: 'default', name: 'Default Platform', requireMFA: '0', requireHttps: '0' });
    const asked = resultOf<TView>(await t.call('platformManagement/getPlatform', { id: 'acme' }));
    expect(asked.id).toBe('default');
  });

  it('answers the caller own platform, with e-mails only for its administrators', async () => {
    const forUser = resultOf<TView>(await t.call('platformManagement/getPlatform', {}, tokens.acme1));
    expect(forUser).toEqual({
      version: 1,
      id: 'acme',
      name: 'Acme',
      integration: 'default',
      requireMFA: '0',
      requireHttps: '0',
      csiOrderCompleteString: 'Ordered',
    });
    const forAdmin = resultOf<TView>(await t.call('platformManagement/getPlatform', { id: 'acme' }, tokens.acme5));
    expect(forAdmin.emailAddresses).toBe('a@acme.example,b@acme.example');
  });

  it('answers the default platform when asked for it, as a public view to other tenants', async () => {
    const view = resultOf<TView>(
      await t.call('platformManagement/getPlatform', { defaultPlatform: true }, tokens.acme5),
    );
    expect(view).toEqual({ id: 'default', name: 'Default Platform', requireMFA: '0', requireHttps: '0' });
  });

  it("answers NOT_FOUND for another platform's id below level 9, and any id at level 9", async () => {
    expectFailure(
      await t.call('platformManagement/getPlatform', { id: 'other' }, tokens.acme5),
      'NOT_FOUND',
      MSG.notFound,
    );
    expectFailure(await t.call('platformManagement/getPlatform', { id: 'other' }, tokens.acme1), 'NOT_FOUND');
    const view = resultOf<TView>(await t.call('platformManagement/getPlatform', { id: 'other' }, tokens.acme9));
    expect(view).toMatchObject({ id: 'other', requireMFA: '1', emailAddresses: 'orders@other.example' });
    expectFailure(await t.call('platformManagement/getPlatform', { id: 'missing' }, tokens.acme9), 'NOT_FOUND');
  });
});

describe('platformManagement/getPlatforms', () => {
  it('lists every platform by id for level 9', async () => {
    const page = resultOf<{ rows: TView[]; count: number }>(
      await t.call('platformManagement/getPlatforms', {}, tokens.acme9),
    );
    const ids = page.rows.map((row) => row.id);
    expect(ids).toEqual([...ids].sort());
    expect(ids).toEqual(expect.arrayContaining(['acme', 'default', 'other']));
    expect(page.count).toBe(page.rows.length);
    expect(page.rows.find((row) => row.id === 'acme')?.emailAddresses).toBe('a@acme.example,b@acme.example');
  });

  it('is for level 9 only', async () => {
    expectFailure(await t.call('platformManagement/getPlatforms', {}, tokens.acme5), 'FORBIDDEN');
  });
});

describe('platformManagement/createPlatform', () => {
  const input = { id: 'new-co', name: 'New Co', emailAddresses: ' x@new.example , y@new.example ' };

  it('creates a platform with the spec defaults', async () => {
    const view = resultOf<TView>(await t.call('platformManagement/createPlatform', { input }, tokens.acme9));
    expect(view).toEqual({
      version: 1,
      id: 'new-co',
      name: 'New Co',
      emailAddresses: 'x@new.example,y@new.example',
      integration: 'default',
      requireMFA: '0',
      requireHttps: '0',
      csiOrderCompleteString: 'Ordered',
    });
  });

  it('answers CONFLICT for an id in use', async () => {
    const response = await t.call(
      'platformManagement/createPlatform',
      { input: { ...input, id: 'acme' } },
      tokens.acme9,
    );
    expectFailure(response, 'CONFLICT', 'A platform with the id "acme" already exists.');
  });

  it('validates e-mails, id and flags', async () => {
    const call = (patch: object) =>
      t.call('platformManagement/createPlatform', { input: { ...input, id: 'v1', ...patch } }, tokens.acme9);
    expectFieldError(
      await call({ emailAddresses: 'ok@x.example,not-an-email' }),
      'input.emailAddresses.1',
      MSG.invalidEmail,
    );
    expectFieldError(await call({ emailAddresses: ' , ' }), 'input.emailAddresses', 'Add at least one e-mail address.');
    expectFieldError(await call({ id: 'bad id!' }), 'input.id', 'Use letters, digits, hyphens and underscores only.');
    expectFieldError(await call({ requireMFA: true }), 'input.requireMFA');
    expectFieldError(await call({ integration: 'sap' }), 'input.integration');
    expectFieldError(await call({ name: '' }), 'input.name', 'Platform name is required.');
  });

  it('is for level 9 only', async () => {
    expectFailure(await t.call('platformManagement/createPlatform', { input }, tokens.acme5), 'FORBIDDEN');
  });
});

describe('platformManagement/updatePlatform', () => {
  it('lets an administrator change their own platform', async () => {
    const view = resultOf<TView>(
      await t.call(
        'platformManagement/updatePlatform',
        {
          id: 'acme',
          input: { requireHttps: '1', emailAddresses: 'ops@acme.example', csiOrderCompleteString: 'Done' },
        },
        tokens.acme5,
      ),
    );
    expect(view).toMatchObject({ id: 'acme', name: 'Acme', requireHttps: '1', emailAddresses: 'ops@acme.example' });
    expect(view.csiOrderCompleteString).toBe('Done');
  });

  it('answers NOT_FOUND for another platform below level 9; level 9 changes any', async () => {
    const input = { name: 'Taken over' };
    expectFailure(await t.call('platformManagement/updatePlatform', { id: 'other', input }, tokens.acme5), 'NOT_FOUND');
    const view = resultOf<TView>(
      await t.call('platformManagement/updatePlatform', { id: 'other', input }, tokens.acme9),
    );
    expect(view.name).toBe('Taken over');
    expectFailure(
      await t.call('platformManagement/updatePlatform', { id: 'missing', input }, tokens.acme9),
      'NOT_FOUND',
    );
  });

  it('refuses a changed id and unknown fields', async () => {
    const response = await t.call(
      'platformManagement/updatePlatform',
      { id: 'acme', input: { id: 'x' } },
      tokens.acme5,
    );
    expect(expectFailure(response, 'VALIDATION_FAILED').details?.[0]?.message).toMatch(/Unknown field/);
  });

  it('is for administrators', async () => {
    const response = await t.call('platformManagement/updatePlatform', { id: 'acme', input: {} }, tokens.acme1);
    expectFailure(response, 'FORBIDDEN');
  });
});

describe('change events', () => {
  const auditors: Record<string, { token: string; username: string }> = {};
  const call = (path: TRoutePath, body: unknown, as: string) => callAudited(t, path, body, auditors[as]?.token ?? '');

  beforeAll(async () => {
    await createPlatform(t.database.db, { id: 'audited', name: 'Audited', emailAddresses: ['a@audited.example'] });
    for (const [as, options] of [
      ['admin', { roleLevel: 5, pid: 'audited' }],
      ['super', { roleLevel: 9, pid: 'acme' }],
    ] as const) {
      const { user, token } = await signedInUser(t.database.db, secret(), options);
      auditors[as] = { token, username: user.username };
    }
  });
  const event = (action: string, pid: string, as: string, data: unknown) =>
    trailRow(action, pid, auditors[as]?.username ?? '', data);

  it('records a create with the name, and updates naming only the settings that changed', async () => {
    const input = { id: 'audited-new', name: 'Audited New', emailAddresses: 'n@audited.example' };
    resultOf(await call('platformManagement/createPlatform', { input }, 'super'));
    const created = event('platform.created', 'audited-new', 'super', { name: 'Audited New' });
    expect(await changeEventsOf(t, 'platform', 'audited-new')).toEqual([created]);

    const update = (patch: object) =>
      call('platformManagement/updatePlatform', { id: 'audited', input: patch }, 'admin');
    const sameAsNow = {
      name: 'Audited',
      emailAddresses: ' a@audited.example ',
      requireMFA: '0',
      integration: 'default',
    };
    resultOf(await update({ ...sameAsNow, requireHttps: '1' }));
    resultOf(await update(sameAsNow));
    resultOf(await update({ name: 'Audited Co', emailAddresses: 'a@audited.example,b@audited.example' }));
    expect(await changeEventsOf(t, 'platform', 'audited')).toEqual([
      event('platform.updated', 'audited', 'admin', { fields: ['requireHttps'] }),
      event('platform.updated', 'audited', 'admin', { fields: [] }),
      event('platform.updated', 'audited', 'admin', { fields: ['name', 'emailAddresses'] }),
    ]);
  });

  it('records nothing for a change that fails', async () => {
    await expectNoEvents(t, async () => {
      const input = { id: 'audited-x', name: 'X', emailAddresses: 'x@audited.example' };
      expectFailure(await call('platformManagement/createPlatform', { input }, 'admin'), 'FORBIDDEN');
      const taken = { ...input, id: 'audited' };
      expectFailure(await call('platformManagement/createPlatform', { input: taken }, 'super'), 'CONFLICT');
      const update = (id: string, patch: object, as = 'admin') =>
        call('platformManagement/updatePlatform', { id, input: patch }, as);
      expectFailure(await update('acme', { name: 'Taken over' }), 'NOT_FOUND');
      expectFailure(await update('missing', { name: 'Taken over' }, 'super'), 'NOT_FOUND');
      expectFieldError(await update('audited', { emailAddresses: 'not-an-email' }), 'input.emailAddresses.0');
      expectFieldError(await update('audited', { requireMFA: true }), 'input.requireMFA');
    });
  });
});
