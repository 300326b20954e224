import { createCsiErp } from './csi-erp';
import { ErpRejectedError, type TErpAdapter, type TErpConnection, type TErpKind } from './erp-adapter';
import { createVisualErp } from './visual-erp';

const NAMES: Record<Exclude<TErpKind, 'default'>, string> = { CSI: 'CSI', visual: 'VISUAL' };

/**
 * The ERP adapter of a platform's integration: the given default adapter for 'default', the CSI or VISUAL adapter
 * on the platform's connection otherwise. CSI or VISUAL without connection settings is ErpRejectedError: no retry
 * fixes it until an administrator enters them.
 */
export function createErpAdapter(
  kind: TErpKind,
  connection: TErpConnection | null,
  defaultAdapter: TErpAdapter,
): TErpAdapter {
  if (kind === 'default') return defaultAdapter;
  if (!connection) {
    throw new ErpRejectedError(
      `The ${NAMES[kind]} integration has no ERP connection settings; an administrator sets them on the platform`,
    );
  }
  return kind === 'CSI' ? createCsiErp(connection) : createVisualErp(connection);
}
