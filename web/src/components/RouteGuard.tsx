import type { ReactNode } from 'react';
import { Navigate, useParams } from 'react-router-dom';
import { ROUTE_ACCESS, redirectFor, type GuardedPath } from '../lib/access';
import { useAuthStore } from '../lib/useAuthStore';
import './RouteGuard.css';

interface RouteGuardProps {
  /** The route pattern whose rule in ROUTE_ACCESS applies. */
  path: GuardedPath;
  children: ReactNode;
}

export function RouteGuard({ path, children }: RouteGuardProps) {
  const checking = useAuthStore((s) => s.checking);
  const user = useAuthStore((s) => s.user);
  const params = useParams();

  if (checking) {
    return (
      <div className="route-guard" role="status">
        <span className="route-guard__spinner" aria-hidden="true" />
        Verificando autenticación...
      </div>
    );
  }

  const target = redirectFor(ROUTE_ACCESS[path], user, params);
  if (target !== null) return <Navigate to={target} replace />;
  return <>{children}</>;
}
