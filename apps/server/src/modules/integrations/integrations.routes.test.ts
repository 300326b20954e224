import type { TIntegrationSettings } from '@cpq/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, integrationSettings } from '../../db/schema';
import { expectFailure, expectFieldError, resultOf } from '../../testing/expect-api';
import { createPlatformActors, expectAccess, type TPlatformActors } from '../../testing/platform-actors';
import { createTestApp, type TTestApp } from '../../testing/test-app';
import { crmConnectionOf, erpConnectionOf } from './integrations';

let t: TTestApp;
let a: TPlatformActors;

beforeAll(async () => {
  t = await createTestApp();
  a = await createPlatformActors(t);
});
afterAll(() => t.close());

const ERP = { baseUrl: 'https://csi.example.com/IDORequestService', config: 'CSI_DALS', username: 'cpq' };
const CRM = { instanceUrl: 'https://acme.my.salesforce.com', clientId: '3MVG9-consumer-key' };
const update = (body: Record<string, unknown>, token = a.token[5]) =>
  t.call('platformManagement/updateIntegrationSettings', { id: a.pid, ...body }, token);

describe('platform connection settings', () => {
  it('answer who may call them', async () => {
    await expectAccess(t, a, 'platformManagement/getIntegrationSettings', { id: a.pid }, 5);
    await expectAccess(t, a, 'platformManagement/updateIntegrationSettings', { id: a.pid }, 5);
    expectFailure(await t.call('platformManagement/getIntegrationSettings', { id: a.pid }, a.otherAdmin), 'NOT_FOUND');
    expectFailure(await update({ erp: null }, a.otherAdmin), 'NOT_FOUND');
  });

  it('store the secrets encrypted, never answer them, and keep them when sent empty', async () => {
    const empty = resultOf<TIntegrationSettings>(
      await t.call('platformManagement/getIntegrationSettings', { id: a.pid }, a.token[5]),
    );
    expect(empty).toEqual({ pid: a.pid, erp: null, crm: null });
    expectFieldError(await update({ erp: ERP }), 'erp.password', 'Enter the ERP password.');

    const saved = await update({
      erp: { ...ERP, password: 'Erp-Secret-1' },
      crm: { ...CRM, clientSecret: 'Sf-Secret-2' },
    });
    expect(saved.body).not.toContain('Erp-Secret-1');
    expect(saved.body).not.toContain('Sf-Secret-2');
    expect(resultOf<TIntegrationSettings>(saved)).toEqual({
      pid: a.pid,
      erp: { ...ERP, hasPassword: true },
      crm: { ...CRM, hasClientSecret: true },
    });
    const [row] = await t.deps.db.select().from(integrationSettings).where(eq(integrationSettings.pid, a.pid));
    expect(JSON.stringify(row)).not.toContain('Erp-Secret-1');
    expect(erpConnectionOf(t.deps, row ?? null)).toMatchObject({ ...ERP, password: 'Erp-Secret-1' });

    // A change without the secret keeps it; the level-9 administrator may change any platform.
    resultOf(await update({ erp: { ...ERP, username: 'cpq2', password: '' } }, a.token[9]));
    const [kept] = await t.deps.db.select().from(integrationSettings).where(eq(integrationSettings.pid, a.pid));
    expect(erpConnectionOf(t.deps, kept ?? null)).toMatchObject({ username: 'cpq2', password: 'Erp-Secret-1' });
    expect(crmConnectionOf(t.deps, kept ?? null)).toMatchObject({ clientSecret: 'Sf-Secret-2' });

    const audit = await t.deps.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'integrationSettings.updated'));
    expect(JSON.stringify(audit)).not.toMatch(/Erp-Secret-1|Sf-Secret-2/);
    expect(audit.at(-1)?.data).toEqual({ fields: ['erp'] });

    // Removing a connection falls back to the built-in default.
    expect(resultOf<TIntegrationSettings>(await update({ crm: null }))).toMatchObject({
      crm: null,
      erp: { username: 'cpq2' },
    });
    expectFieldError(await update({ crm: { ...CRM, instanceUrl: 'acme.my.salesforce.com' } }), 'crm.instanceUrl');
  });
});
