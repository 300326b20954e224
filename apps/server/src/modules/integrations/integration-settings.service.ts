import { MSG, type TIntegrationSettings, type TParsedRequestOf } from '@cpq/contracts';
import type { TDb } from '../../db/client';
import type { TActor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { scopeOf } from '../../lib/platform-scope';
import type { TSecretBox } from '../../lib/secret-box';
import { changeTrail, insertChangesBy } from '../audit/change-trail';
import { canEditPlatform } from '../platforms/platforms.policy';
import { findPlatform } from '../platforms/platforms.repository';
import {
  findIntegrationRow,
  saveIntegrationRow,
  type TCrmSettings,
  type TErpSettings,
  type TIntegrationRow,
} from './integration-settings.repository';

type TContext = { db: TDb; actor: TActor; ip: string; secretBox: TSecretBox };

/** What the trail compares: the settings and the sealed secrets (only the names of changed fields are kept). */
type TAudited = Pick<TIntegrationRow, 'pid' | 'erp' | 'erpSecret' | 'crm' | 'crmSecret'>;
const audited = (pid: string, row: TIntegrationRow | null): TAudited => ({
  pid,
  erp: row?.erp ?? null,
  erpSecret: row?.erpSecret ?? null,
  crm: row?.crm ?? null,
  crmSecret: row?.crmSecret ?? null,
});

/** Audited by the names of what changed; a secret shows as changed, never its value. */
const trail = changeTrail('integrationSettings', (row: TAudited) => ({ id: row.pid, pid: row.pid, label: {} }));

/** The settings as the API answers them: the secrets only as "one is stored". */
function toView(pid: string, row: TIntegrationRow | null): TIntegrationSettings {
  const erp = row?.erp as TErpSettings | null | undefined;
  const crm = row?.crm as TCrmSettings | null | undefined;
  return {
    pid,
    erp: erp
      ? { baseUrl: erp.baseUrl, config: erp.config, username: erp.username, hasPassword: !!row?.erpSecret }
      : null,
    crm: crm ? { instanceUrl: crm.instanceUrl, clientId: crm.clientId, hasClientSecret: !!row?.crmSecret } : null,
  };
}

/** Administrators their own platform; level 9 any; a platform outside the caller's scope answers NOT_FOUND. */
async function assertEditable(ctx: TContext, pid: string): Promise<void> {
  const platform = await findPlatform(ctx.db, scopeOf(ctx.actor), pid);
  if (!platform) throw new AppError('NOT_FOUND', MSG.notFound, [{ path: 'id', message: MSG.notFound }]);
  if (!canEditPlatform(ctx.actor, pid)) throw new AppError('FORBIDDEN', MSG.forbidden);
}

export async function getIntegrationSettings(ctx: TContext, pid: string): Promise<TIntegrationSettings> {
  await assertEditable(ctx, pid);
  return toView(pid, await findIntegrationRow(ctx.db, pid));
}

const missingSecret = (path: string, what: string) =>
  new AppError('VALIDATION_FAILED', `Enter the ${what}.`, [{ path, message: `Enter the ${what}.` }]);

/**
 * Sets or removes a platform's ERP and CRM connections. A secret sent empty or left out keeps the stored one (the
 * form never holds it); a new connection needs its secret.
 */
export async function updateIntegrationSettings(
  ctx: TContext,
  body: TParsedRequestOf<'platformManagement/updateIntegrationSettings'>,
): Promise<TIntegrationSettings> {
  await assertEditable(ctx, body.id);
  return ctx.db.transaction(async (tx) => {
    const before = await findIntegrationRow(tx, body.id);
    const values: Partial<Omit<TIntegrationRow, 'pid' | 'updatedAt'>> = {};
    if (body.erp === null) Object.assign(values, { erp: null, erpSecret: null });
    else if (body.erp) {
      const { password, ...settings } = body.erp;
      const secret = password ? ctx.secretBox.seal(password) : (before?.erpSecret ?? null);
      if (!secret) throw missingSecret('erp.password', 'ERP password');
      Object.assign(values, { erp: settings, erpSecret: secret });
    }
    if (body.crm === null) Object.assign(values, { crm: null, crmSecret: null });
    else if (body.crm) {
      const { clientSecret, ...settings } = body.crm;
      const secret = clientSecret ? ctx.secretBox.seal(clientSecret) : (before?.crmSecret ?? null);
      if (!secret) throw missingSecret('crm.clientSecret', 'Salesforce consumer secret');
      Object.assign(values, { crm: settings, crmSecret: secret });
    }
    const after = await saveIntegrationRow(tx, body.id, values);
    await insertChangesBy(tx, ctx, [trail.updated(audited(body.id, before), audited(body.id, after))]);
    return toView(body.id, after);
  });
}
