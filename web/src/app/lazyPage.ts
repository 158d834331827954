import { createElement, lazy, type ComponentType } from 'react';

/** A page's chunk that could not be fetched: after a deploy the old file names are gone. */
export class ChunkLoadError extends Error {
  constructor(cause: unknown) {
    super('No se pudo cargar el código de la página', { cause });
    this.name = 'ChunkLoadError';
  }
}

/** A page whose code is a chunk of its own, which `preload` fetches ahead of its first render. */
export type LazyPage<P extends object> = ComponentType<P> & { preload: () => Promise<unknown> };

/** Whether a component (an element's type) was made by `lazyPage`. */
export function isLazyPage(type: unknown): type is LazyPage<object> {
  return typeof type === 'function' && 'preload' in type;
}

/**
 * A page loaded from one of its module's named exports when it first renders. A failed import
 * turns into a ChunkLoadError, which the layout's PageBoundary shows with a reload button; any
 * other error still reaches the router's error page.
 *
 * Once the chunk is in (`preload`, or an earlier visit), the page renders at once instead of
 * suspending: a suspended page shows the layout's fallback, and React then holds the page back
 * until 300 ms after that fallback appeared, which on a first visit cost the dashboards more than
 * fetching their code did.
 */
export function lazyPage<K extends string, P extends object>(
  load: () => Promise<Record<K, ComponentType<P>>>,
  name: K,
): LazyPage<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (module) => (loaded = module[name]),
      (cause: unknown) => {
        // The next visit tries again (a chunk that failed once may be reachable later).
        loading = undefined;
        throw new ChunkLoadError(cause);
      },
    ));
  const Suspending = lazy<ComponentType<P>>(() => preload().then((component) => ({ default: component })));
  function Page(props: P) {
    return createElement(loaded ?? Suspending, props);
  }
  return Object.assign(Page, { preload });
}
