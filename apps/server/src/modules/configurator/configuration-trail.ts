import { changeTrail } from '../audit/change-trail';
import type { TConfigurationRow } from '../configurations/configurations.repository';

/** Configuration changes: created, reopened on a newer model, finished; not every step (that is the choices). */
export const configurationTrail = changeTrail(
  'configuration',
  (row: Pick<TConfigurationRow, 'id' | 'pid' | 'productId' | 'modelVersion'> & Record<string, unknown>) => ({
    id: row.id,
    pid: row.pid,
    label: { productId: row.productId, modelVersion: row.modelVersion },
  }),
);
