import { isValidElement, type ReactElement, type ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { isLazyPage } from './lazyPage';
import { extraRoutes, pageOf as routePage, pageRoutes } from './routes';

// Route-level code splitting: the home page's entry chunk holds the shell and the home page only.
// Two checks that fail if a page, or a module only a lazy page needs, is imported eagerly again.

/** Paths whose page ships in the entry chunk: the home page and the router's error screen. */
const EAGER_PATHS = ['/', '/error'];

/** The page component a route renders, under its RouteGuard if it has one. */
function pageOf(element: ReactNode): ReactElement {
  const page = routePage(element);
  if (!isValidElement(page)) throw new Error('route without an element');
  return page;
}

/** A page made by lazyPage: its code is fetched when it first renders (or is preloaded). */
function isLazy(element: ReactElement): boolean {
  return isLazyPage(element.type);
}

// Every source file as text, keyed by its path under src/ ('app/routes.tsx').
const SOURCES = Object.fromEntries(
  Object.entries(
    import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}'], {
      query: '?raw',
      import: 'default',
      eager: true,
    }),
  ).map(([key, text]) => [key.replace(/^\.\.\//, '').replace(/^\.\//, 'app/'), text]),
);

/** The file a relative import names, from the importing file's folder. */
function resolve(from: string, spec: string): string | undefined {
  const parts = from.split('/').slice(0, -1);
  for (const piece of spec.split('/')) {
    if (piece === '..') parts.pop();
    else if (piece !== '.') parts.push(piece);
  }
  const base = parts.join('/');
  return [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`].find((p) => p in SOURCES);
}

/** Every source file reached from main.tsx by static imports (and re-exports); import() excluded. */
function eagerGraph(): Set<string> {
  const seen = new Set<string>();
  const queue = ['main.tsx'];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    // `import … from '…'`, `import '…'` and `export … from '…'`; type-only imports vanish from
    // the build and a dynamic import( is not matched.
    const text = SOURCES[file];
    if (text === undefined) throw new Error(`${file} is not a source file`);
    for (const match of text.matchAll(/^\s*(?:import|export)\b(?!\s+type\b)[^'"();]*?['"](\.{1,2}\/[^'"]+)['"]/gm)) {
      const spec = match[1];
      const target = spec === undefined ? undefined : resolve(file, spec);
      if (target) queue.push(target);
    }
  }
  return seen;
}

describe('route-level code splitting', () => {
  const all = [...pageRoutes, ...extraRoutes];

  it('loads every page but the home and error pages lazily', () => {
    for (const route of all) {
      const page = pageOf(route.element);
      expect(isLazy(page), `${route.path} is ${isLazy(page) ? 'lazy' : 'eager'}`).toBe(
        !EAGER_PATHS.includes(route.path!),
      );
    }
    // The check above saw both kinds.
    expect(all.filter((r) => isLazy(pageOf(r.element))).length).toBe(all.length - EAGER_PATHS.length);
  });

  it('keeps staff, admin, audit, client, booking, payment, document and form code out of the entry', () => {
    const eager = eagerGraph();
    // The walk does follow the shell: it reached the layout, the navbar and the home page.
    expect(eager).toContain('app/Layout.tsx');
    expect(eager).toContain('components/Navbar.tsx');
    expect(eager).toContain('features/home/HomePage.tsx');

    const allowedFeatures = ['features/home/', 'features/error/'];
    const featureFiles = [...eager].filter((f) => f.startsWith('features/'));
    expect(featureFiles.filter((f) => !allowedFeatures.some((a) => f.startsWith(a)))).toEqual([]);

    // Shared modules the lazy pages use, which the shell does not need.
    const lazyOnly = [
      'components/StaffDashboard.tsx',
      'components/FormsInbox.tsx',
      'components/SessionPanel.tsx',
      'components/LiveIndicator.tsx',
      'lib/useLiveStore.ts',
      'lib/useLiveFeed.ts',
      'lib/staffMoves.ts',
      'lib/invoiceStore.ts',
      'lib/card.ts',
    ];
    expect(lazyOnly.filter((f) => eager.has(f))).toEqual([]);
    for (const file of lazyOnly) expect(SOURCES, `${file} exists`).toHaveProperty([file]);
  });
});
