import { defineConfig, loadEnv, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

/** The crew app's path: the service worker controls it and nothing else (issue 21). */
const CREW_SCOPE = '/trabajo';
/** The crew's page, a lazy chunk of its own (app/routes.tsx). */
const CREW_PAGE = '/src/features/worker/WorkerDashboardPage.tsx';

/**
 * Records which built files the crew app needs: the entry with what it imports, and the worker's
 * page with everything it imports, eagerly or on demand (the waybill). The other pages' chunks
 * (the manager's charts alone weigh 400 kB) stay out of the crew's precache.
 */
function crewShell(files: Set<string>): Plugin {
  return {
    name: 'mudanzas-crew-shell',
    apply: 'build',
    generateBundle(_, bundle) {
      files.clear();
      const visit = (name: string, lazyToo: boolean) => {
        const chunk = bundle[name];
        if (!chunk || chunk.type !== 'chunk' || files.has(name)) return;
        files.add(name);
        for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css);
        for (const imported of chunk.imports) visit(imported, lazyToo);
        if (lazyToo) for (const imported of chunk.dynamicImports) visit(imported, lazyToo);
      };
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
      for (const chunk of chunks) if (chunk.isEntry) visit(chunk.fileName, false);
      const page = chunks.find((c) => c.facadeModuleId?.endsWith(CREW_PAGE));
      if (!page) this.error(`el precache del equipo no encuentra ${CREW_PAGE}`);
      visit(page.fileName, true);
    },
  };
}

// In development the browser talks only to Vite, which forwards the API to the Rust server
// (PORT 8080 by default; API_TARGET overrides). changeOrigin stays off so the server sees the
// Host the browser used and its Origin check on state-changing requests still matches.
export default defineConfig(({ mode }) => {
  const env = loadEnv(mode, '.', '');
  const apiTarget = env.API_TARGET || 'http://127.0.0.1:8080';
  const crewFiles = new Set<string>();
  return {
    plugins: [
      react(),
      crewShell(crewFiles),
      // The crew's offline app shell. Registered by the worker's page alone (features/worker/crewApp.ts),
      // never from main.tsx, and with its manifest linked from that page only (public/trabajo.webmanifest),
      // so the public site is neither installable nor ever answered by it.
      VitePWA({
        strategies: 'generateSW',
        filename: 'trabajo-sw.js',
        scope: CREW_SCOPE,
        injectRegister: false,
        manifest: false,
        workbox: {
          // The shell: the page, the hashed scripts and stylesheets the crew's page runs on, the
          // manifest and its icons. Not the public site's images, and no API answer: those stay
          // the network's.
          globPatterns: ['index.html', 'assets/**/*.{js,css}', 'trabajo.webmanifest', 'icons/trabajo-*.png'],
          manifestTransforms: [
            async (entries) => ({
              manifest: entries.filter((e) => !e.url.startsWith('assets/') || crewFiles.has(e.url)),
              warnings: [],
            }),
          ],
          // Vite's names carry their content's hash already: no revision query needed.
          dontCacheBustURLsMatching: /^assets\//,
          navigateFallback: '/index.html',
          navigateFallbackAllowlist: [/^\/trabajo(?:\/|$)/],
          // One file, no importScripts of a separate runtime.
          inlineWorkboxRuntime: true,
          cleanupOutdatedCaches: true,
          clientsClaim: true,
          skipWaiting: true,
        },
      }),
    ],
    server: {
      proxy: {
        '/api': { target: apiTarget, ws: true },
        '/healthz': { target: apiTarget },
      },
    },
    build: {
      outDir: 'dist',
      emptyOutDir: true,
    },
  };
});
