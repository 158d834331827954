// What the admin panel's sections share: labels in Spanish, number and time formats, the staff
// form's checks (the §5 rules, as the server applies them) and error texts.
import { errorText, type ApiResponse, type RebuildStatus, type StaffRole } from '../../lib/api';
import { validateEmail, validateFullName, validatePassword } from '../../lib/validation';
import { formatDateTime, formatNumber } from '../../lib/format';

export const ROLE_LABELS: Record<StaffRole, string> = {
  empleado: 'Trabajador',
  empresario: 'Gerente',
  admin: 'Administrador',
  auditor: 'Auditor',
};

/** What each projector builds, for people who did not write it. */
export const PROJECTION_LABELS: Record<string, string> = {
  moves: 'Mudanzas (vistas de personal y cliente)',
  analytics: 'Analíticas por día',
  documents: 'Facturas y albaranes',
  quotes: 'Bandeja de presupuestos',
};

export const PHASE_LABELS: Record<RebuildStatus['fase'], string> = {
  esperando: 'Esperando turno',
  reproduciendo: 'Reproduciendo eventos',
  guardando: 'Guardando',
  terminada: 'Terminada',
  error: 'Error',
};

export function formatInstant(iso: string | null | undefined): string {
  if (!iso) return '—';
  return Number.isNaN(new Date(iso).getTime()) ? '—' : formatDateTime(iso, { seconds: true, shortDate: true });
}

/** A lag in seconds as people say it: '0 s', '12 s', '3 min 5 s', '2 h 10 min'. */
export function formatLag(seconds: number | null): string {
  if (seconds === null || !Number.isFinite(seconds)) return '—';
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min ${s % 60} s`;
  return `${Math.floor(s / 3600)} h ${Math.floor((s % 3600) / 60)} min`;
}

/** Bytes as KB, MB or GB with one decimal. */
export function formatSize(bytes: number | null): string {
  if (bytes === null) return '—';
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${formatNumber(value, { decimals: unit === 0 ? 0 : 1 })} ${units[unit]}`;
}

/** How far a rebuild has got, 0 to 100; a finished one is 100 even on an empty log. */
export function rebuildPercent(status: RebuildStatus): number {
  if (status.fase === 'terminada') return 100;
  if (status.total <= 0) return 0;
  return Math.min(100, Math.floor((status.procesados / status.total) * 100));
}

export function rebuildRunning(status: RebuildStatus | null | undefined): boolean {
  return !!status && status.fase !== 'terminada' && status.fase !== 'error';
}

export interface StaffForm {
  rol: 'empleado' | 'empresario';
  nombre: string;
  email: string;
  usuario: string;
  password: string;
}

export type StaffFormErrors = Partial<Record<keyof StaffForm, string>>;

export const EMPLOYEE_ID_MESSAGE = 'El número de empleado debe tener la forma EMP-003';

/** The form's errors by field; empty when it may be sent. */
export function validateStaffForm(form: StaffForm): StaffFormErrors {
  const errors: StaffFormErrors = {};
  const name = validateFullName(form.nombre);
  if (name) errors.nombre = name;
  const email = validateEmail(form.email);
  if (email) errors.email = email;
  if (form.rol === 'empleado' && form.usuario.trim() !== '' && !/^EMP-\d{3,6}$/i.test(form.usuario.trim())) {
    errors.usuario = EMPLOYEE_ID_MESSAGE;
  }
  const password = validatePassword(form.password);
  if (password) errors.password = password;
  return errors;
}

const PASSWORD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/**
 * A strong initial password to hand over: three groups of four letters and digits (no 0/O or
 * 1/l/I, which are misread on paper) joined by hyphens, with upper and lower case and a digit.
 */
export function generatePassword(random: (n: number) => number = secureRandom): string {
  for (;;) {
    const groups = Array.from({ length: 3 }, () =>
      Array.from({ length: 4 }, () => PASSWORD_ALPHABET[random(PASSWORD_ALPHABET.length)]).join(''),
    );
    const password = groups.join('-');
    if (/[a-z]/.test(password) && /[A-Z]/.test(password) && /\d/.test(password)) return password;
  }
}

function secureRandom(n: number): number {
  // Rejection sampling: a plain modulo would favour the first letters.
  const limit = Math.floor(0x1_0000_0000 / n) * n;
  const buffer = new Uint32Array(1);
  for (;;) {
    crypto.getRandomValues(buffer);
    const value = buffer[0] ?? limit;
    if (value < limit) return value % n;
  }
}

/** Why a call failed, in the admin's words. */
export function failureText(response: ApiResponse<{ error?: string }>, what: string): string {
  if (response.status === 401) return 'Tu sesión ha caducado. Vuelve a iniciar sesión.';
  if (response.status === 403) return 'Tu cuenta no tiene permiso para esta sección.';
  return errorText(response.body, `No se pudo ${what}. Inténtalo de nuevo.`);
}

export const NETWORK_TEXT = 'No se pudo contactar con el servidor. Comprueba la conexión.';

/** A `datetime-local` value (local time, no zone) as an ISO instant; '' stays ''. */
export function localToIso(value: string): string {
  if (value.trim() === '') return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : date.toISOString();
}
