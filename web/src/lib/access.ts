import type { Role, User } from './api';

/**
 * Who may see a page. The server checks every call on its own; these rules only spare the user
 * a page that would fail (ARCHITECTURE §6).
 * - `roles`: a logged-in user with one of the roles; with `ownIdParam`, also only their own page.
 * - `anonymous`: only when nobody is logged in.
 * - `staffLogin`: clients are sent home, staff already logged in go straight to their dashboard.
 */
export type AccessRule =
  { kind: 'roles'; roles: readonly Role[]; ownIdParam?: string } | { kind: 'anonymous' } | { kind: 'staffLogin' };

export const ROUTE_ACCESS = {
  '/cliente/:id': { kind: 'roles', roles: ['cliente'], ownIdParam: 'id' },
  // The emails' link to the client's own area (/cliente?valorar=N): it leads to /cliente/:id.
  '/cliente': { kind: 'roles', roles: ['cliente'] },
  // A client's own move (?id=): the server answers 404 for anyone else's.
  '/detalles-mudanza': { kind: 'roles', roles: ['cliente'] },
  '/formulario-mudanza': { kind: 'roles', roles: ['cliente'] },
  // A client's move on its day (?id=), from their own moves only.
  '/seguimiento': { kind: 'roles', roles: ['cliente'] },
  '/confirmar-mudanza': { kind: 'roles', roles: ['cliente'] },
  // A client's claim about one of their moves: the server answers 404 for anyone else's.
  '/cliente/reclamacion/:id': { kind: 'roles', roles: ['cliente'] },
  '/gestion': { kind: 'roles', roles: ['empresario'] },
  '/trabajo': { kind: 'roles', roles: ['empleado'] },
  // Only the admin runs the system (issue 7).
  '/admin': { kind: 'roles', roles: ['admin'] },
  // Auditors log in through the manager tab and land here; the admin may audit too.
  '/auditoria': { kind: 'roles', roles: ['auditor', 'admin'] },
  '/debug': { kind: 'roles', roles: ['admin'] },
  // Whoever reads claims (the managers see them in /gestion too); only managers and the admin answer.
  '/reclamaciones': { kind: 'roles', roles: ['empresario', 'admin', 'auditor'] },
  // The invoice shows prices: whoever may generate or audit invoices.
  // A client reads their own invoices (the server refuses anyone else's).
  '/factura': { kind: 'roles', roles: ['empresario', 'admin', 'auditor', 'cliente'] },
  '/recuperar': { kind: 'anonymous' },
  '/acceso-gerencia': { kind: 'staffLogin' },
} as const satisfies Record<string, AccessRule>;

export type GuardedPath = keyof typeof ROUTE_ACCESS;

const STAFF_HOME: Record<Exclude<Role, 'cliente'>, string> = {
  empresario: '/gestion',
  empleado: '/trabajo',
  admin: '/admin',
  auditor: '/auditoria',
};

/** Where a logged-in user belongs after login: their dashboard. */
export function homePathFor(user: Pick<User, 'id' | 'role'>): string {
  return user.role === 'cliente' ? `/cliente/${encodeURIComponent(user.id)}` : STAFF_HOME[user.role];
}

/** A signed-in client's own area, or null for anyone else (staff, visitors). */
export function clientAreaFor(user: Pick<User, 'id' | 'role'> | null): string | null {
  return user?.role === 'cliente' ? homePathFor(user) : null;
}

/** The dashboard a staff role lands on; unknown roles go home. */
export function staffDashboardFor(role: Role): string {
  return role === 'cliente' ? '/' : (STAFF_HOME[role] ?? '/');
}

/** Null when the page may be shown, otherwise the path to redirect to. */
export function redirectFor(
  rule: AccessRule,
  user: User | null,
  params: Readonly<Record<string, string | undefined>>,
): string | null {
  switch (rule.kind) {
    case 'roles': {
      if (!user || !rule.roles.includes(user.role)) return '/';
      if (rule.ownIdParam !== undefined && params[rule.ownIdParam] !== user.id) return '/';
      return null;
    }
    case 'anonymous':
      return user ? '/' : null;
    case 'staffLogin':
      if (!user) return null;
      return user.role === 'cliente' ? '/' : staffDashboardFor(user.role);
  }
}
