// What a registration hands to the email confirmation page (§4 'Register wizard': email, name,
// phone and address are kept) plus when the emailed code expires and when another may be asked
// for. Kept in sessionStorage so a reload of /confirmar-email still knows the email and the
// countdown, but a new browser session starts clean. The client's profile writes it too, when it
// asks for a new code before opening that page.
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { CodeTimers } from './api';

/** §9: validity of a fresh code and the resend cooldown, in seconds, when the server does not say. */
export const CODE_VALIDITY_SECONDS = 300;
export const RESEND_COOLDOWN_SECONDS = 60;

export const REGISTRATION_STORAGE_KEY = 'mudanzas.registro';

export interface RegistrationData {
  email: string;
  fullName: string;
  phone: string;
  address: string;
}

interface RegistrationState extends RegistrationData {
  /** Epoch ms when the current code stops working; null while unknown. */
  codeExpiresAt: number | null;
  /** Epoch ms from which another code may be requested; null while unknown. */
  resendAvailableAt: number | null;
  /** Records a finished registration and the timers of the code it sent. */
  setRegistration: (data: RegistrationData, timers: Partial<CodeTimers>, now?: number) => void;
  /** Records that a (new) code was sent to `email`. */
  setCodeTimers: (email: string, timers: Partial<CodeTimers>, now?: number) => void;
  /** Moves only the resend instant (a 429 names how long to wait). */
  setResendAvailableAt: (email: string, at: number) => void;
  /** Marks the code sent to `email` as expired (the server said so before our countdown did). */
  expireCode: (email: string, now?: number) => void;
  clear: () => void;
}

const EMPTY = {
  email: '',
  fullName: '',
  phone: '',
  address: '',
  codeExpiresAt: null,
  resendAvailableAt: null,
} as const;

function timersFrom(timers: Partial<CodeTimers>, now: number) {
  return {
    codeExpiresAt: now + (timers.expira_en ?? CODE_VALIDITY_SECONDS) * 1000,
    resendAvailableAt: now + (timers.reenviar_en ?? RESEND_COOLDOWN_SECONDS) * 1000,
  };
}

type Timers = Partial<Pick<RegistrationState, 'codeExpiresAt' | 'resendAvailableAt'>>;

// Timers for another address than the one held (a logged-in user confirming their own email)
// replace the registration details, which belonged to someone else.
function forEmail(state: RegistrationData, email: string, timers: Timers) {
  return state.email === email ? timers : { ...EMPTY, email, ...timers };
}

export const useRegistrationStore = create<RegistrationState>()(
  persist(
    (set) => ({
      ...EMPTY,
      setRegistration: (data, timers, now = Date.now()) => set({ ...data, ...timersFrom(timers, now) }),
      setCodeTimers: (email, timers, now = Date.now()) =>
        set((state) => forEmail(state, email, timersFrom(timers, now))),
      setResendAvailableAt: (email, at) => set((state) => forEmail(state, email, { resendAvailableAt: at })),
      expireCode: (email, now = Date.now()) => set((state) => forEmail(state, email, { codeExpiresAt: now })),
      clear: () => set({ ...EMPTY }),
    }),
    {
      name: REGISTRATION_STORAGE_KEY,
      storage: createJSONStorage(() => sessionStorage),
      partialize: ({ email, fullName, phone, address, codeExpiresAt, resendAvailableAt }) => ({
        email,
        fullName,
        phone,
        address,
        codeExpiresAt,
        resendAvailableAt,
      }),
    },
  ),
);
