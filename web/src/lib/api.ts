// The one place that talks to the server. Paths are relative so the same build works behind the
// Vite dev proxy and when the Rust server serves web/dist itself; the session lives in an HttpOnly
// cookie, hence `credentials: 'include'` on every call.

import type { components } from './api-schema';

/** The server's own description of what it sends (generated: `npm run api:types`). */
type Schemas = components['schemas'];

/** A success answer as the server describes it, read together with a rejection (`success: false`
 * and the server's Spanish `error`, with the form `field` it is about when there is one). */
type Answer<T> = Partial<Omit<T, 'success'>> & { success: boolean; error?: string; field?: string };

export type Role = 'cliente' | 'empleado' | 'empresario' | 'admin' | 'auditor';

/** The roles a staff member can pick on the staff login page (§4: manager → empresario, worker → empleado). */
export type StaffLoginRole = 'empresario' | 'empleado';

export type User = Schemas['User'];

export type Worker = Schemas['Worker'];

export type AuthStatusResponse = Schemas['AuthStatus'];

export interface LoginRequest {
  email: string;
  password: string;
}

export type LoginResponse = Answer<Schemas['LoggedIn']>;

export interface WorkerLoginRequest {
  username: string;
  password: string;
  role: StaffLoginRole;
}

export type WorkerLoginResponse = Answer<Schemas['WorkerLoggedIn']>;

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

export type MovedObject = Schemas['MovedObject'];

export type MoveServices = Schemas['Services'];

export type MovePhoto = Schemas['StaffPhoto'];

export type MoveContact = Schemas['Contact'];

export type PropertyDetails = Schemas['PropertyDetails'];

/** All amounts in euro cents. */
export type StaffMove = Schemas['StaffMove'];

export type StatusUpdateResponse = Answer<Schemas['StatusChanged']>;

export type PhotoUploadResponse = Answer<Schemas['Uploaded']>;

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

// Manager dashboard (§2 'Manager dashboard', §7): company data, analytics, workers, and the
// create and edit commands. Amounts on the wire are euros unless a name ends in _cents.

/** §3 'Company data'. */
export interface CompanyData {
  mudanzas_totales: number;
  /** Euros. */
  ganancias_totales: number;
  trabajadores_activos: number;
  /** Percentage 0-100; null while there is nothing to measure. */
  nivel_de_satisfaccion: number | null;
}

type CompanyDataResponse = Answer<Schemas['CompanyData']>;

export async function fetchCompanyData(): Promise<CompanyData> {
  const response = await request<CompanyDataResponse>('GET', '/api/datos-de-empresa');
  const body = response.body;
  if (!response.ok || !body?.success) throw new Error(`datos-de-empresa respondió ${response.status}`);
  return {
    mudanzas_totales: body.mudanzas_totales ?? 0,
    ganancias_totales: body.ganancias_totales ?? 0,
    trabajadores_activos: body.trabajadores_activos ?? 0,
    nivel_de_satisfaccion: body.nivel_de_satisfaccion ?? null,
  };
}

export type AnalyticsPeriod = 'dia' | 'semana' | 'mes';

/** One period of the analytics series. */
export type AnalyticsPoint = Schemas['PeriodFigures'];

type AnalyticsResponse = Answer<Schemas['Analytics']>;

/** The analytics series of a period kind, oldest first. */
export async function fetchAnalytics(periodo: AnalyticsPeriod): Promise<AnalyticsPoint[]> {
  const response = await request<AnalyticsResponse>('GET', `/api/analiticas?periodo=${periodo}`);
  if (!response.ok || !response.body?.success || !Array.isArray(response.body.series)) {
    throw new Error(`analiticas respondió ${response.status}`);
  }
  return response.body.series;
}

/** A worker as the manager's assign selector lists them. */
export type StaffWorker = Schemas['WorkerOnDay'];

type WorkersResponse = Answer<Schemas['Workers']>;

/** Active workers; with a date (YYYY-MM-DD), whether each is busy that day. */
export async function fetchWorkers(fecha?: string): Promise<StaffWorker[]> {
  const query = fecha ? `?fecha=${encodeURIComponent(fecha)}` : '';
  const response = await request<WorkersResponse>('GET', `/api/trabajadores${query}`);
  if (!response.ok || !response.body?.success || !Array.isArray(response.body.trabajadores)) {
    throw new Error(`trabajadores respondió ${response.status}`);
  }
  return response.body.trabajadores;
}

export type MoveResponse = Answer<Schemas['OneMove']>;

/** One move, fresh from the server (staff; managers get its prices). */
export function fetchMove(id: number): Promise<ApiResponse<MoveResponse>> {
  return request<MoveResponse>('GET', `/api/mudanza/${encodeURIComponent(String(id))}`);
}

/** 409 with the server's message when the worker already has another move that day. */
export function assignWorker(mudanzaId: number, workerId: string): Promise<ApiResponse<MoveResponse>> {
  return request<MoveResponse>('POST', '/api/asignar-trabajador', { mudanza_id: mudanzaId, worker_id: workerId });
}

/** Morning 8-12, afternoon 12-17, evening 17-20, flexible (their labels are in lib/options). */
export type TimeSlot = 'morning' | 'afternoon' | 'evening' | 'flexible';
export type ContactPreference = 'phone' | 'email' | 'whatsapp';

export interface PropertyDetailsRequest {
  property_type: string;
  access: string;
  floor: string;
  elevator: 1 | 0;
}

