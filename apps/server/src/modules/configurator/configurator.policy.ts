import type { TConfiguratorMode } from '@cpq/contracts';
import type { TActor } from '../../lib/actor';
import { canSeeOwnedRecord } from '../../lib/owned-records';
import type { TConfigurationRow } from '../configurations/configurations.repository';

/** Levels 0 and 1 work on their own configurations, level 5 on those of its platform, level 9 on all. */
export const canUseConfiguration = (actor: TActor, row: Pick<TConfigurationRow, 'pid' | 'userId'>): boolean =>
  canSeeOwnedRecord(actor, { pid: row.pid, ownerId: row.userId });

/** The rulesets of the built-in steps (Review, SO write-up): their configurations are the quote's, not products'. */
export const STEP_RULESETS = ['Quote_Gen', 'SO_WriteUP'] as const;

/** The configurator's mode from the product's ruleset: 'Quote_Gen' Review, 'SO_WriteUP' SO write-up, else Default. */
export function modeOf(ruleset: string | null): TConfiguratorMode {
  if (ruleset === 'Quote_Gen') return 'Review';
  if (ruleset === 'SO_WriteUP') return 'SOWriteup';
  return 'Default';
}
