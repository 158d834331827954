import { create } from 'zustand';
import * as api from './api';
import type { User } from './api';
import { reloadPage } from './browser';
import { clearCrewDevice } from './crewDevice';
import { clearUserData, readUserData, saveUserData } from './userData';

interface AuthState {
  /** True from page load until the first auth-status answer (§4); guards wait on it. */
  checking: boolean;
  user: User | null;
  /**
   * Asks the server who the session belongs to; any failure counts as "nobody" (§4), but for a
   * worker whose device cannot reach the server: the crew's app opens offline (issue 21).
   */
  checkAuth: () => Promise<void>;
  /** Records a user the server has just authenticated (login modal, staff login). */
  setUser: (user: User) => void;
  /**
   * Ends the session on the server, forgets the user, wipes what the crew's app kept on this
   * device (unsent changes included) and reloads the page (§4).
   */
  logout: () => Promise<void>;
  /** Forgets the user locally, without a server call or a reload: the server already ended the session (account deleted). */
  forget: () => void;
}

/**
 * With no network, the worker last signed in on this device stands in until the server can be
 * asked: their own moves and queued changes are on the device, and the server still checks every
 * change they send. No other role's pages work offline, so none is kept.
 */
function offlineWorker(): User | null {
  const stored = readUserData();
  return stored?.role === 'empleado' ? stored : null;
}

// Bumped whenever the user is set or cleared locally. An auth-status answer that was requested
// before such a change is stale (e.g. a login finished while the startup check was in flight)
// and must not overwrite it.
let generation = 0;

export const useAuthStore = create<AuthState>()((set) => ({
  checking: true,
  user: null,

  checkAuth: async () => {
    const startedAt = generation;
    let user: User | null = null;
    try {
      const status = await api.fetchAuthStatus();
      user = status.authenticated ? (status.user ?? null) : null;
    } catch (error) {
      user = error instanceof api.NetworkError ? offlineWorker() : null;
    }
    if (startedAt !== generation) return;
    if (user) saveUserData(user);
    else clearUserData();
    set({ user, checking: false });
  },

  setUser: (user) => {
    generation += 1;
    saveUserData(user);
    set({ user, checking: false });
  },

  logout: async () => {
    try {
      await api.logout();
    } catch {
      // §7: logout errors are ignored; the local state is cleared either way.
    }
    generation += 1;
    clearUserData();
    await clearCrewDevice();
    set({ user: null, checking: false });
    reloadPage();
  },

  forget: () => {
    generation += 1;
    clearUserData();
    set({ user: null, checking: false });
  },
}));
