import { Suspense } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router-dom';
import { Footer } from '../components/Footer';
import { LoginModal } from '../components/LoginModal';
import { Navbar } from '../components/Navbar';
import { chromeFor } from './chrome';
import { PageBoundary } from './PageBoundary';
import './Layout.css';

/** The one fallback while a lazy page's chunk loads; it keeps the main area's height. */
function PageLoading() {
  return (
    <div className="page-loading" role="status">
      Cargando…
    </div>
  );
}

export function Layout() {
  const { pathname } = useLocation();
  const chrome = chromeFor(pathname);

  return (
    <div className={`app-shell${chrome.navbar ? '' : ' app-shell--bare'}`}>
      <a className="skip-link" href="#contenido">
        Saltar al contenido
      </a>
      {chrome.navbar && <Navbar />}
      <main id="contenido" className="app-main" tabIndex={-1}>
        <PageBoundary resetKey={pathname}>
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </PageBoundary>
      </main>
      {chrome.footer && <Footer />}
      {chrome.loginModal && <LoginModal />}
      <ScrollRestoration />
    </div>
  );
}
