// The one place that talks to the server. Paths are relative so the same build works behind the
// Vite dev proxy and when the Rust server serves web/dist itself; the session lives in an HttpOnly
// cookie, hence `credentials: 'include'` on every call.

import type { components, paths } from './api-schema';

/** The server's own description of what it sends (generated: `npm run api:types`). */
type Schemas = components['schemas'];

/** A success answer as the server describes it, read together with a rejection (`success: false`
 * and the server's Spanish `error`, with the form `field` it is about when there is one). */
type Answer<T> = T extends readonly unknown[] ? T | Rejection : Partial<Omit<T, 'success'>> & Rejection;

/** The rejection half of every answer (the generated ErrorBody says `field` may be null; we read it absent). */
type Rejection = { success: boolean; error?: string; field?: string };

/** One object type with every field of any member of the union `U`, each optional, with the
 * values any member gives it: a success read together with the rejections of its own. */
type Merged<U> = {
  [K in U extends unknown ? keyof U : never]?: U extends unknown ? (K extends keyof U ? U[K] : never) : never;
};

/** The answer of a success `S` and the rejections `F` an operation describes with a body of
 * their own (the 402 of a refused card, the `intentos_restantes` of a wrong code). */
type Answered<S, F> = [F] extends [never] ? Answer<S> : Merged<WithoutSuccess<S> | WithoutSuccess<F>> & Rejection;

type WithoutSuccess<U> = U extends unknown ? Omit<U, 'success'> : never;

export type Role = Schemas['Role'];

/** Ours: the roles a staff member can pick on the staff login page (§4: manager → empresario, worker → empleado). */
export type StaffLoginRole = 'empresario' | 'empleado';

export type User = Schemas['User'];

export type Worker = Schemas['Worker'];

export type AuthStatusResponse = Schemas['AuthStatus'];

export type LoginRequest = RequestBody<'post', '/api/login'>;

export type LoginResponse = Answer<Schemas['LoggedIn']>;

export type WorkerLoginRequest = RequestBody<'post', '/api/worker/login'>;

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

// Our own thin wrapper over the generated `paths` instead of the openapi-fetch package: that one
// calls fetch with a Request object, whose relative URL cannot be built outside a browser, and
// every test mocks fetch as `(path: string, init)`.

type Method = 'get' | 'put' | 'post' | 'delete';

/** The paths the server's document gives a handler for `method`. */
type PathWith<M extends Method> = { [P in keyof paths]: paths[P][M] extends object ? P : never }[keyof paths];

type Operation<P extends keyof paths, M extends Method> = NonNullable<paths[P][M]>;

type PathParams<O> = O extends { parameters: { path?: infer V } } ? NonNullable<V> : never;
type QueryParams<O> = O extends { parameters: { query?: infer V } } ? NonNullable<V> : never;
type JsonBody<O> = O extends { requestBody: { content: { 'application/json': infer B } } } ? B : never;
type FormBody<O> = O extends { requestBody: { content: { 'multipart/form-data': infer B } } } ? B : never;
type Success<O> = O extends { responses: infer R }
  ? {
      [C in keyof R & (200 | 201 | 202)]: R[C] extends { content: { 'application/json': infer A } } ? A : never;
    }[keyof R & (200 | 201 | 202)]
  : never;

/** The bodies of the rejections an operation describes under a status of its own (the rest are
 * the common rejection, `Rejection`). */
type Refusals<O> = O extends { responses: infer R }
  ? {
      [C in Exclude<keyof R & number, 200 | 201 | 202>]: R[C] extends { content: { 'application/json': infer A } }
        ? A
        : never;
    }[Exclude<keyof R & number, 200 | 201 | 202>]
  : never;

/** What `method path` sends as its JSON body, and what it answers: its success read with its rejections. */
export type RequestBody<M extends Method, P extends PathWith<M>> = JsonBody<Operation<P, M>>;
export type Reply<M extends Method, P extends PathWith<M>> = Answered<
  Success<Operation<P, M>>,
  Refusals<Operation<P, M>>
>;
export type RequestQuery<M extends Method, P extends PathWith<M>> = QueryParams<Operation<P, M>>;

type Options<O> = ([PathParams<O>] extends [never] ? { path?: never } : { path: PathParams<O> }) &
  ([QueryParams<O>] extends [never] ? { query?: never } : { query?: QueryParams<O> }) &
  ([JsonBody<O>] extends [never] ? { body?: never } : { body: JsonBody<O> }) & { headers?: RequestHeaders };

/** Headers a call adds to its own (the crew's queue: `Idempotency-Key`, `Occurred-At`). */
export type RequestHeaders = Record<string, string>;

/** The options argument may be left out when nothing in it is required. */
type OptionsArg<O> = object extends Options<O> ? [options?: Options<O>] : [options: Options<O>];

/** `call('post', '/api/mudanza/{id}/clave-pago', { path: { id } })`: method and path as the document names them. */
export function call<M extends Method, P extends PathWith<M>>(
  method: M,
  path: P,
  ...[options]: OptionsArg<Operation<P, M>>
): Promise<ApiResponse<Reply<M, P>>> {
  const {
    path: params,
    query,
    body,
    headers: extra,
  } = (options ?? {}) as { path?: object; query?: object; body?: unknown; headers?: RequestHeaders };
  const headers: Record<string, string> = { ...extra, Accept: 'application/json' };
  const init: RequestInit = { method: method.toUpperCase(), headers };
  if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  return send(url(path, params, query), init);
}

type FormValue = string | number | boolean | Blob | null | undefined;

/** A multipart/form-data POST (file uploads): the form's fields as the path's document names them. */
function upload<P extends PathWith<'post'>>(
  path: P,
  fields: { [K in keyof FormBody<Operation<P, 'post'>>]: FormValue },
  headers: RequestHeaders = {},
): Promise<ApiResponse<Reply<'post', P>>> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields as Record<string, FormValue>)) {
    if (value instanceof Blob) form.append(name, value);
    else if (value !== undefined && value !== null) form.append(name, String(value));
  }
  // No Content-Type: the browser writes it, with the boundary that separates the parts.
  return send(path, { method: 'POST', headers: { ...headers, Accept: 'application/json' }, body: form });
}