/** POST /api/crear-mudanza. Amounts in euros; precio_total must equal the total of `precio` (§9). */
export interface CreateMoveRequest {
  cliente_nombre: string;
  cliente_telefono: string;
  cliente_email: string;
  origen: string;
  destino: string;
  fecha_programada: string;
  fecha_alternativa: string | null;
  flexible: boolean;
  hora_preferida: TimeSlot;
  contacto_nombre: string;
  contacto_telefono: string;
  contacto_email: string;
  contacto_preferencia: ContactPreference;
  estado: 'pendiente';
  urgencia: Urgency;
  objects: MovedObject[];
  services: MoveServices;
  property_details: { origin: PropertyDetailsRequest; destination: PropertyDetailsRequest };
  instrucciones: string;
  precio: PriceLines;
  pago_adelantado: number;
  precio_total: number;
  /**
   * One per move the wizard means to create, the same on every retry: when an earlier attempt
   * did create the move (its answer lost), the server answers with that move instead of a second.
   */
  clave_idempotencia?: string;
}

export type CreateMoveResponse = Answer<Schemas['Created']>;

export function createMove(body: CreateMoveRequest): Promise<ApiResponse<CreateMoveResponse>> {
  return request<CreateMoveResponse>('POST', '/api/crear-mudanza', body);
}

/**
 * POST /api/actualizar-mudanza. `version` is the move's version the form was filled from: the
 * server answers 409 when someone changed the move since, instead of overwriting their change.
 */
/** A price's lines before VAT, in euros, and whether 21 % VAT is added. */
export interface PriceLines {
  base: number;
  distancia: number;
  servicios: number;
  urgencia: number;
  iva: boolean;
}

export interface UpdateMoveRequest {
  id: number;
  version: number;
  origen: string;
  destino: string;
  fecha_programada: string;
  estado: MoveStatus;
  urgencia: Urgency;
  cliente_nombre: string;
  cliente_telefono: string;
  cliente_email: string;
  objects: MovedObject[];
  services: MoveServices;
  /** The price's lines in euros and the VAT choice: the server keeps them as the move's breakdown. */
  precio: PriceLines;
  /** The deposit asked for, in euros. */
  pago_adelantado: number;
  /** Euros: what the lines make, checked by the server. */
  precio_total: number;
}

export function updateMove(body: UpdateMoveRequest): Promise<ApiResponse<MoveResponse>> {
  return request<MoveResponse>('POST', '/api/actualizar-mudanza', body);
}

// Printable documents (§2 'Invoice page', 'Delivery note / waybill'; §3 'Waybill', 'Invoice data').
// Both are issued by the server on the first request and never change afterwards.

/** The company's legal data printed on every document. */
export type CompanyLegalData = Schemas['Company'];

export interface InvoicePropertyDetails {
  property_type: string;
  access: string;
  floor: string;
  /** true/false, or 1/0 as the create request sends it. */
  elevator: boolean | number;
}

/** Euros. */
export type InvoiceAmounts = Schemas['Amounts'];

export type Invoice = Schemas['Invoice'];

export type InvoiceResponse = Answer<Schemas['InvoiceAnswer']>;

/** GET /api/factura/{id} (managers, admin, auditor): the invoice as issued; 404 until it is. */
export function fetchInvoice(id: number): Promise<ApiResponse<InvoiceResponse>> {
  return request<InvoiceResponse>('GET', `/api/factura/${encodeURIComponent(String(id))}`);
}

/** POST /api/factura/{id}/emitir (managers, admin): issues the invoice, or answers the one issued. */
export function issueInvoice(id: number): Promise<ApiResponse<InvoiceResponse>> {
  return request<InvoiceResponse>('POST', `/api/factura/${encodeURIComponent(String(id))}/emitir`);
}

export type Waybill = Schemas['Waybill'];

export type WaybillResponse = Answer<Schemas['WaybillAnswer']>;

/** GET /api/albaran/{id} (staff, and the client who owns the move): the waybill as issued; 404 until it is. */
export function fetchWaybill(id: number): Promise<ApiResponse<WaybillResponse>> {
  return request<WaybillResponse>('GET', `/api/albaran/${encodeURIComponent(String(id))}`);
}

/**
 * POST /api/albaran/{id}/emitir (staff but the auditor, and the client who owns the move): issues
 * the waybill, or answers the one issued.
 */
export function issueWaybill(id: number): Promise<ApiResponse<WaybillResponse>> {
  return request<WaybillResponse>('POST', `/api/albaran/${encodeURIComponent(String(id))}/emitir`);
}

// Customer accounts (§3 'Registration', 'Confirmation', 'Profile', 'Password change'; §7; §8).
// Every answer is `{ success, error? }` plus what each call names; `error` is the server's Spanish
// message, shown as it is.

export interface RegisterRequest {
  fullName: string;
  email: string;
  password: string;
  phone: string;
  address: string;
  /**
   * Terms of use and privacy policy accepted: must be true (else 400 'Debes aceptar las
   * condiciones de uso y la política de privacidad'); the server records the consent with its time.
   */
  acceptTerms: boolean;
}

/** Seconds until the current code expires and until another may be requested. */
export interface CodeTimers {
  /** 300 for a fresh code. */
  expira_en: number;
  /** 60 after a code was sent. */
  reenviar_en: number;
}

export type RegisterResponse = Answer<Schemas['Registered']>;

/** 201 and a session; 409 taken email; 400 the first rule of §5 that fails; 429 too many. */
export function register(body: RegisterRequest): Promise<ApiResponse<RegisterResponse>> {
  return request<RegisterResponse>('POST', '/api/register', body);
}

