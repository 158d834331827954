import { act, render, screen } from '@testing-library/react';
import { Suspense, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ChunkLoadError, lazyPage } from './lazyPage';

function Hello({ name }: { name: string }) {
  return <h1>Hola, {name}</h1>;
}

function inSuspense(node: ReactNode) {
  return <Suspense fallback={<p>Cargando…</p>}>{node}</Suspense>;
}

describe('lazyPage', () => {
  it('suspends on a first render whose code is not in yet, then shows the page', async () => {
    const Page = lazyPage(() => Promise.resolve({ Hello }), 'Hello');
    render(inSuspense(<Page name="Lucía" />));
    expect(screen.getByText('Cargando…')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Hola, Lucía' })).toBeTruthy();
  });

  it('renders a preloaded page at once, without the fallback', async () => {
    const load = vi.fn(() => Promise.resolve({ Hello }));
    const Page = lazyPage(load, 'Hello');
    await Page.preload();
    render(inSuspense(<Page name="Javier" />));
    expect(screen.queryByText('Cargando…')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Hola, Javier' })).toBeTruthy();
    // Preloading and rendering fetch the chunk once.
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('turns a failed fetch into a ChunkLoadError and tries again on the next preload', async () => {
    const load = vi
      .fn<() => Promise<{ Hello: typeof Hello }>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValueOnce({ Hello });
    const Page = lazyPage(load, 'Hello');
    await expect(Page.preload()).rejects.toBeInstanceOf(ChunkLoadError);
    await act(() => Page.preload());
    render(inSuspense(<Page name="Ana" />));
    expect(screen.getByRole('heading', { name: 'Hola, Ana' })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
