import { MSG, type TIntegration } from '@cpq/contracts';
import type { TCrmAdapter, TCrmConnection } from '../../adapters/crm/crm-adapter';
import { createDefaultCrm } from '../../adapters/crm/default-crm';
import { createSalesforceCrm } from '../../adapters/crm/salesforce-crm';
import { createDefaultErp } from '../../adapters/erp/default-erp';
import type { TErpAdapter, TErpConnection, TErpKind } from '../../adapters/erp/erp-adapter';
import { createErpAdapter } from '../../adapters/erp/erp-adapters';
import type { TDbOrTx } from '../../db/client';
import type { TAppDeps } from '../../deps';
import { AppError } from '../../lib/app-error';
import { ALL_PLATFORMS } from '../../lib/platform-scope';
import { findPlatform } from '../platforms/platforms.repository';
import {
  findIntegrationRow,
  type TCrmSettings,
  type TErpSettings,
  type TIntegrationRow,
} from './integration-settings.repository';

type TIntegrationDeps = Pick<TAppDeps, 'db' | 'secretBox'>;

/** A stored secret, decrypted; a secret that no longer opens (TOKEN_SECRET changed) says what to do. */
function openSecret(deps: TIntegrationDeps, sealed: string | null, what: string): string {
  const plain = sealed ? deps.secretBox.open(sealed) : null;
  if (plain === null) throw new Error(`The ${what} cannot be read: an administrator enters it again on the platform`);
  return plain;
}

export function erpConnectionOf(deps: TIntegrationDeps, row: TIntegrationRow | null): TErpConnection | null {
  const settings = row?.erp as TErpSettings | null | undefined;
  if (!row || !settings) return null;
  return { ...settings, password: openSecret(deps, row.erpSecret, 'ERP password') };
}

export function crmConnectionOf(deps: TIntegrationDeps, row: TIntegrationRow | null): TCrmConnection | null {
  const settings = row?.crm as TCrmSettings | null | undefined;
  if (!row || !settings) return null;
  return { ...settings, clientSecret: openSecret(deps, row.crmSecret, 'Salesforce consumer secret') };
}

const erpKindOf = (integration: string): TErpKind =>
  integration === ('CSI' satisfies TIntegration) || integration === ('visual' satisfies TIntegration)
    ? integration
    : 'default';

/** The ERP of a platform, by its `integration` setting and connection settings. */
export async function erpFor(deps: TIntegrationDeps, pid: string): Promise<TErpAdapter> {
  const platform = await findPlatform(deps.db, ALL_PLATFORMS, pid);
  if (!platform) throw new AppError('NOT_FOUND', MSG.notFound);
  const kind = erpKindOf(platform.integration);
  const connection = kind === 'default' ? null : erpConnectionOf(deps, await findIntegrationRow(deps.db, pid));
  return createErpAdapter(kind, connection, createDefaultErp());
}

/** The CRM of a platform: Salesforce when it has a Salesforce connection, else the built-in one on `db`. */
export async function crmFor(deps: TIntegrationDeps, db: TDbOrTx, pid: string): Promise<TCrmAdapter> {
  const connection = crmConnectionOf(deps, await findIntegrationRow(db, pid));
  return connection ? createSalesforceCrm(connection) : createDefaultCrm(db, pid);
}