export interface ConfirmEmailResponse {
  success: boolean;
  confirmed: boolean;
  /** On success: the account, now confirmed and logged in. */
  user?: User;
  /** After a wrong code: how many tries this code has left (5 in all). */
  intentos_restantes?: number;
  error?: string;
}

/**
 * 200 `confirmed: true`; 400 wrong code ('Código inválido...') or expired ('El código ha
 * expirado...'); 429 after 5 wrong codes ('Demasiados intentos...') until a new code is sent.
 */
export function confirmEmail(email: string, code: string): Promise<ApiResponse<ConfirmEmailResponse>> {
  return request<ConfirmEmailResponse>('POST', '/api/confirm-email', { email, code });
}

export type ResendCodeResponse = Answer<Schemas['CodeSent']>;

/** 200 with fresh timers; 429 during the 60 s cooldown (with `reenviar_en`); 404 unknown; 409 already confirmed. */
export function resendCode(email: string): Promise<ApiResponse<ResendCodeResponse>> {
  return request<ResendCodeResponse>('POST', '/api/resend-code', { email });
}

export type SuccessResponse = Answer<Schemas['Done']>;

/** 200 email sent; 400 invalid email; 404 'No encontramos una cuenta con ese email.'; 429 too many. */
export function forgotPassword(email: string): Promise<ApiResponse<SuccessResponse>> {
  return request<SuccessResponse>('POST', '/api/forgot-password', { email });
}

export type ResetTokenResponse = Answer<Schemas['ResetLink']>;

/** Whether a reset link (the `token` of /recuperar?token=) is still usable: 200, or 400 with the reason. */
export function checkResetToken(token: string): Promise<ApiResponse<ResetTokenResponse>> {
  return request<ResetTokenResponse>('GET', `/api/restablecer-password?token=${encodeURIComponent(token)}`);
}

/** Sets a new password (registration rules of §5) with a reset link's token; ends every session. */
export function resetPassword(token: string, password: string): Promise<ApiResponse<SuccessResponse>> {
  return request<SuccessResponse>('POST', '/api/restablecer-password', { token, password });
}

/** §3 'Move, customer view'. `status` is the customer value of §4. */
export type ClientMoveStatus = 'pending' | 'confirmed' | 'in_progress' | 'completed' | 'cancelled';

export type ClientMoveImage = Schemas['ClientImage'];

export type ClientMove = Schemas['ClientMove'];

export type MyMovesResponse = Answer<Schemas['MyMoves']>;

/** The caller's own moves (clients only: 401 anonymous, 403 staff). */
export function fetchMyMoves(): Promise<ApiResponse<MyMovesResponse>> {
  return request<MyMovesResponse>('GET', '/api/mis-mudanzas');
}

/** PUT /api/mi-perfil (§7); the email is read-only and not sent. */
export interface ProfileRequest {
  nombre: string;
  apellido: string;
  telefono: string;
  direccion: string;
  ciudad: string;
  codigo_postal: string;
  email_alerts: boolean;
  sms_alerts: boolean;
  marketing: boolean;
}

export type ProfileResponse = Answer<Schemas['ProfileSaved']>;

export function updateProfile(body: ProfileRequest): Promise<ApiResponse<ProfileResponse>> {
  return request<ProfileResponse>('PUT', '/api/mi-perfil', body);
}

export interface PasswordChangeRequest {
  current_password: string;
  new_password: string;
  confirm_password: string;
}

/** 200; 400 with the §5 message or 'La contraseña actual no es correcta'. Other sessions end. */
export function changePassword(body: PasswordChangeRequest): Promise<ApiResponse<SuccessResponse>> {
  return request<SuccessResponse>('PUT', '/api/cambiar-password', body);
}

/** 200 and the session ends; 400 'Debes ingresar tu contraseña para confirmar' or a wrong password. */
export function deleteAccount(password: string, email: string): Promise<ApiResponse<SuccessResponse>> {
  return request<SuccessResponse>('DELETE', '/api/eliminar-cuenta', { password, email });
}

/** An email as the local-development outbox keeps it (only when no SMTP server is configured). */
export type OutboxMessage = Schemas['OutboxMessage'];

export type OutboxResponse = Answer<Schemas['Outbox']>;

/** GET /api/dev/outbox, newest first; 404 when the site sends real email (or runs in production). */
export function fetchOutbox(para?: string): Promise<ApiResponse<OutboxResponse>> {
  const query = para ? `?para=${encodeURIComponent(para)}` : '';
  return request<OutboxResponse>('GET', `/api/dev/outbox${query}`);
}

// Price finder, catalogue, routes and quotes (§3 'Object catalogue item', 'Price request',
// 'Quote request'; §7 autocomplete … submit-quote-request; §9).

/** §3 categories as the client names them; 'camas_y_colchones' goes on the wire as 'camas y colchones'. */
export type ObjectCategory =
  'sofas' | 'armarios' | 'cajas' | 'camas_y_colchones' | 'mesas' | 'televisores' | 'sillas' | 'otros';

export interface CatalogueObject {
  id: string;
  nombre: string;
  categoria: ObjectCategory;
  /** Base64 of the image (an SVG drawn for the project); see `imagen_tipo`. */
  imagen: string;
  /** e.g. 'image/svg+xml': the image is `data:${imagen_tipo};base64,${imagen}`. */
  imagen_tipo: string;
  /** e.g. '210 × 95 × 85 cm' */
  dimensiones: string;
  /** kg */
  peso: number;
  /** m³ */
  volumen: number;
}

