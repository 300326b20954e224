import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { TDbOrTx } from '../../db/client';
import { configurations } from '../../db/schema';
import { pidFilter, type TPlatformScope } from '../../lib/platform-scope';

/** A configuration sold on a quote line: where it is and what was chosen. */
export type TSoldConfiguration = {
  id: string;
  quoteId: number | null;
  lineId: number;
  choices: unknown;
  params: unknown;
};

/** Configurations on quote lines (quotes and the orders they became) of a product's model version, in the scope. */
export async function listSoldConfigurations(
  db: TDbOrTx,
  scope: TPlatformScope,
  productId: number,
  modelId: number,
): Promise<TSoldConfiguration[]> {
  const rows = await db
    .select({
      id: configurations.id,
      quoteId: configurations.quoteId,
      lineId: configurations.lineId,
      choices: configurations.choices,
      params: configurations.params,
    })
    .from(configurations)
    .where(
      and(
        eq(configurations.productId, productId),
        eq(configurations.modelId, modelId),
        isNotNull(configurations.lineId),
        pidFilter(configurations.pid, scope),
      ),
    )
    .orderBy(asc(configurations.quoteId), asc(configurations.lineId));
  return rows.flatMap((row) => (row.lineId === null ? [] : [{ ...row, lineId: row.lineId }]));
}
