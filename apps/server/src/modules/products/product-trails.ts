import type { TProductView } from '@cpq/contracts';
import { changeTrail } from '../audit/change-trail';

/** What a product model version's change events need of it. */
export type TModelVersionRef = { id: number; pid: string; productId: number | null; version: number };

/** Product changes; created and deleted events carry the part number. */
export const productTrail = changeTrail('product', (row: TProductView) => ({
  id: row.ID,
  pid: row.pid,
  label: { ProductNumber: row.ProductNumber },
}));

/** Model version changes; a saved version's event carries its product and version number. */
export const modelTrail = changeTrail('productModel', (row: TModelVersionRef) => ({
  id: row.id,
  pid: row.pid,
  label: { productId: row.productId, version: row.version },
}));
