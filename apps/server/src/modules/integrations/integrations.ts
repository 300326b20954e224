import { createHash } from 'node:crypto';
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

/**
 * Remote adapters by what they connect with: each keeps its session token, so jobs that follow one another reuse it
 * instead of signing in again for every call. Changed settings make a new key (the old adapter is dropped); the
 * secret is part of the key only as a hash.
 */
const remoteAdapters = new Map<string, TErpAdapter | TCrmAdapter>();
const MAX_CACHED_ADAPTERS = 500;

function cachedAdapter<T extends TErpAdapter | TCrmAdapter>(parts: string[], secret: string, create: () => T): T {
  const key = [...parts, createHash('sha256').update(secret).digest('base64url')].join('\u0000');
  const found = remoteAdapters.get(key);
  if (found) return found as T;
  if (remoteAdapters.size >= MAX_CACHED_ADAPTERS) remoteAdapters.clear();
  const created = create();
  remoteAdapters.set(key, created);
  return created;
}

/** The ERP of a platform, by its `integration` setting and connection settings. */
export async function erpFor(deps: TIntegrationDeps, pid: string): Promise<TErpAdapter> {
  const platform = await findPlatform(deps.db, ALL_PLATFORMS, pid);
  if (!platform) throw new AppError('NOT_FOUND', MSG.notFound);
  const kind = erpKindOf(platform.integration);
  const connection = kind === 'default' ? null : erpConnectionOf(deps, await findIntegrationRow(deps.db, pid));
  if (kind === 'default' || !connection) return createErpAdapter(kind, connection, createDefaultErp());
  const { baseUrl, config, username, password } = connection;
  return cachedAdapter([kind, baseUrl, config, username], password, () =>
    createErpAdapter(kind, connection, createDefaultErp()),
  );
}

/** The CRM of a platform: Salesforce when it has a Salesforce connection, else the built-in one on `db`. */
export async function crmFor(deps: TIntegrationDeps, db: TDbOrTx, pid: string): Promise<TCrmAdapter> {
  const connection = crmConnectionOf(deps, await findIntegrationRow(db, pid));
  if (!connection) return createDefaultCrm(db, pid);
  const { instanceUrl, clientId, clientSecret } = connection;
  return cachedAdapter(['salesforce', instanceUrl, clientId], clientSecret, () => createSalesforceCrm(connection));
}
