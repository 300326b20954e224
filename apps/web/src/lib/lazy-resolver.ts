import type { FieldValues, Resolver } from 'react-hook-form';

export type TLazyResolver<T extends FieldValues> = Resolver<T> & { preload: () => Promise<Resolver<T>> };

/**
 * A react-hook-form resolver whose schema (and zod with it) loads on demand. Forms validate on submit only, so the
 * schema is first needed at submit; `preload` fetches it once the page has rendered so that submit never waits.
 */
export function lazyResolver<T extends FieldValues>(load: () => Promise<Resolver<T>>): TLazyResolver<T> {
  let pending: Promise<Resolver<T>> | null = null;
  const preload = () => {
    pending ??= load().catch((error: unknown) => {
      pending = null;
      throw error;
    });
    return pending;
  };
  const resolver: Resolver<T> = async (values, context, options) => (await preload())(values, context, options);
  return Object.assign(resolver, { preload });
}
