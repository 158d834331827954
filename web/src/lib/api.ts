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

function request<T>(method: Method, path: string, payload?: unknown): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const init: RequestInit = { method, headers };
  if (payload !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(payload);
  }
  return send<T>(path, init);
}

/** A multipart/form-data POST (file uploads). */
function requestMultipart<T>(path: string, form: FormData): Promise<ApiResponse<T>> {
  // No Content-Type: the browser writes it, with the boundary that separates the parts.
  return send<T>(path, { method: 'POST', headers: { Accept: 'application/json' }, body: form });
}

async function send<T>(path: string, init: RequestInit): Promise<ApiResponse<T>> {
  let response: Response;
  try {
    response = await fetch(path, { ...init, credentials: 'include' });
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

// Moves, staff view (§3 'Move, staff view'; the server's projections/src/moves.rs StaffMove).

/** The staff wire values of §4; shown as Pendiente, Confirmada, En Progreso, Completada, Cancelada. */
export type MoveStatus = 'pendiente' | 'confirmada' | 'en curso' | 'finalizada' | 'cancelada';

export type Urgency = 'urgente' | 'normal';

export interface MovedObject {
  id: string;
  nombre: string;
  /** kg */
  peso: number;
  quantity: number;
}

export interface MoveServices {
  dismount: boolean;
  dismount_quantity: number;
  packaging: boolean;
  packaging_quantity: number;
  cleaning: boolean;
  fragile: boolean;
  long_stairs: boolean;
}

export interface MovePhoto {
  id: string;
  url: string;
  descripcion: string;
  tipo: string;
  /** ISO 8601 instant. */
  fecha_subida: string;
}

export interface MoveContact {
  nombre: string;
  telefono: string;
  email: string;
  /** phone, email or whatsapp. */
  preferencia: string;
}

export interface PropertyDetails {
  property_type: string;
  access: string;
  floor: string;
  elevator: boolean;
}

/** All amounts in euro cents. */
export interface MovePrice {
  base_cents: number;
  distance_cents: number;
  services_cents: number;
  urgency_cents: number;
  iva_enabled: boolean;
  subtotal_cents: number;
  tax_cents: number;
  total_cents: number;
  advance_cents: number;
}

export interface StaffMove {
  id: number;
  cliente_nombre: string;
  cliente_telefono: string;
  cliente_email: string;
  origen: string;
  destino: string;
  /** YYYY-MM-DD */
  fecha_programada: string;
  fecha_alternativa: string | null;
  flexible: boolean;
  estado: MoveStatus;
  /** Only for managers who asked for prices; workers never get them. */
  precio_total?: number;
  precio?: MovePrice;
  urgencia: Urgency;
  objects: MovedObject[];
  services: MoveServices;
  photos: MovePhoto[];
  workerId: string | null;
  /** 'Sin asignar' when nobody is assigned. */
  worker: string;
  /** Preferred time slot: morning, afternoon, evening or flexible. */
  time: string;
  instructions: string;
  contacto: MoveContact;
  property_details: { origin: PropertyDetails; destination: PropertyDetails };
  created_at: string;
  updated_at: string;
  /** Grows with every change to the move: the higher one is the newer document. */
  version: number;
}

export interface StatusUpdateResponse {
  success: boolean;
  /** The log position of the change, to match it with the live feed. */
  position?: number;
  mudanza?: StaffMove;
  error?: string;
}

export interface PhotoUploadResponse {
  success: boolean;
  foto?: MovePhoto;
  error?: string;
}

/** Every move, staff view. Throws when the list cannot be read (§8: callers log and show none). */
export async function fetchAllMoves(includePrice = false): Promise<StaffMove[]> {
  const path = includePrice ? '/api/todas-las-mudanzas?include_price=true' : '/api/todas-las-mudanzas';
  const response = await request<StaffMove[]>('GET', path);
  if (!response.ok || !Array.isArray(response.body)) {
    throw new Error(`todas-las-mudanzas respondió ${response.status}`);
  }
  return response.body;
}

export function updateMoveStatus(id: number, estado: MoveStatus): Promise<ApiResponse<StatusUpdateResponse>> {
  return request<StatusUpdateResponse>('PUT', '/api/actualizar-estado-mudanza', {
    mudanza_id: id,
    nuevo_estado: estado,
  });
}

export function uploadPhoto(id: number, file: File, descripcion = ''): Promise<ApiResponse<PhotoUploadResponse>> {
  const form = new FormData();
  form.append('foto', file, file.name);
  form.append('mudanza_id', String(id));
  if (descripcion.trim() !== '') form.append('descripcion', descripcion.trim());
  return requestMultipart<PhotoUploadResponse>('/api/subir-foto', form);
}