/** The path with its `{name}` parameters filled in, and the query's given values after it. */
function url(path: string, params: object = {}, query: object = {}): string {
  const filled = path.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(String((params as Record<string, unknown>)[name])),
  );
  return filled + queryString(query);
}

function queryString(query: object): string {
  const pairs = Object.entries(query)
    .filter(([, value]) => value !== undefined && value !== null)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`);
  return pairs.length === 0 ? '' : `?${pairs.join('&')}`;
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
  const response = await call('get', '/api/auth-status');
  if (!response.ok || typeof response.body?.authenticated !== 'boolean') {
    throw new Error(`auth-status respondió ${response.status}`);
  }
  const { authenticated, user } = response.body;
  return { authenticated, user };
}

export function login(credentials: LoginRequest): Promise<ApiResponse<LoginResponse>> {
  return call('post', '/api/login', { body: credentials });
}

export function workerLogin(credentials: WorkerLoginRequest): Promise<ApiResponse<WorkerLoginResponse>> {
  return call('post', '/api/worker/login', { body: credentials });
}

export async function logout(): Promise<void> {
  await call('post', '/api/logout');
}

// Moves, staff view (§3 'Move, staff view'; the server's projections/src/moves.rs StaffMove).

/** The staff wire values of §4; shown as Pendiente, Confirmada, En Progreso, Completada, Cancelada. */
export type MoveStatus = Schemas['MoveStatus'];

export type Urgency = Schemas['Urgency'];

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
  const response = await call('get', '/api/todas-las-mudanzas', {
    query: includePrice ? { include_price: 'true' } : {},
  });
  if (!response.ok || !Array.isArray(response.body)) {
    throw new Error(`todas-las-mudanzas respondió ${response.status}`);
  }
  return response.body;
}

// The staff lists as windows (GET /api/mudanzas, every staff role): filtered, searched and sorted
// on the server, one page at a time, with the counts per status for the filter buttons.

export type WindowOrder = 'fecha' | '-fecha' | 'numero' | '-numero';

/** The counts per status of a window's scope (every move, or one worker's). */
export type WindowCounts = Schemas['StatusCounts'];

/** The document types every parameter as text; these are the values the page sends. */
export interface WindowQuery {
  estado?: MoveStatus;
  desde?: string;
  hasta?: string;
  trabajador?: string;
  urgencia?: Urgency;
  estado_pago?: PaymentStatus;
  q?: string;
  vista?: 'proximas' | 'todas';
  orden?: WindowOrder;
  limite?: number;
  cursor?: string;
  include_price?: 'true';
}

export type MoveWindowResponse = Reply<'get', '/api/mudanzas'>;

/** One page of a window; a refusal (a bad parameter) carries the server's Spanish message. */
export function fetchMoveWindow(query: WindowQuery): Promise<ApiResponse<MoveWindowResponse>> {
  // The parameters in one fixed order, so the same window is always the same URL.
  const ordered: RequestQuery<'get', '/api/mudanzas'> = {
    estado: query.estado,
    desde: query.desde,
    hasta: query.hasta,
    trabajador: query.trabajador,
    urgencia: query.urgencia,
    estado_pago: query.estado_pago,
    q: query.q,
    vista: query.vista,
    orden: query.orden,
    limite: query.limite === undefined ? undefined : String(query.limite),
    cursor: query.cursor,
    include_price: query.include_price,
  };
  return call('get', '/api/mudanzas', { query: ordered });
}

// The crew's changes take the queue's headers (issue 21): `Idempotency-Key`, so a retry is
// answered with the first attempt's result, and `Occurred-At`, the device's time of the change.

export function updateMoveStatus(
  id: number,
  estado: MoveStatus,
  headers?: RequestHeaders,
): Promise<ApiResponse<StatusUpdateResponse>> {
  return call('put', '/api/actualizar-estado-mudanza', {
    body: { mudanza_id: id, nuevo_estado: estado },
    headers,
  });
}

/** A milestone of the crew's day (en_camino, llegada_origen, carga_terminada, llegada_destino). */
export type Milestone = Schemas['Milestone'];

/** POST /api/mudanza/{id}/hito: the assigned worker (or a manager) records the crew's milestone. */
export function recordMilestone(
  id: number,
  hito: Milestone,
  headers?: RequestHeaders,
): Promise<ApiResponse<StatusUpdateResponse>> {
  return call('post', '/api/mudanza/{id}/hito', { path: { id }, body: { hito }, headers });
}

/** The waybill object a photo documents, at a stage: both or neither (issue 21). */
export interface PhotoObjectTag {
  objetoId: string;
  etapa: WaybillStage;
}

export function uploadPhoto(
  id: number,
  file: File,
  descripcion = '',
  headers?: RequestHeaders,
  objeto?: PhotoObjectTag,
): Promise<ApiResponse<PhotoUploadResponse>> {
  return upload(
    '/api/subir-foto',
    {
      foto: file,
      mudanza_id: id,
      descripcion: descripcion.trim() !== '' ? descripcion.trim() : undefined,
      objeto_id: objeto?.objetoId,
      etapa: objeto?.etapa,
    },
    headers,
  );
}

// The waybill on the crew's phone (issue 21): the client's and the worker's signatures at pickup
// and delivery, and the condition of each object. Keyed and timed like the changes above, as the
// crew's queue sends them.

/** The two moments the crew and the client go through the waybill: pickup and delivery. */
export type WaybillStage = Schemas['WaybillStage'];

export type WaybillSigner = Schemas['Signer'];

export type ObjectCondition = Schemas['ObjectCondition'];

export type WaybillSignature = Schemas['StaffSignature'];

export type ConditionEntry = Schemas['ConditionEntry'];

/** A condition as the waybill document lists it, with the photos of that object at that stage. */
export type WaybillConditionEntry = Schemas['ObjectConditionEntry'];

export type SignatureRequest = RequestBody<'post', '/api/mudanza/{id}/firma'>;

export type ConditionRequest = RequestBody<'post', '/api/mudanza/{id}/estado-objeto'>;

/** POST /api/mudanza/{id}/firma: a signature over the content whose hash it carries (409 once it changed). */
export function signWaybill(
  id: number,
  body: SignatureRequest,
  headers?: RequestHeaders,
): Promise<ApiResponse<StatusUpdateResponse>> {
  return call('post', '/api/mudanza/{id}/firma', { path: { id }, body, headers });
}

/** POST /api/mudanza/{id}/estado-objeto: an object's condition at a stage (a note is required for damage). */
export function noteObjectCondition(
  id: number,
  body: ConditionRequest,
  headers?: RequestHeaders,
): Promise<ApiResponse<StatusUpdateResponse>> {
  return call('post', '/api/mudanza/{id}/estado-objeto', { path: { id }, body, headers });
}

// Manager dashboard (§2 'Manager dashboard', §7): company data, analytics, workers, and the
// create and edit commands. Amounts on the wire are euros unless a name ends in _cents.

/** §3 'Company data'. */
export type CompanyData = Omit<Schemas['CompanyData'], 'success'>;

export async function fetchCompanyData(): Promise<CompanyData> {
  const response = await call('get', '/api/datos-de-empresa');
  const body = response.body;
  if (!response.ok || !body?.success) throw new Error(`datos-de-empresa respondió ${response.status}`);
  return {
    mudanzas_totales: body.mudanzas_totales ?? 0,
    ganancias_totales: body.ganancias_totales ?? 0,
    trabajadores_activos: body.trabajadores_activos ?? 0,
    nivel_de_satisfaccion: body.nivel_de_satisfaccion ?? null,
  };
}

export type AnalyticsPeriod = Schemas['Analytics']['periodo'];

/** One period of the analytics series. */
export type AnalyticsPoint = Schemas['PeriodFigures'];

/** The analytics series of a period kind, oldest first. */
export async function fetchAnalytics(periodo: AnalyticsPeriod): Promise<AnalyticsPoint[]> {
  const response = await call('get', '/api/analiticas', { query: { periodo } });
  if (!response.ok || !response.body?.success || !Array.isArray(response.body.series)) {
    throw new Error(`analiticas respondió ${response.status}`);
  }
  return response.body.series;
}

/** A worker as the manager's assign selector lists them. */
export type StaffWorker = Schemas['WorkerOnDay'];

/** Active workers; with a date (YYYY-MM-DD), whether each is busy that day. */
export async function fetchWorkers(fecha?: string): Promise<StaffWorker[]> {
  const response = await call('get', '/api/trabajadores', { query: { fecha: fecha || undefined } });
  if (!response.ok || !response.body?.success || !Array.isArray(response.body.trabajadores)) {
    throw new Error(`trabajadores respondió ${response.status}`);
  }
  return response.body.trabajadores;
}

export type MoveResponse = Answer<Schemas['OneMove']>;

/** One move, fresh from the server (staff; managers get its prices). */
export function fetchMove(id: number): Promise<ApiResponse<MoveResponse>> {
  return call('get', '/api/mudanza/{id}', { path: { id } });
}

/** 409 with the server's message when the worker already has another move that day. */
export function assignWorker(mudanzaId: number, workerId: string): Promise<ApiResponse<MoveResponse>> {
  return call('post', '/api/asignar-trabajador', { body: { mudanza_id: mudanzaId, worker_id: workerId } });
}

/** Morning 8-12, afternoon 12-17, evening 17-20, flexible (their labels are in lib/options). */
export type TimeSlot = Schemas['ClientBooking']['hora_preferida'];
export type ContactPreference = Schemas['BookingDetails']['contacto_preferencia'];

/** One side of the move as the wizard sends it: `elevator` as 1/0 (the server takes true/false too). */
export type PropertyDetailsRequest = Required<Schemas['PropertyBody']>;

type CreateBody = Required<RequestBody<'post', '/api/crear-mudanza'>>;

/** POST /api/crear-mudanza. Amounts in euros; precio_total must equal the total of `precio` (§9).
 * Ours: the wizard sends every field, both sides in full, and leaves out the two below when unused. */
export type CreateMoveRequest = Omit<CreateBody, 'property_details' | 'clave_idempotencia' | 'presupuesto_id'> & {
  property_details: { origin: PropertyDetailsRequest; destination: PropertyDetailsRequest };
  /**
   * One per move the wizard means to create, the same on every retry: when an earlier attempt
   * did create the move (its answer lost), the server answers with that move instead of a second.
   */
  clave_idempotencia?: string;
  /** Only when the move is made from a quote (createMoveFromQuote). */
  presupuesto_id?: string;
};

export type CreateMoveResponse = Answer<Schemas['Created']>;

export function createMove(body: CreateMoveRequest): Promise<ApiResponse<CreateMoveResponse>> {
  return call('post', '/api/crear-mudanza', { body });
}

/** A price's lines before VAT, in euros, and whether 21 % VAT is added. */
export type PriceLines = Schemas['PriceBody'];

/**
 * POST /api/actualizar-mudanza. `version` is the move's version the form was filled from: the
 * server answers 409 when someone changed the move since, instead of overwriting their change.
 */
// Ours: the edit form holds every field (the document's EditBody leaves each out or null).
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
  precio: Required<PriceLines>;
  /** The deposit asked for, in euros. */
  pago_adelantado: number;
  /** Euros: what the lines make, checked by the server. */
  precio_total: number;
}

export function updateMove(body: UpdateMoveRequest): Promise<ApiResponse<MoveResponse>> {
  return call('post', '/api/actualizar-mudanza', { body });
}

// Printable documents (§2 'Invoice page', 'Delivery note / waybill'; §3 'Waybill', 'Invoice data').
// Both are issued by the server on the first request and never change afterwards.

/** The company's legal data printed on every document. */
export type CompanyLegalData = Schemas['Company'];

export type InvoicePropertyDetails = Schemas['PropertyDetails'];

/** Euros. */
export type InvoiceAmounts = Schemas['Amounts'];

export type Invoice = Schemas['Invoice'];

export type InvoiceResponse = Answer<Schemas['InvoiceAnswer']>;

/** GET /api/factura/{id} (managers, admin, auditor): the invoice as issued; 404 until it is. */
export function fetchInvoice(id: number): Promise<ApiResponse<InvoiceResponse>> {
  return call('get', '/api/factura/{id}', { path: { id } });
}

/** POST /api/factura/{id}/emitir (managers, admin): issues the invoice, or answers the one issued. */
export function issueInvoice(id: number): Promise<ApiResponse<InvoiceResponse>> {
  return call('post', '/api/factura/{id}/emitir', { path: { id } });
}

export type Waybill = Schemas['Waybill'];

export type WaybillResponse = Answer<Schemas['WaybillAnswer']>;

/** GET /api/albaran/{id} (staff, and the client who owns the move): the waybill as issued; 404 until it is. */
export function fetchWaybill(id: number): Promise<ApiResponse<WaybillResponse>> {
  return call('get', '/api/albaran/{id}', { path: { id } });
}

/**
 * POST /api/albaran/{id}/emitir (staff but the auditor, and the client who owns the move): issues
 * the waybill, or answers the one issued.
 */
export function issueWaybill(id: number): Promise<ApiResponse<WaybillResponse>> {
  return call('post', '/api/albaran/{id}/emitir', { path: { id } });
}

// Customer accounts (§3 'Registration', 'Confirmation', 'Profile', 'Password change'; §7; §8).
// Every answer is `{ success, error? }` plus what each call names; `error` is the server's Spanish
// message, shown as it is.

/** The form sends every field (the server answers a missing one with its §5 message). */
export type RegisterRequest = Required<RequestBody<'post', '/api/register'>>;

/** Seconds until the current code expires (300 for a fresh one) and until another may be requested (60). */
export type CodeTimers = Pick<Schemas['CodeSent'], 'expira_en' | 'reenviar_en'>;

export type RegisterResponse = Answer<Schemas['Registered']>;

/** 201 and a session; 409 taken email; 400 the first rule of §5 that fails; 429 too many. */
export function register(body: RegisterRequest): Promise<ApiResponse<RegisterResponse>> {
  return call('post', '/api/register', { body });
}

/** After a wrong code the 400 also carries how many tries this code has left (5 in all). */
export type ConfirmEmailResponse = Reply<'post', '/api/confirm-email'>;

/**
 * 200 `confirmed: true`; 400 wrong code ('Código inválido...') or expired ('El código ha
 * expirado...'); 429 after 5 wrong codes ('Demasiados intentos...') until a new code is sent.
 */
export function confirmEmail(email: string, code: string): Promise<ApiResponse<ConfirmEmailResponse>> {
  return call('post', '/api/confirm-email', { body: { email, code } });
}

export type ResendCodeResponse = Answer<Schemas['CodeSent']>;

/** 200 with fresh timers; 429 during the 60 s cooldown (with `reenviar_en`); 404 unknown; 409 already confirmed. */
export function resendCode(email: string): Promise<ApiResponse<ResendCodeResponse>> {
  return call('post', '/api/resend-code', { body: { email } });
}

export type SuccessResponse = Answer<Schemas['Done']>;

/** 200 email sent; 400 invalid email; 404 'No encontramos una cuenta con ese email.'; 429 too many. */
export function forgotPassword(email: string): Promise<ApiResponse<SuccessResponse>> {
  return call('post', '/api/forgot-password', { body: { email } });
}

export type ResetTokenResponse = Answer<Schemas['ResetLink']>;

/** Whether a reset link (the `token` of /recuperar?token=) is still usable: 200, or 400 with the reason. */
export function checkResetToken(token: string): Promise<ApiResponse<ResetTokenResponse>> {
  return call('get', '/api/restablecer-password', { query: { token } });
}

/** Sets a new password (registration rules of §5) with a reset link's token; ends every session. */
export function resetPassword(token: string, password: string): Promise<ApiResponse<SuccessResponse>> {
  return call('post', '/api/restablecer-password', { body: { token, password } });
}

/** §3 'Move, customer view'. `status` is the customer value of §4. */
export type ClientMoveStatus = Schemas['ClientMove']['status'];

export type ClientMoveImage = Schemas['ClientImage'];

export type ClientMove = Schemas['ClientMove'];

export type MyMovesResponse = Answer<Schemas['MyMoves']>;

/** The caller's own moves (clients only: 401 anonymous, 403 staff). */
export function fetchMyMoves(): Promise<ApiResponse<MyMovesResponse>> {
  return call('get', '/api/mis-mudanzas');
}

export type CustomerStats = Schemas['CustomerStats'];

/** The client's own figures (moves made, paid, rating given, savings); money in cents. */
export function fetchCustomerStats(): Promise<ApiResponse<Reply<'get', '/api/mis-estadisticas'>>> {
  return call('get', '/api/mis-estadisticas');
}

export type OwnDocument = Schemas['OwnDocument'];

/** The invoices and waybills issued for the client's moves, each with its PDF's address. */
export function fetchMyDocuments(): Promise<ApiResponse<Reply<'get', '/api/mis-documentos'>>> {
  return call('get', '/api/mis-documentos');
}

export type MyReferral = Schemas['MyReferral'];

/** The client's referral link ('Recomendar a un amigo') and how many friends came through it. */
export function fetchMyReferral(): Promise<ApiResponse<Reply<'get', '/api/mi-recomendacion'>>> {
  return call('get', '/api/mi-recomendacion');
}

/** PUT /api/mi-perfil (§7); the email is read-only and not sent. */
export type ProfileRequest = Required<RequestBody<'put', '/api/mi-perfil'>>;

export type ProfileResponse = Answer<Schemas['ProfileSaved']>;

export function updateProfile(body: ProfileRequest): Promise<ApiResponse<ProfileResponse>> {
  return call('put', '/api/mi-perfil', { body });
}

export type PasswordChangeRequest = Required<RequestBody<'put', '/api/cambiar-password'>>;

/** 200; 400 with the §5 message or 'La contraseña actual no es correcta'. Other sessions end. */
export function changePassword(body: PasswordChangeRequest): Promise<ApiResponse<SuccessResponse>> {
  return call('put', '/api/cambiar-password', { body });
}

/** 200 and the session ends; 400 'Debes ingresar tu contraseña para confirmar' or a wrong password. */
export function deleteAccount(password: string, email: string): Promise<ApiResponse<SuccessResponse>> {
  return call('delete', '/api/eliminar-cuenta', { body: { password, email } });
}

/** An email as the local-development outbox keeps it (only when no SMTP server is configured). */
export type OutboxMessage = Schemas['OutboxMessage'];

export type OutboxResponse = Answer<Schemas['Outbox']>;

/** GET /api/dev/outbox, newest first; 404 when the site sends real email (or runs in production). */
export function fetchOutbox(para?: string): Promise<ApiResponse<OutboxResponse>> {
  return call('get', '/api/dev/outbox', { query: { para: para || undefined } });
}

// Price finder, catalogue, routes and quotes (§3 'Object catalogue item', 'Price request',
// 'Quote request'; §7 autocomplete … submit-quote-request; §9).

/** §3 categories as the server names them; 'camas_y_colchones' goes on the query as 'camas y colchones'. */
export type ObjectCategory = Schemas['CatalogueObject']['categoria'];

export type CatalogueObject = Schemas['CatalogueObject'];

function categoryOnTheWire(categoria: ObjectCategory): string {
  return categoria === 'camas_y_colchones' ? 'camas y colchones' : categoria;
}

/** GET /api/objetos?categoria=: one category's objects. Throws when the list cannot be read. */
export async function fetchObjectsByCategory(categoria: ObjectCategory): Promise<CatalogueObject[]> {
  const response = await call('get', '/api/objetos', { query: { categoria: categoryOnTheWire(categoria) } });
  if (!response.ok || !Array.isArray(response.body?.objetos)) {
    throw new Error(`objetos respondió ${response.status}`);
  }
  return response.body.objetos;
}

/** GET /api/objetos-catalogo[?search=]: the whole catalogue, or the objects matching (case and accents ignored). */
export async function fetchCatalogue(search?: string): Promise<CatalogueObject[]> {
  const query = search && search.trim() !== '' ? { search: search.trim() } : {};
  const response = await call('get', '/api/objetos-catalogo', { query });
  if (!response.ok || !Array.isArray(response.body?.objetos)) {
    throw new Error(`objetos-catalogo respondió ${response.status}`);
  }
  return response.body.objetos;
}

/** GET /api/autocomplete?input=: suggestions for what the user typed; [] when there are none. */
export async function fetchAutocomplete(input: string): Promise<string[]> {
  const response = await call('get', '/api/autocomplete', { query: { input } });
  if (!response.ok || !Array.isArray(response.body?.data)) return [];
  return response.body.data;
}

/** GET /api/get-calculated-stats: the route between two addresses; a 422 when an address cannot be
 * located. */
export type RouteStats = Answer<Schemas['RouteStats']>;

export function fetchRouteStats(origin: string, destination: string): Promise<ApiResponse<RouteStats>> {
  return call('get', '/api/get-calculated-stats', { query: { origin, destination } });
}

/** The offer packs the server prices. */
export type OfferPack = NonNullable<Schemas['PriceRequest']['offerPack']>;

/** One side of the move, as the calculator holds it (§3 'Price request'); `elevator` goes as 1/0. */
export type PriceAddress = Required<Schemas['PriceAddress']>;

/** The calculator holds every service (the server defaults the ones left out). */
export type PriceServices = Required<Schemas['PriceServices']>;

/** Ours: the calculator holds a date (empty while not chosen) and a time slot, never null. */
export type PriceSchedule = Omit<Required<Schemas['PriceSchedule']>, 'preferredDate' | 'timePreference'> & {
  preferredDate: string;
  timePreference: TimeSlot;
};

type PriceBody = Required<RequestBody<'post', '/api/calculate-price'>>;

/** POST /api/calculate-price. The server locates both addresses and computes the route itself.
 * Ours: the calculator sends every field, each side and service in full. */
export type PriceRequest = Omit<
  PriceBody,
  'origin' | 'destination' | 'services' | 'schedule' | 'distance' | 'duration' | 'instructions'
> & {
  origin: PriceAddress;
  destination: PriceAddress;
  services: PriceServices;
  schedule: PriceSchedule;
  /** As get-calculated-stats gave them; the server recomputes and uses its own. */
  distance: number;
  duration: number;
  instructions: string;
};

/** One line of the itemised price, before VAT. */
export type PriceLine = Schemas['PriceLine'];

export type PriceResponse = Answer<Schemas['PriceAnswer']>;

export function calculatePrice(body: PriceRequest): Promise<ApiResponse<PriceResponse>> {
  return call('post', '/api/calculate-price', { body });
}

/**
 * POST /api/submit-quote-request (§3 'Quote request'); elevator is a boolean here. Ours: the price
 * finder's whole quote, with the estimatedPrice it showed, which the server does not read (its
 * document's QuoteRequest leaves it out and every field optional).
 */
export interface QuoteRequest {
  contact: { name: string; email: string; phone: string; preferredContact: ContactPreference };
  moveDetails: Omit<Required<Schemas['QuoteDetails']>, 'origin' | 'destination' | 'schedule' | 'services'> & {
    origin: Omit<PriceAddress, 'elevator'> & { elevator: boolean };
    destination: Omit<PriceAddress, 'elevator'> & { elevator: boolean };
    schedule: PriceSchedule;
    services: PriceServices;
    /** Euros, as shown; the server records its own 95 % figure. Left out when no price could be
     * calculated: the request is then one for a personalised quote. */
    estimatedPrice?: number;
  };
  /** Each consent on its own (never pre-ticked); the server records them with the request's time. */
  consent: { contact: boolean; marketing: boolean };
  /** The code of the friend's link the visitor came through (lib/referral.ts); left out without one. */
  referralCode?: string;
}

export type QuoteResponse = Answer<Schemas['Submitted']>;

/** 200 and an email to the requester; 400 with the §5 message of the first field that fails. */
export function submitQuoteRequest(body: QuoteRequest): Promise<ApiResponse<QuoteResponse>> {
  return call('post', '/api/submit-quote-request', { body });
}

// Booking screens (§2 moving_details /detalles-mudanza, moving_form /formulario-mudanza,
// confirm_moving /confirmar-mudanza; §9 booking conditions). Clients only, their own moves:
// 401 anonymous, 403 staff, 404 another client's move (as if it did not exist).

/** The move's price as its invoice prints it (euros). */
export type BookingPrice = InvoiceAmounts;

/** One status the move reached, from the event log; `anterior` is null for the first (the move
 * was created pending), `por` who changed it: the client themselves or the company. */
export type BookingHistoryEntry = Schemas['StatusStep'];

/** The client's booking, once they accepted the price and the conditions. */
export type BookingAcceptance = Schemas['Booked'];

/** A move in full, as its client sees it (GET /api/mi-mudanza/{id}). */
export type BookingMove = Schemas['ClientBooking'];

/** §9 booking conditions, worded and versioned by the server. */
export type BookingConditions = Schemas['Conditions'];

export type BookingResponse = Reply<'get', '/api/mi-mudanza/{id}'>;

export function fetchBookingMove(id: number): Promise<ApiResponse<BookingResponse>> {
  return call('get', '/api/mi-mudanza/{id}', { path: { id } });
}

/** POST /api/mi-mudanza/{id}/detalles. Every field is required; property types are not the client's to change. */
export type BookingDetailsRequest = RequestBody<'post', '/api/mi-mudanza/{id}/detalles'>;

/** 200 with the updated move; 400 with the rule broken; 409 when the move is no longer pending. */
export function completeBookingDetails(id: number, body: BookingDetailsRequest): Promise<ApiResponse<BookingResponse>> {
  return call('post', '/api/mi-mudanza/{id}/detalles', { path: { id }, body });
}

export type BookingConfirmRequest = RequestBody<'post', '/api/mi-mudanza/{id}/confirmar'>;

/**
 * Books the move (status confirmada). 400 unticked; 409 not pending, or price or conditions
 * changed since the page loaded (reload and show them again).
 */
export function confirmBooking(id: number, body: BookingConfirmRequest): Promise<ApiResponse<BookingResponse>> {
  return call('post', '/api/mi-mudanza/{id}/confirmar', { path: { id }, body });
}

// Quotes inbox (managers; the admin and the auditor read it too): GET /api/presupuestos,
// converting a quote (POST /api/crear-mudanza with presupuesto_id), discarding one. Live changes
// of kind 'quote' carry a QuoteInboxEntry and reach managers, the admin and the auditor only.

/** nueva: waiting for a manager; convertida: a move was made from it; descartada: set aside. */
export type QuoteStatus = Schemas['InboxQuote']['estado'];

export type QuoteInboxEntry = Schemas['InboxQuote'];

/** GET /api/presupuestos: the inbox, newest first. Throws when it cannot be read. */
export async function fetchQuotes(): Promise<QuoteInboxEntry[]> {
  const response = await call('get', '/api/presupuestos');
  if (!response.ok || !Array.isArray(response.body?.presupuestos)) {
    throw new Error(`presupuestos respondió ${response.status}`);
  }
  return response.body.presupuestos;
}

export type QuoteResponseEntry = Reply<'post', '/api/presupuestos/{id}/descartar'>;

/** POST /api/presupuestos/{id}/descartar (managers): 409 when already converted or discarded. */
export function discardQuote(id: string): Promise<ApiResponse<QuoteResponseEntry>> {
  return call('post', '/api/presupuestos/{id}/descartar', { path: { id } });
}

/**
 * POST /api/crear-mudanza for a move made from a quote: the move and the quote's conversion are
 * stored together. 409 'Esta solicitud ya se convirtió en una mudanza.' (or '... está
 * descartada.') when someone dealt with it first; 404 when the quote does not exist.
 */
export function createMoveFromQuote(
  body: CreateMoveRequest & { presupuesto_id: string },
): Promise<ApiResponse<CreateMoveResponse>> {
  return call('post', '/api/crear-mudanza', { body });
}

// ---------------------------------------------------------------------------------------------
// Contact form and job applications (§3 'Contact form', 'Job application'; §7 contact-form;
// issue 6). Both are stored and emailed (to the company and an acknowledgement to the sender);
// managers, the admin and the auditor list them. Consent: each purpose its own checkbox, unticked
// by default; the server stores what was given with the time it was given.

/** §1 contact service types, as wire values. */
export type ContactServiceType = Schemas['ReceivedMessage']['service_type'];

/** The consent a public form collects; `contact` (answering this message) is required. */
export type FormConsent = Schemas['GivenConsent'];

/** POST /api/contact-form: every field bound to the form (the spec's unbound payload is a bug). */
export type ContactFormRequest = Required<RequestBody<'post', '/api/contact-form'>>;

/** 201 `{success: true, id}`; 400 `{success: false, error, field?}` names the first bad field. */
export type FormResponse = Answer<Schemas['Received']>;

export function submitContactForm(body: ContactFormRequest): Promise<ApiResponse<FormResponse>> {
  return call('post', '/api/contact-form', { body });
}

export type JobPosition = Schemas['JobApplication']['position'];
export type JobExperience = Schemas['JobApplication']['experience'];

/** The modal's values: the stored application's fields and the CV file (.pdf, .doc or .docx, at most 5 MB). */
export type JobApplicationRequest = Pick<
  Schemas['JobApplication'],
  'name' | 'email' | 'phone' | 'position' | 'experience' | 'message' | 'consent'
> & { cv: File };

/**
 * POST /api/trabaja-con-nosotros (multipart: name, email, phone, position, experience, message,
 * consent_contact 'true'/'false', consent_marketing 'true'/'false', cv file). 201 `{success, id}`;
 * 400 with `field` for bad input, 413 for a CV over 5 MB, 429 when one address sends too many.
 */
export function submitJobApplication(body: JobApplicationRequest): Promise<ApiResponse<FormResponse>> {
  return upload('/api/trabaja-con-nosotros', {
    name: body.name,
    email: body.email,
    phone: body.phone,
    position: body.position,
    experience: body.experience,
    message: body.message,
    consent_contact: body.consent.contact,
    consent_marketing: body.consent.marketing,
    cv: body.cv,
  });
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
  const response = await call('get', '/api/mensajes-contacto');
  if (!response.ok || !Array.isArray(response.body?.mensajes)) throw new ListError('mensajes-contacto', response);
  return response.body.mensajes;
}

/** GET /api/candidaturas, as above; each CV downloads from its `cv.url` (GET /api/candidaturas/{id}/cv). */
export async function fetchJobApplications(): Promise<JobApplication[]> {
  const response = await call('get', '/api/candidaturas');
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
  return call('get', '/api/verificar-registro');
}

// ---------------------------------------------------------------------------------------------
// Auditing a move (issue 7): auditors and the admin (401 anonymous, 403 other roles) search moves,
// read a move's history replayed from the log, and its state as of any instant. All read-only.

/** A move as the audit search lists it (newest first). */
export type AuditMoveSummary = Schemas['AuditMove'];

export type AuditEvent = Schemas['HistoryEvent'];

export type AuditHistoryResponse = Answer<Schemas['History']>;

/** The move's complete state (the staff view, with prices and the booking) as of an instant. */
export type AuditMoveState = Schemas['StateAsOf']['estado'];

export type AuditStateResponse = Answer<Schemas['StateAsOf']>;

/** GET /api/auditoria/mudanza/{id}/historial: every event, in log order, with what it changed. */
export function fetchMoveHistory(id: number): Promise<ApiResponse<AuditHistoryResponse>> {
  return call('get', '/api/auditoria/mudanza/{id}/historial', { path: { id: String(id) } });
}

/** GET /api/auditoria/mudanza/{id}/estado?en=: the state replayed from what was recorded by `instant` (RFC 3339). */
export function fetchMoveStateAt(id: number, instant: string): Promise<ApiResponse<AuditStateResponse>> {
  return call('get', '/api/auditoria/mudanza/{id}/estado', { path: { id: String(id) }, query: { en: instant } });
}

/** Where the history downloads as a file (Content-Disposition: attachment). */
export function moveHistoryExportUrl(id: number, format: 'json' | 'csv'): string {
  return `/api/auditoria/mudanza/${id}/historial.${format}`;
}

// ---------------------------------------------------------------------------------------------
// Admin panel and /debug (issue 7): only the admin role (401 anonymous, 403 any other role).
// README 'Running the system: /admin and /debug'.

export type StaffRole = Schemas['StaffAccount']['rol'];

export type StaffAccount = Schemas['StaffAccount'];

export type NewStaffRequest = RequestBody<'post', '/api/admin/personal'>;

export type StaffAccountResponse = Answer<Schemas['StaffChanged']>;

export function fetchStaff(): Promise<ApiResponse<Answer<Schemas['StaffList']>>> {
  return call('get', '/api/admin/personal');
}

/** A 400 names the request field it is about in `field` (nombre, email, usuario, password, rol). */
export function createStaff(body: NewStaffRequest): Promise<ApiResponse<StaffAccountResponse>> {
  return call('post', '/api/admin/personal', { body });
}

/** Deactivating ends the account's sessions at once; the admin cannot deactivate themselves (409). */
export function setStaffActive(id: string, active: boolean): Promise<ApiResponse<StaffAccountResponse>> {
  const path = active ? '/api/admin/personal/{id}/reactivar' : '/api/admin/personal/{id}/desactivar';
  return call('post', path, { path: { id } });
}

/** A new temporary password, shown once; the old one stops working and the account's sessions end. */
export function resetStaffPassword(id: string): Promise<ApiResponse<Answer<Schemas['TemporaryPassword']>>> {
  return call('post', '/api/admin/personal/{id}/restablecer-password', { path: { id } });
}

export type ProjectionStatus = Schemas['ProjectionStatus'];

export type RebuildStatus = Schemas['RebuildStatus'];

/** An event a projector could not apply: recorded, skipped, and listed until a rebuild applies it. */
export type SkippedEvent = Schemas['SkippedEvent'];

export type ProjectionsResponse = Answer<Schemas['ProjectionsAnswer']>;

export function fetchProjections(): Promise<ApiResponse<ProjectionsResponse>> {
  return call('get', '/api/admin/proyecciones');
}

/** 202 and the rebuild's first status; 409 while another rebuild runs. */
export function startRebuild(name: string): Promise<ApiResponse<Answer<Schemas['RebuildStarted']>>> {
  return call('post', '/api/admin/proyecciones/{nombre}/reconstruir', { path: { nombre: name } });
}

export function fetchRebuild(): Promise<ApiResponse<Answer<Schemas['RebuildProgress']>>> {
  return call('get', '/api/admin/reconstruccion');
}

export type EventFilter = RequestQuery<'get', '/api/admin/eventos'>;

export type LoggedEvent = Schemas['LoggedEvent'];

export type EventPage = Answer<Schemas['EventPage']>;

/** The filter's given values, trimmed: empty ones are left out. */
function givenFilters(filter: EventFilter): EventFilter {
  const given: Record<string, string> = {};
  for (const [key, value] of Object.entries(filter)) {
    if (value !== undefined && value !== null && String(value).trim() !== '') given[key] = String(value).trim();
  }
  return given;
}

/** The query string of a filter: empty values are left out. */
export function eventQuery(filter: EventFilter): string {
  return queryString(givenFilters(filter));
}

export function fetchEvents(filter: EventFilter): Promise<ApiResponse<EventPage>> {
  return call('get', '/api/admin/eventos', { query: givenFilters(filter) });
}

export type DebugStatus = Schemas['SystemStatus'];

export function fetchDebugStatus(): Promise<ApiResponse<Reply<'get', '/api/debug/estado'>>> {
  return call('get', '/api/debug/estado');
}

// --- Card payments (issue 8) ---------------------------------------------------------------

export type AuthPayResponse = Answer<Schemas['PaymentAccess']>;

/** POST /api/auth-pay (§7): the client's name and the move's payment key open a payment session. */
export function authPay(name: string, password: string): Promise<ApiResponse<AuthPayResponse>> {
  return call('post', '/api/auth-pay', { body: { name, password } });
}

/**
 * POST /api/mi-mudanza/{id}/pago: a signed-in client opens the payment of their own move without
 * its key (404 another's move; 409 no key issued yet).
 */
export function openOwnPayment(id: number): Promise<ApiResponse<AuthPayResponse>> {
  return call('post', '/api/mi-mudanza/{id}/pago', { path: { id } });
}

export type PaymentKind = Schemas['PaymentKind'];
/** Nothing paid, part paid, all paid (the labels: PAYMENT_STATUS_LABELS in options). */
export type PaymentStatus = Schemas['PaymentStatus'];

export type PaymentRecord = Schemas['ClientPayment'];

export type PaymentSession = Schemas['PaymentDetails'];

export type PaymentSessionResponse = Answer<Schemas['PaymentSummary']>;

/** GET /api/pagos/{id}: the move and what can be paid now; 404 when the session is unknown or expired. */
export function fetchPaymentSession(id: string): Promise<ApiResponse<PaymentSessionResponse>> {
  return call('get', '/api/pagos/{id}', { path: { id } });
}

export type CardPaymentRequest = RequestBody<'post', '/api/pagos/{id}/tarjeta'>;

/** 200 `resultado: 'autorizado'`; 402 `resultado: 'denegado'` with the bank's `motivo` and `error`. */
export type CardPaymentResponse = Reply<'post', '/api/pagos/{id}/tarjeta'>;

/** POST /api/pagos/{id}/tarjeta (test gateway): 200 authorised, 402 refused, 400 with `field`. */
export function payByCard(id: string, card: CardPaymentRequest): Promise<ApiResponse<CardPaymentResponse>> {
  return call('post', '/api/pagos/{id}/tarjeta', { path: { id }, body: card });
}

export type RedsysFormResponse = Answer<Schemas['RedsysForm']>;

/** POST /api/pagos/{id}/redsys: the signed form to post to the bank's payment page. */
export function redsysForm(id: string, tipo: PaymentKind): Promise<ApiResponse<RedsysFormResponse>> {
  return call('post', '/api/pagos/{id}/redsys', { path: { id }, body: { tipo } });
}

/** POST /api/mudanza/{id}/reembolso (managers): all (no amount) or part of a payment back. */
export function refundPayment(
  moveId: number,
  paymentId: string,
  importe: number | null,
  motivo: string,
): Promise<ApiResponse<{ success: boolean; error?: string; field?: string }>> {
  return call('post', '/api/mudanza/{id}/reembolso', { path: { id: moveId }, body: { paymentId, importe, motivo } });
}

/** POST /api/mudanza/{id}/clave-pago (managers): a new payment key; the old one stops working. */
export function newPaymentKey(
  moveId: number,
): Promise<ApiResponse<{ success: boolean; clave_pago?: string; error?: string }>> {
  return call('post', '/api/mudanza/{id}/clave-pago', { path: { id: moveId } });
}

/** A published review as /opiniones shows it. */
export type PublishedReview = Schemas['Review'];
export type ReviewFigures = Schemas['ReviewStats'];
export type PublishedReviewsResponse = Reply<'get', '/api/opiniones'>;

/** GET /api/opiniones (anyone): the published reviews, newest first, and their figures. */
export function fetchPublishedReviews(): Promise<ApiResponse<PublishedReviewsResponse>> {
  return call('get', '/api/opiniones');
}

export type OwnReview = Schemas['OwnReview'];
export type ReviewRequest = RequestBody<'post', '/api/mudanza/{id}/opinion'>;
export type OwnReviewsResponse = Reply<'get', '/api/mis-opiniones'>;

/** GET /api/mis-opiniones (clients): their reviews, and the finished moves that await one. */
export function fetchOwnReviews(): Promise<ApiResponse<OwnReviewsResponse>> {
  return call('get', '/api/mis-opiniones');
}

/** POST /api/mudanza/{id}/opinion (the move's client, once it is finished). */
export function submitReview(
  moveId: number,
  review: ReviewRequest,
): Promise<ApiResponse<Reply<'post', '/api/mudanza/{id}/opinion'>>> {
  return call('post', '/api/mudanza/{id}/opinion', { path: { id: moveId }, body: review });
}

export type ModeratedReview = Schemas['ModeratedReview'];
export type ReviewState = ModeratedReview['estado'];
export type ModerationListResponse = Reply<'get', '/api/gestion/opiniones'>;

/** GET /api/gestion/opiniones (managers, admin, auditor): every review, waiting ones first. */
export function fetchReviewsForModeration(estado?: ReviewState): Promise<ApiResponse<ModerationListResponse>> {
  return call('get', '/api/gestion/opiniones', { query: { estado } });
}

/** POST /api/opiniones/{id}/moderar (managers): publish, or hide with a reason. */
export function moderateReview(
  id: string,
  publicar: boolean,
  motivo: string,
): Promise<ApiResponse<Reply<'post', '/api/opiniones/{id}/moderar'>>> {
  return call('post', '/api/opiniones/{id}/moderar', { path: { id }, body: { publicar, motivo } });
}
