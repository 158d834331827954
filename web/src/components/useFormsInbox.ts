// What the public forms sent (contact messages and job applications), for the manager panel.
// Both lists load together; each keeps its own state, so one failing never hides the other.
import { create } from 'zustand';
import {
  fetchContactMessages,
  fetchJobApplications,
  ListError,
  type ContactMessage,
  type JobApplication,
} from '../lib/api';

export type ListState<T> =
  { status: 'loading' } | { status: 'failed'; message: string } | { status: 'ready'; items: T[] };

interface FormsInboxState {
  messages: ListState<ContactMessage>;
  applications: ListState<JobApplication>;
  load: () => Promise<void>;
}

/** Newest first, whatever order the server sent. */
export function newestFirst<T extends { recibido_en: string }>(items: T[]): T[] {
  return [...items].sort((a, b) => Date.parse(b.recibido_en) - Date.parse(a.recibido_en));
}

/** Why a list is missing, in the manager's words. */
export function failureText(error: unknown, what: string): string {
  if (error instanceof ListError) {
    if (error.status === 401) return 'Tu sesión ha caducado. Vuelve a iniciar sesión para ver esta lista.';
    if (error.status === 403) return 'Tu cuenta no tiene permiso para ver esta lista.';
    if (error.serverError) return `No se pudieron cargar ${what}: ${error.serverError}`;
  }
  return `No se pudieron cargar ${what}. Comprueba la conexión e inténtalo de nuevo.`;
}

let generation = 0;

export const useFormsInbox = create<FormsInboxState>()((set) => ({
  messages: { status: 'loading' },
  applications: { status: 'loading' },
  load: async () => {
    // A reload started later wins: an older answer arriving last must not overwrite it.
    const mine = ++generation;
    set({ messages: { status: 'loading' }, applications: { status: 'loading' } });
    const [messages, applications] = await Promise.allSettled([fetchContactMessages(), fetchJobApplications()]);
    if (mine !== generation) return;
    set({
      messages:
        messages.status === 'fulfilled'
          ? { status: 'ready', items: newestFirst(messages.value) }
          : { status: 'failed', message: failureText(messages.reason, 'los mensajes de contacto') },
      applications:
        applications.status === 'fulfilled'
          ? { status: 'ready', items: newestFirst(applications.value) }
          : { status: 'failed', message: failureText(applications.reason, 'las candidaturas') },
    });
  },
}));

export function resetFormsInbox(): void {
  generation += 1;
  useFormsInbox.setState({ messages: { status: 'loading' }, applications: { status: 'loading' } });
}