interface CatalogueResponse {
  success: boolean;
  objetos?: CatalogueObject[];
  error?: string;
}

function categoryOnTheWire(categoria: ObjectCategory): string {
  return categoria === 'camas_y_colchones' ? 'camas y colchones' : categoria;
}

/** GET /api/objetos?categoria=: one category's objects. Throws when the list cannot be read. */
export async function fetchObjectsByCategory(categoria: ObjectCategory): Promise<CatalogueObject[]> {
  const response = await request<CatalogueResponse>(
    'GET',
    `/api/objetos?categoria=${encodeURIComponent(categoryOnTheWire(categoria))}`,
  );
  if (!response.ok || !Array.isArray(response.body?.objetos)) {
    throw new Error(`objetos respondió ${response.status}`);
  }
  return response.body.objetos;
}

/** GET /api/objetos-catalogo[?search=]: the whole catalogue, or the objects matching (case and accents ignored). */
export async function fetchCatalogue(search?: string): Promise<CatalogueObject[]> {
  const query = search && search.trim() !== '' ? `?search=${encodeURIComponent(search.trim())}` : '';
  const response = await request<CatalogueResponse>('GET', `/api/objetos-catalogo${query}`);
  if (!response.ok || !Array.isArray(response.body?.objetos)) {
    throw new Error(`objetos-catalogo respondió ${response.status}`);
  }
  return response.body.objetos;
}

type AutocompleteResponse = Answer<Schemas['Suggestions']>;

/** GET /api/autocomplete?input=: suggestions for what the user typed; [] when there are none. */
export async function fetchAutocomplete(input: string): Promise<string[]> {
  const response = await request<AutocompleteResponse>('GET', `/api/autocomplete?input=${encodeURIComponent(input)}`);
  if (!response.ok || !Array.isArray(response.body?.data)) return [];
  return response.body.data;
}

/** GET /api/get-calculated-stats: the route between two addresses; a 422 when an address cannot be
 * located. */
export type RouteStats = Answer<Schemas['RouteStats']>;

export function fetchRouteStats(origin: string, destination: string): Promise<ApiResponse<RouteStats>> {
  const query = `origin=${encodeURIComponent(origin)}&destination=${encodeURIComponent(destination)}`;
  return request<RouteStats>('GET', `/api/get-calculated-stats?${query}`);
}

export type OfferPack = 'esential' | 'advanced' | 'premium';

/** One side of the move, as the calculator holds it (§3 'Price request'). */
export interface PriceAddress {
  address: string;
  propertyType: string;
  access: string;
  floor: string;
  elevator: 1 | 0;
}

export interface PriceServices {
  dismount: boolean;
  /** 1-10 when dismount */
  dismountQuantity: number;
  packaging: boolean;
  /** 1-10 when packaging */
  packagingQuantity: number;
  /** Professional packing of everything (§3 best_packaging). */
  bestPackaging: boolean;
  cleaning: boolean;
  fragile: boolean;
  longStairs: boolean;
}

export interface PriceSchedule {
  /** YYYY-MM-DD, today or later. */
  preferredDate: string;
  alternativeDate: string | null;
  flexibleDates: boolean;
  timePreference: TimeSlot;
}

/** POST /api/calculate-price. The server locates both addresses and computes the route itself. */
export interface PriceRequest {
  origin: PriceAddress;
  destination: PriceAddress;
  objects: { id: string; quantity: number }[];
  services: PriceServices;
  schedule: PriceSchedule;
  /** As get-calculated-stats gave them; the server recomputes and uses its own. */
  distance: number;
  duration: number;
  instructions: string;
  offerPack: OfferPack | null;
}

/** One line of the itemised price, before VAT. */
export type PriceLine = Schemas['PriceLine'];

export type PriceResponse = Answer<Schemas['PriceAnswer']>;

export function calculatePrice(body: PriceRequest): Promise<ApiResponse<PriceResponse>> {
  return request<PriceResponse>('POST', '/api/calculate-price', body);
}

/** POST /api/submit-quote-request (§3 'Quote request'); elevator is a boolean here. */
export interface QuoteRequest {
  contact: { name: string; email: string; phone: string; preferredContact: 'phone' | 'email' | 'whatsapp' };
  moveDetails: Omit<PriceRequest, 'origin' | 'destination'> & {
    origin: Omit<PriceAddress, 'elevator'> & { elevator: boolean };
    destination: Omit<PriceAddress, 'elevator'> & { elevator: boolean };
    /** Euros, as shown; the server records its own 95 % figure. */
    estimatedPrice: number;
  };
  /** Each consent on its own (never pre-ticked); the server records them with the request's time. */
  consent: { contact: boolean; marketing: boolean };
}

export type QuoteResponse = Answer<Schemas['Submitted']>;

/** 200 and an email to the requester; 400 with the §5 message of the first field that fails. */
export function submitQuoteRequest(body: QuoteRequest): Promise<ApiResponse<QuoteResponse>> {
  return request<QuoteResponse>('POST', '/api/submit-quote-request', body);
}

// Booking screens (§2 moving_details /detalles-mudanza, moving_form /formulario-mudanza,
// confirm_moving /confirmar-mudanza; §9 booking conditions). Clients only, their own moves:
// 401 anonymous, 403 staff, 404 another client's move (as if it did not exist).

/** The move's price as its invoice prints it (euros). */
export type BookingPrice = InvoiceAmounts;

