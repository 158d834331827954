import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { preloadPage, routes } from './app/routes';
import { captureReferral } from './lib/referral';
import { useAuthStore } from './lib/useAuthStore';
import './styles/tokens.css';
import './styles/global.css';

// Started before the first render so guards and the navbar see `checking` flip as soon as the
// server answers (§4: the auth check runs once at startup).
void useAuthStore.getState().checkAuth();

// Before the router reads the address: a friend's link may land on any page.
captureReferral();

const router = createBrowserRouter(routes);

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('Falta el elemento #root en index.html');

// The first render waits for the page's own code, fetched beside the session check (a guarded
// page renders only once that answers), so that it never suspends (see preloadPage). As a
// transition it yields to the browser every few milliseconds instead of holding the main thread
// for the whole page at once (a phone's Total Blocking Time); nothing is on screen to keep
// responsive before it, so it costs no paint.
const root = createRoot(rootElement);
void preloadPage(window.location.pathname).then(() =>
  startTransition(() => {
    root.render(
      <StrictMode>
        <RouterProvider router={router} />
      </StrictMode>,
    );
  }),
);
