// The one place that talks to the server. Paths are relative so the same build works behind the
// Vite dev proxy and when the Rust server serves web/dist itself; the session lives in an HttpOnly
// cookie, hence `credentials: 'include'` on every call.

export type Role = 'cliente' | 'empleado' | 'empresario' | 'admin' | 'auditor';

/** The roles a staff member can pick on the staff login page (§4: manager → empresario, worker → empleado). */
export type StaffLoginRole = 'empresario' | 'empleado';

export interface UserPreferences {
  emailNotifications: boolean;
  smsNotifications: boolean;
  marketing: boolean;
}

export interface User {
  id: string;
  email: string;
  nombre: string;
  role: Role;
  username: string | null;
  telefono: string;
  direccion: string;
  ciudad: string;
  codigo_postal: string;
  isUserEmailConfirmed: boolean;
  preferencias: UserPreferences;
}

export interface Worker {
  id: string;
  nombre: string;
  role: Role;
  username: string | null;
}

export interface AuthStatusResponse {
  authenticated: boolean;
  user: User | null;
}

export interface LoginRequest {
  email: string;
  password: string;
}

export interface LoginResponse {
  success: boolean;
  user?: User;
  error?: string;
}

export interface WorkerLoginRequest {
  username: string;
  password: string;
  role: StaffLoginRole;
}

export interface WorkerLoginResponse {
  success: boolean;
  worker?: Worker;
  user?: User;
  error?: string;
}

/** The request never reached the server or its answer never arrived (offline, server down, CORS). */
export class NetworkError extends Error {
  constructor(cause: unknown) {
    super('No se pudo contactar con el servidor', { cause });
    this.name = 'NetworkError';
  }
}

/** An answer the server did give; `body` is null when it was not JSON (e.g. a proxy error page). */
export interface ApiResponse<T> {
  ok: boolean;
  status: number;
  body: T | null;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

async function request<T>(method: Method, path: string, payload?: unknown): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const init: RequestInit = { method, credentials: 'include', headers };
  if (payload !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(payload);
  }

  let response: Response;
  try {
    response = await fetch(path, init);
  } catch (cause) {
    throw new NetworkError(cause);
  }

  let body: T | null = null;
  try {
    body = (await response.json()) as T;
  } catch {
    body = null;
  }
  return { ok: response.ok, status: response.status, body };
}

/** Server-supplied error text when there is one, so the user sees the server's Spanish message. */
export function errorText(body: { error?: unknown } | null, fallback: string): string {
  return typeof body?.error === 'string' && body.error.trim() !== '' ? body.error : fallback;
}

export async function fetchAuthStatus(): Promise<AuthStatusResponse> {
  const response = await request<AuthStatusResponse>('GET', '/api/auth-status');
  if (!response.ok || response.body === null) {
    throw new Error(`auth-status respondió ${response.status}`);
  }
  return response.body;
}

export function login(credentials: LoginRequest): Promise<ApiResponse<LoginResponse>> {
  return request<LoginResponse>('POST', '/api/login', credentials);
}

export function workerLogin(credentials: WorkerLoginRequest): Promise<ApiResponse<WorkerLoginResponse>> {
  return request<WorkerLoginResponse>('POST', '/api/worker/login', credentials);
}

export async function logout(): Promise<void> {
  await request<{ success: boolean }>('POST', '/api/logout');
}
