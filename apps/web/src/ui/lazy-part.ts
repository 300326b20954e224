import { type ComponentType, createElement, lazy, useEffect, useState } from 'react';

/**
 * A component whose code a page does not need for its first paint (a closed menu or dialog, the pager that shows
 * with the data): it loads when first rendered (suspending), or earlier through `preload` or `load` (idempotent; a
 * failed load is tried again on the next call). Once loaded it renders at once, without suspending.
 */
export function lazyPart<TProps extends object>(importPart: () => Promise<ComponentType<TProps>>) {
  let loading: Promise<ComponentType<TProps>> | null = null;
  let loaded: ComponentType<TProps> | null = null;
  const load = () => {
    loading ??= importPart().then(
      (component) => {
        loaded = component;
        return component;
      },
      (error: unknown) => {
        loading = null;
        throw error;
      },
    );
    return loading;
  };
  const Lazy = lazy(() => load().then((component) => ({ default: component })));
  // Called at module level, as React.lazy is. Each use keeps the type it started with: switching from the lazy
  // wrapper to the loaded component would remount what is open.
  // biome-ignore lint/correctness/noComponentHookFactories: made once per part at module level, never in a render.
  const Part = (props: TProps) => {
    const [type] = useState(() => loaded ?? Lazy);
    return createElement(type, props);
  };
  return Object.assign(Part, { load, preload: () => void load().catch(() => undefined) });
}

/** Starts loading parts once the browser is idle after the first paint, so that they are there when asked for. */
export function usePreloadWhenIdle(...parts: { preload: () => void }[]): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: the parts are module constants; one preload per mount.
  useEffect(() => {
    const start = () => {
      for (const part of parts) part.preload();
    };
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(start, { timeout: 2000 });
      return () => window.cancelIdleCallback(id);
    }
    const timer = window.setTimeout(start, 200);
    return () => window.clearTimeout(timer);
  }, []);
}

/** Starts loading parts right after the first paint (a page's form while its record loads), not when they render. */
export function usePreload(...parts: { preload: () => void }[]): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: the parts are module constants; one preload per mount.
  useEffect(() => {
    for (const part of parts) part.preload();
  }, []);
}