/** One status the move reached, from the event log. */
export interface BookingHistoryEntry {
  status: ClientMoveStatus;
  /** Null for the first entry (the move was created pending). */
  anterior: ClientMoveStatus | null;
  /** ISO 8601 instant. */
  fecha: string;
  /** Who changed it: the client themselves or the company. */
  por: 'cliente' | 'empresa';
}

/** The client's booking, once they accepted the price and the conditions. */
export interface BookingAcceptance {
  /** ISO 8601 instant. */
  aceptada_en: string;
  /** Euros, VAT included: the total accepted. */
  total: number;
  condiciones_version: string;
}

/** A move in full, as its client sees it (GET /api/mi-mudanza/{id}). */
export interface BookingMove {
  id: number;
  status: ClientMoveStatus;
  origen: string;
  destino: string;
  /** YYYY-MM-DD */
  fecha_programada: string;
  fecha_alternativa: string | null;
  flexible: boolean;
  hora_preferida: TimeSlot;
  urgencia: Urgency;
  contacto: MoveContact;
  property_details: { origin: PropertyDetails; destination: PropertyDetails };
  objects: MovedObject[];
  services: MoveServices;
  instrucciones: string;
  precio: BookingPrice;
  estado_pago: PaymentStatus;
  /** Card payments (failed attempts are not listed). */
  pagos?: PaymentRecord[];
  /** The key to pay with on /acceso-de-pago. */
  clave_pago?: string | null;
  fotos: MovePhoto[];
  /** Oldest first. */
  historial: BookingHistoryEntry[];
  /** ISO 8601 instant of the last completion of the details, or null. */
  detalles_completados: string | null;
  reserva: BookingAcceptance | null;
  /** Only a pending move's details can be completed and its booking confirmed. */
  puede_completar: boolean;
  puede_confirmar: boolean;
}

/** §9 booking conditions, worded and versioned by the server. */
export interface BookingConditions {
  version: string;
  apartados: { titulo: string; texto: string }[];
  /** What cancelling costs for this move, by notice: 0 %, 25 %, 50 % of the quote (euros). */
  cancelacion: { plazo: string; porcentaje: number; importe: number }[];
}

export interface BookingResponse {
  success: boolean;
  mudanza?: BookingMove;
  condiciones?: BookingConditions;
  /** After a command: the log position of its last event. */
  position?: number;
  error?: string;
}

export function fetchBookingMove(id: number): Promise<ApiResponse<BookingResponse>> {
  return request<BookingResponse>('GET', `/api/mi-mudanza/${encodeURIComponent(String(id))}`);
}

/** POST /api/mi-mudanza/{id}/detalles. Every field is required; property types are not the client's to change. */
export interface BookingDetailsRequest {
  contacto_nombre: string;
  contacto_telefono: string;
  /** May be empty unless contacto_preferencia is 'email'. */
  contacto_email: string;
  contacto_preferencia: ContactPreference;
  /** YYYY-MM-DD, not before today nor before the move's date; null for none. */
  fecha_alternativa: string | null;
  flexible: boolean;
  hora_preferida: TimeSlot;
  property_details: {
    origin: { access: string; floor: string; elevator: boolean };
    destination: { access: string; floor: string; elevator: boolean };
  };
  /** At most 1000 characters. */
  instrucciones: string;
}

/** 200 with the updated move; 400 with the rule broken; 409 when the move is no longer pending. */
export function completeBookingDetails(id: number, body: BookingDetailsRequest): Promise<ApiResponse<BookingResponse>> {
  return request<BookingResponse>('POST', `/api/mi-mudanza/${encodeURIComponent(String(id))}/detalles`, body);
}

export interface BookingConfirmRequest {
  /** The conditions' checkbox: must be true. */
  acepto_condiciones: true;
  /** `condiciones.version` as the page showed it. */
  condiciones_version: string;
  /** `precio.total` as the page showed it (euros). */
  total: number;
}

/**
 * Books the move (status confirmada). 400 unticked; 409 not pending, or price or conditions
 * changed since the page loaded (reload and show them again).
 */
export function confirmBooking(id: number, body: BookingConfirmRequest): Promise<ApiResponse<BookingResponse>> {
  return request<BookingResponse>('POST', `/api/mi-mudanza/${encodeURIComponent(String(id))}/confirmar`, body);
}

// Quotes inbox (managers; the admin and the auditor read it too): GET /api/presupuestos,
// converting a quote (POST /api/crear-mudanza with presupuesto_id), discarding one. Live changes
// of kind 'quote' carry a QuoteInboxEntry and reach managers, the admin and the auditor only.

/** nueva: waiting for a manager; convertida: a move was made from it; descartada: set aside. */
export type QuoteStatus = 'nueva' | 'convertida' | 'descartada';

export interface QuoteInboxEntry {
  id: string;
  /** ISO 8601 instant the request arrived. */
  recibida: string;
  estado: QuoteStatus;
  /** The move made from it, once converted. */
  mudanza_id: number | null;
  /** As the requester sent it; the email lowercased, the phone as '612 345 678'. */
  contact: QuoteRequest['contact'];
  /** As the price finder sent it (elevator a boolean), without the browser's estimatedPrice. */
  moveDetails: Omit<QuoteRequest['moveDetails'], 'estimatedPrice'>;
  /** Euros, VAT included: the server's own estimate; null until its price engine records one. */
  precio_estimado: number | null;
  /** Units of every object listed. */
  total_objetos: number;
  /** ISO 8601 instant of the last change. */
  actualizada: string;
  /** Grows with every change: the higher one is the newer copy. */
  version: number;
  /** The requester's name, email and phone were erased (a year unconverted, or their account deleted). */
  datos_eliminados?: boolean;
}

