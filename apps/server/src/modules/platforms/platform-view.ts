import type { TFlag, TIntegration, TPlatformInput, TPlatformView, TPublicPlatform } from '@cpq/contracts';
import type { TPlatformFields, TPlatformRow } from './platforms.repository';

const flag = (value: boolean): TFlag => (value ? '1' : '0');

/** A platform in the wire format (e-mails comma-separated, flags '1'/'0'); the e-mails only when allowed. */
export function toPlatformView(row: TPlatformRow, options: { withEmails: boolean }): TPlatformView {
  const view: TPlatformView = {
    version: row.version,
    id: row.id,
    name: row.name,
    integration: row.integration as TIntegration,
    requireMFA: flag(row.requireMfa),
    requireHttps: flag(row.requireHttps),
    csiOrderCompleteString: row.csiOrderCompleteString,
  };
  if (options.withEmails) view.emailAddresses = row.emailAddresses.join(',');
  return view;
}

/** What signed-out callers may know of a platform. */
export function toPublicPlatform(row: TPlatformRow): TPublicPlatform {
  return { id: row.id, name: row.name, requireMFA: flag(row.requireMfa), requireHttps: flag(row.requireHttps) };
}

/** Wire-format fields (validated by the contracts) to columns. */
export function toPlatformFields(input: Partial<TPlatformInput>): Partial<TPlatformFields> {
  const fields: Partial<TPlatformFields> = {};
  if (input.id !== undefined) fields.id = input.id;
  if (input.name !== undefined) fields.name = input.name;
  if (input.emailAddresses !== undefined) fields.emailAddresses = input.emailAddresses.split(',').filter(Boolean);
  if (input.integration !== undefined) fields.integration = input.integration;
  if (input.requireMFA !== undefined) fields.requireMfa = input.requireMFA === '1';
  if (input.requireHttps !== undefined) fields.requireHttps = input.requireHttps === '1';
  if (input.csiOrderCompleteString !== undefined) fields.csiOrderCompleteString = input.csiOrderCompleteString;
  return fields;
}
