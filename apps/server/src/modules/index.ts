import type { TRoutePath } from '@cpq/contracts';
import type { TAppDeps } from '../deps';
import type { THandlers } from '../http/handlers';
import { createAuthHandlers } from './auth/auth.routes';
import { createPlatformHandlers } from './platforms/platforms.routes';
import { createRoleHandlers } from './roles/roles.routes';
import { createUserHandlers } from './users/users.routes';

/** Every module's handlers; `satisfies` makes a route of the table without a handler a compile error. */
export function createHandlers(deps: TAppDeps): THandlers<TRoutePath> {
  return {
    ...createAuthHandlers(deps),
    ...createUserHandlers(deps),
    ...createRoleHandlers(deps),
    ...createPlatformHandlers(deps),
  } satisfies THandlers<TRoutePath>;
}