interface QuotesResponse {
  success: boolean;
  presupuestos?: QuoteInboxEntry[];
  error?: string;
}

/** GET /api/presupuestos: the inbox, newest first. Throws when it cannot be read. */
export async function fetchQuotes(): Promise<QuoteInboxEntry[]> {
  const response = await request<QuotesResponse>('GET', '/api/presupuestos');
  if (!response.ok || !Array.isArray(response.body?.presupuestos)) {
    throw new Error(`presupuestos respondió ${response.status}`);
  }
  return response.body.presupuestos;
}

export interface QuoteResponseEntry {
  success: boolean;
  presupuesto?: QuoteInboxEntry;
  error?: string;
}

/** POST /api/presupuestos/{id}/descartar (managers): 409 when already converted or discarded. */
export function discardQuote(id: string): Promise<ApiResponse<QuoteResponseEntry>> {
  return request<QuoteResponseEntry>('POST', `/api/presupuestos/${encodeURIComponent(id)}/descartar`, {});
}

/**
 * POST /api/crear-mudanza for a move made from a quote: the move and the quote's conversion are
 * stored together. 409 'Esta solicitud ya se convirtió en una mudanza.' (or '... está
 * descartada.') when someone dealt with it first; 404 when the quote does not exist.
 */
export function createMoveFromQuote(
  body: CreateMoveRequest & { presupuesto_id: string },
): Promise<ApiResponse<CreateMoveResponse>> {
  return request<CreateMoveResponse>('POST', '/api/crear-mudanza', body);
}

// ---------------------------------------------------------------------------------------------
// Contact form and job applications (§3 'Contact form', 'Job application'; §7 contact-form;
// issue 6). Both are stored and emailed (to the company and an acknowledgement to the sender);
// managers, the admin and the auditor list them. Consent: each purpose its own checkbox, unticked
// by default; the server stores what was given with the time it was given.

/** §1 contact service types, as wire values. */
export type ContactServiceType =
  'mudanza_completa' | 'mudanza_parcial' | 'mudanza_oficina' | 'solo_transporte' | 'otros_servicios';

/** The consent a public form collects; `contact` (answering this message) is required. */
export type FormConsent = Schemas['GivenConsent'];

/** POST /api/contact-form: every field bound to the form (the spec's unbound payload is a bug). */
export interface ContactFormRequest {
  name: string;
  email: string;
  phone: string;
  origin: string;
  destination: string;
  /** 'YYYY-MM-DD' or null: optional. */
  date: string | null;
  service_type: ContactServiceType;
  message: string;
  consent: FormConsent;
}

/** 201 `{success: true, id}`; 400 `{success: false, error, field?}` names the first bad field. */
export type FormResponse = Answer<Schemas['Received']>;

export function submitContactForm(body: ContactFormRequest): Promise<ApiResponse<FormResponse>> {
  return request<FormResponse>('POST', '/api/contact-form', body);
}

export type JobPosition = 'conductor' | 'operario' | 'coordinador' | 'atencion' | 'limpieza' | 'otro';
export type JobExperience = '0-1' | '2-5' | '6-10' | '10+';

export interface JobApplicationRequest {
  name: string;
  email: string;
  phone: string;
  position: JobPosition;
  experience: JobExperience;
  message: string;
  /** .pdf, .doc or .docx, at most 5 MB; the server checks the content, not only the name. */
  cv: File;
  consent: FormConsent;
}

/**
 * POST /api/trabaja-con-nosotros (multipart: name, email, phone, position, experience, message,
 * consent_contact 'true'/'false', consent_marketing 'true'/'false', cv file). 201 `{success, id}`;
 * 400 with `field` for bad input, 413 for a CV over 5 MB, 429 when one address sends too many.
 */
export function submitJobApplication(body: JobApplicationRequest): Promise<ApiResponse<FormResponse>> {
  const form = new FormData();
  form.append('name', body.name);
  form.append('email', body.email);
  form.append('phone', body.phone);
  form.append('position', body.position);
  form.append('experience', body.experience);
  form.append('message', body.message);
  form.append('consent_contact', String(body.consent.contact));
  form.append('consent_marketing', String(body.consent.marketing));
  form.append('cv', body.cv, body.cv.name);
  return requestMultipart<FormResponse>('/api/trabaja-con-nosotros', form);
}

/** One stored contact message, as GET /api/mensajes-contacto lists them (newest first). */
export type ContactMessage = Schemas['ReceivedMessage'];

/** One stored job application, as GET /api/candidaturas lists them (newest first). */
export type JobApplication = Schemas['JobApplication'];

/**
 * GET /api/mensajes-contacto: managers, admin and auditor; 401 anonymous, 403 other roles. Throws
 * `ListError` when the list cannot be read, so the panel can tell "none yet" from "could not load".
 */
export async function fetchContactMessages(): Promise<ContactMessage[]> {
  const response = await request<{ success: boolean; mensajes?: ContactMessage[]; error?: string }>(
    'GET',
    '/api/mensajes-contacto',
  );
  if (!response.ok || !Array.isArray(response.body?.mensajes)) throw new ListError('mensajes-contacto', response);
  return response.body.mensajes;
}

/** GET /api/candidaturas, as above; each CV downloads from its `cv.url` (GET /api/candidaturas/{id}/cv). */
export async function fetchJobApplications(): Promise<JobApplication[]> {
  const response = await request<{ success: boolean; candidaturas?: JobApplication[]; error?: string }>(
    'GET',
    '/api/candidaturas',
  );
  if (!response.ok || !Array.isArray(response.body?.candidaturas)) throw new ListError('candidaturas', response);
  return response.body.candidaturas;
}

