import { lazy, type ComponentType } from 'react';

/** A page's chunk that could not be fetched: after a deploy the old file names are gone. */
export class ChunkLoadError extends Error {
  constructor(cause: unknown) {
    super('No se pudo cargar el código de la página', { cause });
    this.name = 'ChunkLoadError';
  }
}

/**
 * A page loaded with React.lazy from one of its module's named exports. A failed import turns into
 * a ChunkLoadError, which the layout's PageBoundary shows with a reload button; any other error
 * still reaches the router's error page.
 */
export function lazyPage<K extends string, P extends object>(
  load: () => Promise<Record<K, ComponentType<P>>>,
  name: K,
) {
  return lazy(() =>
    load().then(
      (module) => ({ default: module[name] }),
      (cause: unknown) => {
        throw new ChunkLoadError(cause);
      },
    ),
  );
}
