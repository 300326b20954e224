import { randomUUID } from 'node:crypto';
import { MSG, QUOTE_TYPE } from '@cpq/contracts';
import type { TDb, TDbOrTx } from '../../db/client';
import type { TActor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { insertChangesBy } from '../audit/change-trail';
import {
  findQuoteTypeOf,
  insertConfigurationCopy,
  repointLine,
  type TStoredConfiguration,
} from '../configurations/configurations.repository';
import { configurationTrail } from './configuration-trail';

/** What the configurator tells anyone who would change what was ordered. */
export const orderConfigurationReadOnly = () => new AppError('CONFLICT', MSG.orderConfigurationReadOnly);

/** Whether a configuration is on an order: what was ordered stays as it was, whoever asks. */
export async function isOnOrder(ctx: { db: TDbOrTx }, row: TStoredConfiguration): Promise<boolean> {
  return (await findQuoteTypeOf(ctx.db, row)) === QUOTE_TYPE.Order;
}

/**
 * A configuration on an order reopened for another quote (a line of a copy of the order, which shares it): the
 * line gets a configuration of its own, a copy, so that what was ordered never changes. On the order itself it is
 * refused.
 */
export async function forkFromOrder(
  ctx: { db: TDb; actor: TActor; ip: string },
  row: TStoredConfiguration,
  target: { quoteId: number | null; lineId: number | null },
): Promise<TStoredConfiguration> {
  if (target.quoteId === null || target.quoteId === row.quoteId) throw orderConfigurationReadOnly();
  const { quoteId, lineId } = target;
  return ctx.db.transaction(async (tx) => {
    const fork = await insertConfigurationCopy(tx, row, {
      id: randomUUID(),
      userId: ctx.actor.userId,
      username: ctx.actor.username,
      quoteId,
      lineId,
    });
    if (!fork) throw new Error('A freshly generated configuration id collided');
    if (lineId !== null) await repointLine(tx, { lineId, quoteId, from: row.id, to: fork.id });
    await insertChangesBy(tx, ctx, [configurationTrail.created(fork, { copiedFrom: row.id })]);
    return fork;
  });
}