/** A list the server would not give: its status (401, 403, 500…) and Spanish error when it sent one. */
export class ListError extends Error {
  readonly status: number;
  readonly serverError: string | null;
  constructor(list: string, response: ApiResponse<{ error?: string }>) {
    super(`${list} respondió ${response.status}`);
    this.name = 'ListError';
    this.status = response.status;
    this.serverError = typeof response.body?.error === 'string' ? response.body.error : null;
  }
}

// ---------------------------------------------------------------------------------------------
// Tamper evidence (issue 7): GET /api/verificar-registro (admin and auditor; 401/403 otherwise)
// walks the hash chain of the whole log and reports the first broken link. The binary's
// `mudanzas verify` does the same from the command line.

export type BrokenLink = Schemas['BrokenLink'];

export type LogVerification = Answer<Schemas['LogVerification']>;

export function verifyLog(): Promise<ApiResponse<LogVerification>> {
  return request<LogVerification>('GET', '/api/verificar-registro');
}

// ---------------------------------------------------------------------------------------------
// Auditing a move (issue 7): auditors and the admin (401 anonymous, 403 other roles) search moves,
// read a move's history replayed from the log, and its state as of any instant. All read-only.

/** A move as the audit search lists it (newest first). */
export type AuditMoveSummary = Schemas['AuditMove'];

export type AuditSearchResponse = Answer<Schemas['AuditSearch']>;

export type AuditEvent = Schemas['HistoryEvent'];

export type AuditHistoryResponse = Answer<Schemas['History']>;

/** The move's complete state (the staff view, with prices and the booking) as of an instant. */
export type AuditMoveState = StaffMove &
  Record<string, unknown> & {
    pago_adelantado?: number;
    pago_pendiente?: number;
    estado_pago?: string;
    reserva?: { aceptada_en: string; condiciones_version: string };
    detalles_completados?: string;
  };

export type AuditStateResponse = Answer<Schemas['StateAsOf']>;

/** GET /api/auditoria/mudanzas?buscar=: by number, client name, email, phone or address. */
export function searchAuditMoves(buscar: string): Promise<ApiResponse<AuditSearchResponse>> {
  return request<AuditSearchResponse>('GET', `/api/auditoria/mudanzas?buscar=${encodeURIComponent(buscar)}`);
}

/** GET /api/auditoria/mudanza/{id}/historial: every event, in log order, with what it changed. */
export function fetchMoveHistory(id: number): Promise<ApiResponse<AuditHistoryResponse>> {
  return request<AuditHistoryResponse>('GET', `/api/auditoria/mudanza/${id}/historial`);
}

/** GET /api/auditoria/mudanza/{id}/estado?en=: the state replayed from what was recorded by `instant` (RFC 3339). */
export function fetchMoveStateAt(id: number, instant: string): Promise<ApiResponse<AuditStateResponse>> {
  return request<AuditStateResponse>('GET', `/api/auditoria/mudanza/${id}/estado?en=${encodeURIComponent(instant)}`);
}

/** Where the history downloads as a file (Content-Disposition: attachment). */
export function moveHistoryExportUrl(id: number, format: 'json' | 'csv'): string {
  return `/api/auditoria/mudanza/${id}/historial.${format}`;
}

// ---------------------------------------------------------------------------------------------
// Admin panel and /debug (issue 7): only the admin role (401 anonymous, 403 any other role).
// README 'Running the system: /admin and /debug'.

export type StaffRole = 'empleado' | 'empresario' | 'admin' | 'auditor';

export type StaffAccount = Schemas['StaffAccount'];

export interface NewStaffRequest {
  rol: 'empleado' | 'empresario';
  nombre: string;
  email: string;
  /** Empty: the next free employee id. */
  usuario?: string;
  password: string;
}

export type StaffAccountResponse = Answer<Schemas['StaffChanged']>;

export function fetchStaff(): Promise<ApiResponse<Answer<Schemas['StaffList']>>> {
  return request('GET', '/api/admin/personal');
}

/** A 400 names the request field it is about in `field` (nombre, email, usuario, password, rol). */
export function createStaff(body: NewStaffRequest): Promise<ApiResponse<StaffAccountResponse>> {
  return request('POST', '/api/admin/personal', body);
}

/** Deactivating ends the account's sessions at once; the admin cannot deactivate themselves (409). */
export function setStaffActive(id: string, active: boolean): Promise<ApiResponse<StaffAccountResponse>> {
  const action = active ? 'reactivar' : 'desactivar';
  return request('POST', `/api/admin/personal/${encodeURIComponent(id)}/${action}`);
}

/** A new temporary password, shown once; the old one stops working and the account's sessions end. */
export function resetStaffPassword(id: string): Promise<ApiResponse<Answer<Schemas['TemporaryPassword']>>> {
  return request('POST', `/api/admin/personal/${encodeURIComponent(id)}/restablecer-password`);
}

export type ProjectionStatus = Schemas['ProjectionStatus'];

export type RebuildStatus = Schemas['RebuildStatus'];

/** An event a projector could not apply: recorded, skipped, and listed until a rebuild applies it. */
export type SkippedEvent = Schemas['SkippedEvent'];

export type ProjectionsResponse = Answer<Schemas['ProjectionsAnswer']>;

export function fetchProjections(): Promise<ApiResponse<ProjectionsResponse>> {
  return request('GET', '/api/admin/proyecciones');
}

