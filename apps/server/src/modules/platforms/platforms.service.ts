import {
  DEFAULT_PLATFORM_ID,
  MSG,
  type TPlatformInput,
  type TPlatformView,
  type TPublicPlatform,
} from '@cpq/contracts';
import type { TDb } from '../../db/client';
import type { TActor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { ALL_PLATFORMS, inScope, scopeOf } from '../../lib/platform-scope';
import { assertVersion, conflict } from '../../lib/versioning';
import { changeTrail, insertChangesBy } from '../audit/change-trail';
import { toPlatformFields, toPlatformView, toPublicPlatform } from './platform-view';
import { canEditPlatform, canManagePlatforms, canSeePlatformEmails } from './platforms.policy';
import {
  findPlatform,
  insertPlatform,
  listPlatforms,
  type TPlatformRow,
  updatePlatformRow,
} from './platforms.repository';

type TContext = { db: TDb; clock: () => Date; ip: string };

/**
 * Platform changes, the platform being its own: created events carry the name; an updated event names the
 * changed settings as the API does (the view with e-mails, so `requireMFA`, not the column `requireMfa`).
 */
const trail = changeTrail('platform', (view: TPlatformView) => ({
  id: view.id,
  pid: view.id,
  label: { name: view.name },
}));
const fullView = (row: TPlatformRow) => toPlatformView(row, { withEmails: true });

const notFound = () => new AppError('NOT_FOUND', MSG.notFound);

/**
 * The platform a caller asks for. Signed-out callers, and anyone asking for `defaultPlatform`, get the default
 * platform; signed-in callers their own; level 9 any by id. Another platform's id answers NOT_FOUND. Callers who
 * cannot see the platform's settings (signed out, or another tenant asking for the default) get the public view.
 */
export async function getPlatform(
  ctx: TContext & { actor: TActor | null },
  request: { id?: string; defaultPlatform?: boolean },
): Promise<TPlatformView | TPublicPlatform> {
  const { actor } = ctx;
  const wantsDefault = !actor || request.defaultPlatform === true;
  const id = wantsDefault ? DEFAULT_PLATFORM_ID : (request.id ?? actor.pid);
  const row = await findPlatform(ctx.db, wantsDefault ? ALL_PLATFORMS : scopeOf(actor), id);
  if (!row) throw notFound();
  if (!actor || !inScope(scopeOf(actor), row.id)) return toPublicPlatform(row);
  return toPlatformView(row, { withEmails: canSeePlatformEmails(actor, row.id) });
}

/** Every platform, for level 9. */
export async function getPlatforms(ctx: TContext & { actor: TActor }) {
  if (!canManagePlatforms(ctx.actor)) throw new AppError('FORBIDDEN', MSG.forbidden);
  const rows = await listPlatforms(ctx.db, scopeOf(ctx.actor));
  return { rows: rows.map(fullView), count: rows.length };
}

/** Creates a platform (level 9); an id in use answers CONFLICT. */
export async function createPlatform(ctx: TContext & { actor: TActor }, input: TPlatformInput): Promise<TPlatformView> {
  if (!canManagePlatforms(ctx.actor)) throw new AppError('FORBIDDEN', MSG.forbidden);
  const fields = toPlatformFields(input);
  return ctx.db.transaction(async (tx) => {
    const inserted = await insertPlatform(tx, { ...fields, id: input.id, name: input.name });
    if (!inserted) {
      const message = `A platform with the id "${input.id}" already exists.`;
      throw new AppError('CONFLICT', message, [{ path: 'input.id', message }]);
    }
    const view = fullView(inserted);
    await insertChangesBy(tx, ctx, [trail.created(view)]);
    return view;
  });
}

/** Updates a platform's settings: administrators their own, level 9 any; another platform answers NOT_FOUND. */
export async function updatePlatform(
  ctx: TContext & { actor: TActor },
  id: string,
  input: Partial<Omit<TPlatformInput, 'id'>>,
  version?: number,
): Promise<TPlatformView> {
  if (!canEditPlatform(ctx.actor, id)) throw notFound();
  const patch = toPlatformFields(input);
  const scope = scopeOf(ctx.actor);
  return ctx.db.transaction(async (tx) => {
    const current = await findPlatform(tx, scope, id);
    if (!current) throw notFound();
    assertVersion(current, version);
    const updated = await updatePlatformRow(tx, scope, id, patch, ctx.clock(), version);
    if (!updated) throw conflict();
    const after = fullView(updated);
    await insertChangesBy(tx, ctx, [trail.updated(fullView(current), after)]);
    return after;
  });
}
