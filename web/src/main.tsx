import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { routes } from './app/routes';
import { useAuthStore } from './lib/useAuthStore';
import './styles/tokens.css';
import './styles/global.css';

// Started before the first render so guards and the navbar see `checking` flip as soon as the
// server answers (§4: the auth check runs once at startup).
void useAuthStore.getState().checkAuth();

const router = createBrowserRouter(routes);

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('Falta el elemento #root en index.html');

createRoot(rootElement).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
