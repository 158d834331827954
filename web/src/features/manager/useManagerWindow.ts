import { createMoveWindowStore } from '../../lib/moveWindowStore';

/** The manager's list opens on 'Próximas y recientes', soonest first (issue 19). */
export const MANAGER_DEFAULT_FILTER = { vista: 'proximas', orden: 'fecha' } as const;

/** The manager's list of moves: a server-side window, with prices. */
export const useManagerWindow = createMoveWindowStore({ filter: MANAGER_DEFAULT_FILTER, includePrice: true });
