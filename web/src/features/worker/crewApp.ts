// The crew's installable app (issue 21): the worker's page links the manifest and registers the
// service worker that keeps its shell for offline use. Only this page does, so the public site
// is neither offered for installation nor ever answered from the worker's cache.

/** Built by vite-plugin-pwa (vite.config.ts) at the site's root, so its scope may be /trabajo. */
export const CREW_SW_URL = '/trabajo-sw.js';
export const CREW_SCOPE = '/trabajo';
export const CREW_MANIFEST_URL = '/trabajo.webmanifest';

/** Links the manifest while the page is shown; returns the unlink. */
export function linkCrewManifest(doc: Document = document): () => void {
  if (doc.querySelector(`link[rel="manifest"][href="${CREW_MANIFEST_URL}"]`)) return () => {};
  const link = doc.createElement('link');
  link.rel = 'manifest';
  link.href = CREW_MANIFEST_URL;
  doc.head.append(link);
  return () => link.remove();
}

/** Registers the crew's service worker (production builds only: the dev server has none). */
export function registerCrewWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker
    .register(CREW_SW_URL, { scope: CREW_SCOPE })
    .catch((error) => console.warn('No se pudo instalar la aplicación sin conexión', error));
}