/** 202 and the rebuild's first status; 409 while another rebuild runs. */
export function startRebuild(name: string): Promise<ApiResponse<Answer<Schemas['RebuildStarted']>>> {
  return request('POST', `/api/admin/proyecciones/${encodeURIComponent(name)}/reconstruir`);
}

export function fetchRebuild(): Promise<ApiResponse<Answer<Schemas['RebuildProgress']>>> {
  return request('GET', '/api/admin/reconstruccion');
}

export interface EventFilter {
  /** A stream id; ending in `*`, a prefix (`move-*`). */
  flujo?: string;
  tipo?: string;
  actor?: string;
  rol?: string;
  /** ISO instants: recorded at or after / before. */
  desde?: string;
  hasta?: string;
  orden?: 'asc' | 'desc';
  /** The `siguiente` of the previous page. */
  after?: number;
  /** At most 200 (the default is 50). */
  limit?: number;
}

export type LoggedEvent = Schemas['LoggedEvent'];

export type EventPage = Answer<Schemas['EventPage']>;

/** The query string of a filter: empty values are left out. */
export function eventQuery(filter: EventFilter): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filter)) {
    if (value !== undefined && value !== null && String(value).trim() !== '') params.set(key, String(value).trim());
  }
  const query = params.toString();
  return query === '' ? '' : `?${query}`;
}

export function fetchEvents(filter: EventFilter): Promise<ApiResponse<EventPage>> {
  return request('GET', `/api/admin/eventos${eventQuery(filter)}`);
}

export interface DebugStatus extends Answer<object> {
  generado_en: string;
  base_de_datos: {
    ok: boolean;
    error: string | null;
    latencia_ms: number;
    version: string | null;
    nombre: string | null;
    tamano_bytes: number | null;
    conexiones: { abiertas: number; libres: number; maximo: number };
  };
  /** An object with `error` when the status could not be read. */
  proyecciones: ProjectionStatus[] | { error: string };
  registro: { cabeza: number | null; proyectado_hasta: number };
  feed_en_directo: { conexiones: number; enviado_hasta: number; retrasos: number };
  correo:
    | { modo: 'smtp' | 'bandeja_local'; pendientes: number; con_error: number; mas_antiguo: string | null }
    | { error: string };
  versiones: { aplicacion: string; commit: string | null; rust: string | null; postgres: string | null };
  proceso: { iniciado_en: string; segundos_en_marcha: number; pid: number };
}

export function fetchDebugStatus(): Promise<ApiResponse<DebugStatus>> {
  return request('GET', '/api/debug/estado');
}

// --- Card payments (issue 8) ---------------------------------------------------------------

export type AuthPayResponse = Answer<Schemas['PaymentAccess']>;

/** POST /api/auth-pay (§7): the client's name and the move's payment key open a payment session. */
export function authPay(name: string, password: string): Promise<ApiResponse<AuthPayResponse>> {
  return request('POST', '/api/auth-pay', { name, password });
}

export type PaymentKind = 'anticipo' | 'pendiente';
/** Nothing paid, part paid, all paid (the labels: PAYMENT_STATUS_LABELS in options). */
export type PaymentStatus = Schemas['PaymentStatus'];

export type PaymentRecord = Schemas['ClientPayment'];

export type PaymentSession = Schemas['PaymentDetails'];

export type PaymentSessionResponse = Answer<Schemas['PaymentSummary']>;

/** GET /api/pagos/{id}: the move and what can be paid now; 404 when the session is unknown or expired. */
export function fetchPaymentSession(id: string): Promise<ApiResponse<PaymentSessionResponse>> {
  return request('GET', `/api/pagos/${encodeURIComponent(id)}`);
}

export interface CardPaymentRequest {
  tipo: PaymentKind;
  titular: string;
  numero: string;
  caducidad: string;
  cvc: string;
}

export interface CardPaymentResponse {
  success: boolean;
  resultado?: 'autorizado' | 'denegado';
  importe?: number;
  marca?: string;
  ultimos4?: string;
  referencia?: string;
  motivo?: string;
  error?: string;
  field?: string;
}

/** POST /api/pagos/{id}/tarjeta (test gateway): 200 authorised, 402 refused, 400 with `field`. */
export function payByCard(id: string, card: CardPaymentRequest): Promise<ApiResponse<CardPaymentResponse>> {
  return request('POST', `/api/pagos/${encodeURIComponent(id)}/tarjeta`, card);
}

export type RedsysFormResponse = Answer<Schemas['RedsysForm']>;

/** POST /api/pagos/{id}/redsys: the signed form to post to the bank's payment page. */
export function redsysForm(id: string, tipo: PaymentKind): Promise<ApiResponse<RedsysFormResponse>> {
  return request('POST', `/api/pagos/${encodeURIComponent(id)}/redsys`, { tipo });
}

/** POST /api/mudanza/{id}/reembolso (managers): all (no amount) or part of a payment back. */
export function refundPayment(
  moveId: number,
  paymentId: string,
  importe: number | null,
  motivo: string,
): Promise<ApiResponse<{ success: boolean; error?: string; field?: string }>> {
  return request('POST', `/api/mudanza/${moveId}/reembolso`, { paymentId, importe, motivo });
}

/** POST /api/mudanza/{id}/clave-pago (managers): a new payment key; the old one stops working. */
export function newPaymentKey(
  moveId: number,
): Promise<ApiResponse<{ success: boolean; clave_pago?: string; error?: string }>> {
  return request('POST', `/api/mudanza/${moveId}/clave-pago`);
}
