import type { User } from './api';

// §3: a copy of the logged-in user is kept in local storage under this key; later pages
// (profile, invoices) read it, so the key name is part of the contract.
export const USER_DATA_KEY = 'userData';

// Storage can be unavailable (private browsing, disabled cookies); losing the copy is harmless
// because the session cookie, not local storage, is what the server trusts.
export function saveUserData(user: User): void {
  try {
    localStorage.setItem(USER_DATA_KEY, JSON.stringify(user));
  } catch {
    /* storage unavailable */
  }
}

export function clearUserData(): void {
  try {
    localStorage.removeItem(USER_DATA_KEY);
  } catch {
    /* storage unavailable */
  }
}

/** The stored copy, when there is one that reads as a user. */
export function readUserData(): User | null {
  try {
    const stored = JSON.parse(localStorage.getItem(USER_DATA_KEY) ?? 'null') as User | null;
    return stored && typeof stored.id === 'string' && typeof stored.role === 'string' ? stored : null;
  } catch {
    return null;
  }
}
