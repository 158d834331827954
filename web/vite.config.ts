import { defineConfig, loadEnv } from 'vite';
import react from '@vitejs/plugin-react';

// In development the browser talks only to Vite, which forwards the API to the Rust server
// (PORT 8080 by default; API_TARGET overrides). changeOrigin stays off so the server sees the
// Host the browser used and its Origin check on state-changing requests still matches.
export default defineConfig(({ mode }) => {
  const env = loadEnv(mode, '.', '');
  const apiTarget = env.API_TARGET || 'http://127.0.0.1:8080';
  return {
    plugins: [react()],
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
