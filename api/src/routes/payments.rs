//! Card payments (spec §2 payment pages, §7 `POST /api/auth-pay`): access with the client name
//! and the move's payment key, the payment session, the card form (test gateway) or the redirect
//! to Redsys and its notification, refunds and new keys for the staff.

use axum::body::Bytes;
use axum::extract::State;
use axum::http::StatusCode;
use axum::Json;
use chrono::{Duration, Utc};
use command::moves::MoveState;
use command::payments::{
    amount_for, display_key, name_key, normalise_key, same_name, validate_card, CardInput, Charge,
    PaymentCommand, PaymentDecider,
};
use command::Role;
use events_schema::calendar;
use events_schema::events::{PaymentKind, PaymentRefunded};
use events_schema::{Event, Metadata};
use projections::moves::{StaffMove, STATUS_AUTHORISED, STATUS_FAILED, STATUS_REFUNDED};
use rand::Rng;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use uuid::Uuid;

use projections::ReadModel;

use crate::auth::{CurrentUser, User};
use crate::error::{ApiError, ApiJson, ApiPath, ApiResult};
use crate::limits::{ClientAddress, Limit};
use crate::ownership::client_owner;
use crate::payments::{provider, Checkout, Order, Verdict};
use crate::pipeline::{self, execute, execute_on, execute_with, load, Loaded};
use crate::reply::{Answer, False, True};
use crate::routes::money::euros;
use crate::state::AppState;

pub const FILL_ALL: &str = "Por favor completa todos los campos";
pub const BAD_CREDENTIALS: &str = "Error de autenticación. Verifica tus credenciales.";
pub const SESSION_GONE: &str =
    "El enlace de pago no es válido o ha caducado. Vuelve a acceder con tu clave de pago.";
const CARD_FORM_ONLY: &str = "Este pago se hace en la página segura del banco.";
const REDIRECT_ONLY: &str = "Este pago se hace con el formulario de tarjeta.";
const BAD_NOTIFICATION: &str = "Notificación de pago no válida";
pub const IN_PROGRESS: &str =
    "Ya hay un pago en curso en esta mudanza. Espera unos segundos y vuelve a intentarlo.";
const SESSION_MINUTES: i64 = 30;
/// How long a Redsys order holds its move: as long as the session that asked for it.
const ORDER_MINUTES: i64 = SESSION_MINUTES;

/// Wrong name or key from one address: 10 in 15 minutes.
pub const PAY_PER_ADDRESS: Limit = Limit {
    scope: "pago:direccion",
    max: 10,
    window_secs: 15 * 60,
};
/// Wrong keys for one client name, from anywhere: 5 in 15 minutes.
pub const PAY_PER_NAME: Limit = Limit {
    scope: "pago:nombre",
    max: 5,
    window_secs: 15 * 60,
};

#[derive(Deserialize, schemars::JsonSchema)]
pub struct AuthPayBody {
    /// The client's name, as on the move.
    #[serde(default)]
    name: String,
    /// The move's payment key (`clave_pago`), with or without its dash.
    #[serde(default)]
    password: String,
}

/// Access granted: the payment session's id, for `/api/pagos/{id}`.
#[derive(Serialize, schemars::JsonSchema)]
pub struct PaymentAccess {
    success: True,
    #[serde(rename = "paymentId")]
    payment_id: Uuid,
    message: String,
}

/// A card payment or refunded one, as the client and the invoice show it.
#[derive(Debug, Serialize, schemars::JsonSchema)]
pub struct ClientPayment {
    id: Uuid,
    fecha: chrono::DateTime<Utc>,
    importe: f64,
    reembolsado: f64,
    marca: String,
    ultimos4: String,
    #[schemars(extend("enum" = [STATUS_AUTHORISED, STATUS_REFUNDED, STATUS_FAILED]))]
    estado: String,
    motivo: Option<String>,
    #[schemars(with = "Option<PaymentKind>")]
    tipo: Option<String>,
}

/// What a payment session is for and what can be paid now.
#[derive(Serialize, schemars::JsonSchema)]
pub struct PaymentSummary {
    success: True,
    pago: PaymentDetails,
}

#[derive(Serialize, schemars::JsonSchema)]
pub struct PaymentDetails {
    id: Uuid,
    #[serde(rename = "mudanzaId")]
    mudanza_id: i64,
    cliente: String,
    origen: String,
    destino: String,
    fecha: chrono::NaiveDate,
    estado: events_schema::events::MoveStatus,
    cancelada: bool,
    gastos_cancelacion: Option<f64>,
    total: f64,
    anticipo: f64,
    pagado: f64,
    pendiente: f64,
    estado_pago: events_schema::events::PaymentStatus,
    /// The gateway the page pays through.
    proveedor: String,
    caduca: chrono::DateTime<Utc>,
    opciones: Vec<PaymentOption>,
    pagos: Vec<ClientPayment>,
}

/// One amount that can be paid now.
#[derive(Serialize, schemars::JsonSchema)]
pub struct PaymentOption {
    #[schemars(with = "PaymentKind")]
    tipo: String,
    etiqueta: String,
    importe: f64,
}

/// What the bank said of a card payment.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum CardResult {
    Autorizado,
    Denegado,
}

/// An authorised card payment (a refused one is a 402 `CardRefused`).
#[derive(Serialize, schemars::JsonSchema)]
pub struct CardPaid {
    success: True,
    /// autorizado.
    resultado: CardResult,
    importe: f64,
    marca: String,
    ultimos4: String,
    referencia: String,
}

/// A card payment the bank refused (402): its reason and the card it was tried with.
#[derive(Serialize, schemars::JsonSchema)]
pub struct CardRefused {
    success: False,
    /// denegado.
    resultado: CardResult,
    /// The bank's reason, as the gateway names it.
    motivo: String,
    /// What to tell the payer, in Spanish.
    error: String,
    importe: f64,
    marca: String,
    ultimos4: String,
}

/// The form the page posts to the bank's payment page.
#[derive(Serialize, schemars::JsonSchema)]
pub struct RedsysForm {
    success: True,
    url: String,
    #[schemars(with = "RedsysFields")]
    campos: Value,
}

/// The signed fields of a Redsys redirect.
#[derive(Serialize, schemars::JsonSchema)]
#[allow(dead_code, non_snake_case)] // only its schema is used: the gateway writes the fields
pub struct RedsysFields {
    Ds_SignatureVersion: String,
    Ds_MerchantParameters: String,
    Ds_Signature: String,
}

/// The refund recorded: the move now, staff view with prices.
#[derive(Serialize, schemars::JsonSchema)]
pub struct Refunded {
    success: True,
    mudanza: StaffMove,
}

/// The new payment key, as shown (`K7MQ-2XPA`).
#[derive(Serialize, schemars::JsonSchema)]
pub struct NewPaymentKey {
    success: True,
    clave_pago: String,
}

/// `POST /api/auth-pay` (anyone): the client name and payment key of a move open a payment
/// session of 30 minutes; `{success, paymentId, message}`.
pub async fn auth_pay(
    State(state): State<AppState>,
    ClientAddress(address): ClientAddress,
    ApiJson(body): ApiJson<AuthPayBody>,
) -> ApiResult<Json<PaymentAccess>> {
    let name = body.name.trim();
    let key = normalise_key(&body.password);
    if name.is_empty() || body.password.trim().is_empty() {
        return Err(ApiError::BadRequest(FILL_ALL.into()));
    }
    command::text::check("nombre", name, command::text::NAME_MAX, false)?;
    command::text::login("clave de pago", &body.password)?;
    let name_key = name_key(name);
    PAY_PER_ADDRESS.check(&state.pool, &address).await?;
    PAY_PER_NAME.check(&state.pool, &name_key).await?;
    let shown_key = display_key(&key);
    let found: Option<(i64, String)> = sqlx::query_as(
        "SELECT id, doc ->> 'cliente_nombre' FROM move_staff_view WHERE doc ->> 'clave_pago' = $1",
    )
    .bind(&shown_key)
    .fetch_optional(&state.pool)
    .await?;
    let Some(move_id) = found
        .filter(|(_, client)| same_name(name, client))
        .map(|(id, _)| id)
    else {
        PAY_PER_ADDRESS.record(&state.pool, &address).await?;
        PAY_PER_NAME.record(&state.pool, &name_key).await?;
        return Err(ApiError::InvalidCredentials(BAD_CREDENTIALS.into()));
    };
    PAY_PER_NAME.clear(&state.pool, &name_key).await?;
    open_session(&state, move_id, &shown_key).await
}

/// A payment session of `SESSION_MINUTES` on `move_id`, opened with its key `shown_key`.
async fn open_session(
    state: &AppState,
    move_id: i64,
    shown_key: &str,
) -> ApiResult<Json<PaymentAccess>> {
    let session = Uuid::new_v4();
    sqlx::query(
        "WITH gone AS (DELETE FROM payment_sessions WHERE expires_at < now() - interval '1 day') \
         INSERT INTO payment_sessions (id, move_id, expires_at, clave_pago) VALUES ($1, $2, $3, $4)",
    )
    .bind(session)
    .bind(move_id)
    .bind(Utc::now() + Duration::minutes(SESSION_MINUTES))
    .bind(shown_key)
    .execute(&state.pool)
    .await?;
    Ok(Json(PaymentAccess {
        success: True,
        payment_id: session,
        message: "Acceso concedido".into(),
    }))
}

/// A move with nothing to open a payment with: no key has been issued for it.
pub const NO_KEY: &str =
    "Esta mudanza aún no tiene clave de pago. Contacta con nosotros para pagarla.";

/// `POST /api/mi-mudanza/{id}/pago` (the move's client): the payment session `/api/auth-pay`
/// opens with the name and key, for a client signed in to their own move: the account is the
/// proof, so nothing is typed. Sessions of a newer key replace it as for the key flow.
pub async fn client_payment(
    State(state): State<AppState>,
    user: CurrentUser,
    ApiPath(id): ApiPath<i64>,
) -> ApiResult<Json<PaymentAccess>> {
    client_owner(&state.pool, user, id).await?;
    let key: Option<String> =
        sqlx::query_scalar("SELECT doc ->> 'clave_pago' FROM move_staff_view WHERE id = $1")
            .bind(id)
            .fetch_optional(&state.pool)
            .await?
            .flatten();
    let key = key
        .filter(|k| !k.is_empty())
        .ok_or_else(|| ApiError::Conflict(NO_KEY.into()))?;
    open_session(&state, id, &key).await
}

struct Session {
    id: Uuid,
    move_id: i64,
    expires_at: chrono::DateTime<Utc>,
    /// The key it was opened with, as shown (`K7MQ-2XPA`).
    clave_pago: String,
}

/// A live session: not expired, and opened with the move's current key (a new key ends the
/// sessions of the old one, in every server process, since this is read from the database).
async fn session(state: &AppState, id: Uuid) -> ApiResult<Session> {
    let row: Option<(i64, chrono::DateTime<Utc>, String)> = sqlx::query_as(
        "SELECT s.move_id, s.expires_at, s.clave_pago FROM payment_sessions s \
         JOIN move_staff_view v ON v.id = s.move_id \
         WHERE s.id = $1 AND s.expires_at > now() AND s.clave_pago = v.doc ->> 'clave_pago'",
    )
    .bind(id)
    .fetch_optional(&state.pool)
    .await?;
    let (move_id, expires_at, payment_key) =
        row.ok_or_else(|| ApiError::NotFound(SESSION_GONE.into()))?;
    Ok(Session {
        id,
        move_id,
        expires_at,
        clave_pago: payment_key,
    })
}

/// The session against the log itself before money moves: the read model above may lag a new
/// key by a moment.
fn opened_with_current_key(session: &Session, current: &MoveState) -> ApiResult<()> {
    match &current.ledger.clave_pago {
        Some(key) if display_key(key) == session.clave_pago => Ok(()),
        _ => Err(ApiError::NotFound(SESSION_GONE.into())),
    }
}

/// The right to charge a card for a move, held from the decision on what is owed until the
/// gateway's answer is in the log: a PostgreSQL advisory lock (key space 3; projectors use 1,
/// the sealer 2), so it holds across server processes. It is tried, never waited for: a second
/// payment on the same move meanwhile is refused before any card is charged, and no request
/// sits on a pooled connection waiting.
struct MoveClaim(sqlx::Transaction<'static, sqlx::Postgres>);

impl MoveClaim {
    async fn take(state: &AppState, move_id: i64) -> ApiResult<MoveClaim> {
        let mut tx = state.pool.begin().await?;
        let taken: bool =
            sqlx::query_scalar("SELECT pg_try_advisory_xact_lock(3, hashtext('pago:' || $1))")
                .bind(move_id.to_string())
                .fetch_one(&mut *tx)
                .await?;
        if !taken {
            return Err(ApiError::Conflict(IN_PROGRESS.into()));
        }
        Ok(MoveClaim(tx))
    }

    async fn release(self) -> ApiResult<()> {
        Ok(self.0.commit().await?)
    }
}

async fn staff_move(state: &AppState, move_id: i64) -> ApiResult<StaffMove> {
    let doc: Value = sqlx::query_scalar("SELECT doc FROM move_staff_view WHERE id = $1")
        .bind(move_id)
        .fetch_optional(&state.pool)
        .await?
        .ok_or_else(|| ApiError::NotFound("Mudanza no encontrada".into()))?;
    serde_json::from_value(doc)
        .map_err(|e| ApiError::Internal(format!("reading a staff document: {e}")))
}

fn kind_name(kind: PaymentKind) -> &'static str {
    match kind {
        PaymentKind::Anticipo => "anticipo",
        PaymentKind::Pendiente => "pendiente",
    }
}

/// A move's payments as its client and the invoice show them: failed attempts only with
/// `include_failed` (the staff).
pub fn payments_list(m: &StaffMove, include_failed: bool) -> Vec<ClientPayment> {
    m.pagos
        .iter()
        .filter(|p| include_failed || p.estado != STATUS_FAILED)
        .map(|p| ClientPayment {
            id: p.id,
            fecha: p.fecha,
            importe: p.importe,
            reembolsado: p.reembolsado,
            marca: p.marca.clone(),
            ultimos4: p.ultimos4.clone(),
            estado: p.estado.clone(),
            motivo: p.motivo.clone(),
            tipo: p.tipo.clone(),
        })
        .collect()
}

/// `GET /api/pagos/{paymentId}` (whoever holds the session id): what the move is and what can be
/// paid now.
pub async fn summary(
    State(state): State<AppState>,
    ApiPath(id): ApiPath<Uuid>,
) -> ApiResult<Json<PaymentSummary>> {
    let session = session(&state, id).await?;
    let m = staff_move(&state, session.move_id).await?;
    let cancelled = m.estado == events_schema::events::MoveStatus::Cancelada;
    // A cancelled move is paid its cancellation fee only (one option, so labelled).
    let (owed, advance) = command::payments::owed(
        cancelled,
        m.precio.total_cents,
        m.precio.advance_cents,
        m.gastos_cancelacion_cents.unwrap_or(0),
    );
    let options = command::payments::options(owed, advance, m.pagado_cents)
        .into_iter()
        .map(|(kind, cents)| PaymentOption {
            tipo: kind_name(kind).into(),
            etiqueta: match kind {
                PaymentKind::Anticipo => "Anticipo para reservar la fecha",
                PaymentKind::Pendiente if cancelled => command::cancellation::FEE_LABEL,
                PaymentKind::Pendiente => "Todo lo pendiente",
            }
            .into(),
            importe: euros(cents),
        })
        .collect();
    let payments = payments_list(&m, false);
    Ok(Json(PaymentSummary {
        success: True,
        pago: PaymentDetails {
            id: session.id,
            mudanza_id: m.id,
            cliente: m.cliente_nombre,
            origen: m.origen,
            destino: m.destino,
            fecha: m.fecha_programada,
            estado: m.estado,
            cancelada: cancelled,
            gastos_cancelacion: m.gastos_cancelacion,
            total: m.precio_total,
            anticipo: m.pago_adelantado,
            pagado: m.pagado,
            pendiente: m.pago_pendiente,
            estado_pago: m.estado_pago,
            proveedor: provider(&state.config).name().into(),
            caduca: session.expires_at,
            opciones: options,
            pagos: payments,
        },
    }))
}

#[derive(Deserialize, schemars::JsonSchema)]
pub struct CardBody {
    /// anticipo or pendiente (one of the summary's `opciones`).
    tipo: PaymentKind,
    #[serde(default)]
    titular: String,
    #[serde(default)]
    numero: String,
    /// MM/AA.
    #[serde(default)]
    caducidad: String,
    #[serde(default)]
    cvc: String,
}

/// A gateway order number: 4 digits then 8 capitals or digits (Redsys's format), unique enough
/// that two never meet (36⁸ per 4-digit prefix).
fn order_number() -> String {
    let mut rng = rand::thread_rng();
    let tail: String = (0..8)
        .map(|_| {
            let i = rng.gen_range(0..36u8);
            char::from(if i < 10 { b'0' + i } else { b'A' + i - 10 })
        })
        .collect();
    format!("{:04}{tail}", rng.gen_range(0..10_000))
}

fn order_for(state: &AppState, session: &Session, number: String, amount_cents: i64) -> Order {
    let base = state.config.public_url.trim_end_matches('/');
    Order {
        number,
        amount_cents,
        notification_url: format!("{base}/api/pagos/redsys/notificacion"),
        ok_url: format!("{base}/pago-exitoso?id={}", session.id),
        ko_url: format!("{base}/pago-fallido?id={}", session.id),
    }
}

/// Who records a payment: the payer is anonymous (they proved the key, not an account).
fn payer_metadata(session: Uuid) -> Metadata {
    Metadata {
        actor_id: Some(format!("sesion-pago:{session}")),
        actor_role: Some("anonimo".into()),
        correlation_id: session,
        request_id: crate::ops::current_request_id(),
        ..Metadata::default()
    }
}

/// Decides the verdict on the move's state and appends it (an authorisation or a failure;
/// nothing when this gateway reference was already recorded): first on `decided`, the state the
/// amount was decided on, when there is one; when another write got in first, on the state
/// folded again. A charge the gateway made is recorded whatever changed meanwhile: the log says
/// what happened to the money.
#[allow(clippy::too_many_arguments)]
async fn record(
    state: &AppState,
    move_id: i64,
    mut decided: Option<Loaded<MoveState>>,
    session: Uuid,
    kind: PaymentKind,
    verdict: &Verdict,
    provider_name: &str,
    metadata: Metadata,
) -> ApiResult<()> {
    let charge = Charge {
        session_id: session,
        amount_cents: verdict.amount_cents,
        brand: verdict.brand.clone(),
        last4: verdict.last4.clone(),
        provider: provider_name.into(),
        reference: verdict.reference.clone(),
    };
    for _ in 0..5 {
        let current = match decided.take() {
            Some(current) => current,
            None => load::<PaymentDecider>(state, &move_id).await?,
        };
        let command = match &verdict.outcome {
            Ok(()) => PaymentCommand::Authorise {
                charge: charge.clone(),
                kind,
            },
            Err(refusal) => PaymentCommand::Fail {
                charge: charge.clone(),
                reason: refusal.reason.clone(),
            },
        };
        let ctx = pipeline::context(None);
        match execute_with::<PaymentDecider>(
            state,
            &ctx,
            metadata.clone(),
            &move_id,
            &current,
            command,
            &[ReadModel::Moves],
        )
        .await
        {
            Ok(_) => return Ok(()),
            Err(ApiError::Log(events_schema::Error::Conflict { .. })) => continue,
            Err(e) => return Err(e),
        }
    }
    Err(ApiError::Domain(command::DomainError::Stale))
}

/// `POST /api/pagos/{paymentId}/tarjeta` (session holder; test gateway): validates the card,
/// charges the chosen option and records the outcome. 200 authorised, 402 refused.
pub async fn pay_by_card(
    State(state): State<AppState>,
    ApiPath(id): ApiPath<Uuid>,
    ApiJson(body): ApiJson<CardBody>,
) -> ApiResult<Answer<CardPaid>> {
    let session = session(&state, id).await?;
    let gateway = provider(&state.config);
    let card = validate_card(
        &CardInput {
            holder: body.titular,
            number: body.numero,
            expiry: body.caducidad,
            cvc: body.cvc,
        },
        calendar::today(),
    )?;
    // Decide what is owed, charge it and record the verdict under the move's claim: a second
    // payment meanwhile is refused before its card is charged, and the next one decides on a
    // state that includes this one.
    let claim = MoveClaim::take(&state, session.move_id).await?;
    let current = load::<PaymentDecider>(&state, &session.move_id).await?;
    opened_with_current_key(&session, &current.state)?;
    let amount = amount_for(&current.state, body.tipo)?;
    let order = order_for(&state, &session, order_number(), amount);
    if gateway.checkout(&order) != Checkout::CardForm {
        return Err(ApiError::Conflict(CARD_FORM_ONLY.into()));
    }
    let verdict = gateway
        .charge(&order, &card)
        .ok_or_else(|| ApiError::Conflict(CARD_FORM_ONLY.into()))?;
    drop(card);
    record(
        &state,
        session.move_id,
        Some(current),
        session.id,
        body.tipo,
        &verdict,
        gateway.name(),
        payer_metadata(session.id),
    )
    .await?;
    claim.release().await?;
    Ok(match verdict.outcome {
        Ok(()) => Answer::with(
            (),
            CardPaid {
                success: True,
                resultado: CardResult::Autorizado,
                importe: euros(verdict.amount_cents),
                marca: verdict.brand,
                ultimos4: verdict.last4,
                referencia: verdict.reference,
            },
        ),
        Err(refusal) => Answer::refused(
            StatusCode::PAYMENT_REQUIRED,
            CardRefused {
                success: False,
                resultado: CardResult::Denegado,
                motivo: refusal.reason,
                error: refusal.message,
                importe: euros(verdict.amount_cents),
                marca: verdict.brand,
                ultimos4: verdict.last4,
            },
        ),
    })
}

#[derive(Deserialize, schemars::JsonSchema)]
pub struct RedirectBody {
    tipo: PaymentKind,
}

/// `POST /api/pagos/{paymentId}/redsys` (session holder; Redsys): the signed form the page
/// posts to the bank's payment page.
pub async fn redsys_form(
    State(state): State<AppState>,
    ApiPath(id): ApiPath<Uuid>,
    ApiJson(body): ApiJson<RedirectBody>,
) -> ApiResult<Json<RedsysForm>> {
    let session = session(&state, id).await?;
    let gateway = provider(&state.config);
    // The bank charges whatever order it is shown: so a move has at most one open order, and
    // it is decided and stored under the move's claim.
    let mut claim = MoveClaim::take(&state, session.move_id).await?;
    let current = load::<PaymentDecider>(&state, &session.move_id)
        .await?
        .state;
    opened_with_current_key(&session, &current)?;
    let amount = amount_for(&current, body.tipo)?;
    let open: Option<(String, Uuid, i64, String)> = sqlx::query_as(
        "SELECT order_number, session_id, amount_cents, kind FROM payment_orders \
         WHERE move_id = $1 AND settled_at IS NULL AND created_at > now() - make_interval(mins => $2) \
         ORDER BY created_at DESC LIMIT 1",
    )
    .bind(session.move_id)
    .bind(ORDER_MINUTES as i32)
    .fetch_optional(&mut *claim.0)
    .await?;
    let number = match open {
        // The same payer asking again (a reload, a second click) gets the same order, which the
        // bank pays at most once.
        Some((number, owner, cents, kind))
            if owner == session.id && cents == amount && kind == kind_name(body.tipo) =>
        {
            number
        }
        Some(_) => return Err(ApiError::Conflict(IN_PROGRESS.into())),
        None => order_number(),
    };
    let order = order_for(&state, &session, number, amount);
    let Checkout::Redirect { url, fields } = gateway.checkout(&order) else {
        return Err(ApiError::Conflict(REDIRECT_ONLY.into()));
    };
    sqlx::query(
        "INSERT INTO payment_orders (order_number, session_id, move_id, amount_cents, kind) \
         VALUES ($1, $2, $3, $4, $5) ON CONFLICT (order_number) DO NOTHING",
    )
    .bind(&order.number)
    .bind(session.id)
    .bind(session.move_id)
    .bind(amount)
    .bind(kind_name(body.tipo))
    .execute(&mut *claim.0)
    .await?;
    claim.release().await?;
    Ok(Json(RedsysForm {
        success: True,
        url,
        campos: fields,
    }))
}

/// `POST /api/pagos/redsys/notificacion` (Redsys, form-encoded): a signed verdict on an order.
/// Not authentic, unknown order or another amount → 400 and nothing recorded; a verdict
/// received twice is recorded once.
pub async fn redsys_notification(
    State(state): State<AppState>,
    body: Bytes,
) -> ApiResult<&'static str> {
    let form: Vec<(String, String)> = form_urlencoded::parse(&body).into_owned().collect();
    let gateway = provider(&state.config);
    let bad = || ApiError::BadRequest(BAD_NOTIFICATION.into());
    let verdict = gateway.notification(&form).ok_or_else(bad)?;
    let order: Option<(Uuid, i64, i64, String)> = sqlx::query_as(
        "SELECT session_id, move_id, amount_cents, kind FROM payment_orders WHERE order_number = $1",
    )
    .bind(&verdict.order)
    .fetch_optional(&state.pool)
    .await?;
    let (session, move_id, amount, kind) = order.ok_or_else(bad)?;
    if amount != verdict.amount_cents {
        tracing::warn!(order = %verdict.order, "a Redsys notification for another amount");
        return Err(bad());
    }
    let kind = if kind == "anticipo" {
        PaymentKind::Anticipo
    } else {
        PaymentKind::Pendiente
    };
    record(
        &state,
        move_id,
        None,
        session,
        kind,
        &verdict,
        gateway.name(),
        Metadata::system("redsys"),
    )
    .await?;
    // The order has its verdict: the move may be paid again (the rest, or after a refusal).
    sqlx::query("UPDATE payment_orders SET settled_at = now() WHERE order_number = $1")
        .bind(&verdict.order)
        .execute(&state.pool)
        .await?;
    Ok("OK")
}

/// Redsys's notification as the OpenAPI document shows it (read by `PaymentProvider::notification`).
#[derive(schemars::JsonSchema)]
#[allow(dead_code)] // a description only
pub struct RedsysNotification {
    #[serde(rename = "Ds_SignatureVersion")]
    signature_version: String,
    /// Base64 JSON: Ds_Order, Ds_Amount, Ds_Response, Ds_AuthorisationCode, Ds_Card_Brand…
    #[serde(rename = "Ds_MerchantParameters")]
    merchant_parameters: String,
    /// HMAC-SHA256, base64url.
    #[serde(rename = "Ds_Signature")]
    signature: String,
}

#[derive(Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct RefundBody {
    payment_id: Uuid,
    /// Euros; the whole rest of the payment when absent.
    importe: Option<f64>,
    #[serde(default)]
    motivo: String,
}

fn require_manager(user: CurrentUser) -> ApiResult<User> {
    user.require(&[Role::Empresario, Role::Admin])
}

/// `POST /api/mudanza/{id}/reembolso` (empresario, admin): gives back all or part of an
/// authorised payment. The test gateway refunds at once; a Redsys payment is refunded in the
/// bank's portal (Canales), and this records it.
pub async fn refund(
    State(state): State<AppState>,
    user: CurrentUser,
    ApiPath(move_id): ApiPath<i64>,
    ApiJson(body): ApiJson<RefundBody>,
) -> ApiResult<Json<Refunded>> {
    let user = require_manager(user)?;
    let reason = body.motivo.trim();
    if reason.is_empty() || reason.chars().count() > 300 {
        return Err(ApiError::InvalidField {
            field: "motivo",
            message: "Indica el motivo del reembolso (hasta 300 caracteres)".into(),
        });
    }
    let loaded = load::<PaymentDecider>(&state, &move_id).await?;
    let remaining = loaded
        .state
        .ledger
        .payments
        .iter()
        .find(|p| p.id == body.payment_id)
        .map(|p| p.amount_cents - p.refunded_cents)
        .ok_or_else(|| ApiError::NotFound(command::payments::PAYMENT_UNKNOWN.into()))?;
    let cents = match body.importe {
        None => remaining,
        Some(euros) if euros.is_finite() && (0.0..=1e9).contains(&euros) => {
            (euros * 100.0).round() as i64
        }
        Some(_) => {
            return Err(ApiError::InvalidField {
                field: "importe",
                message: "El importe no es válido".into(),
            })
        }
    };
    let refund = PaymentCommand::Refund(PaymentRefunded {
        payment_id: body.payment_id,
        amount_cents: cents,
        reason: reason.to_string(),
    });
    execute_on::<PaymentDecider>(
        &state,
        &user,
        &move_id,
        &loaded,
        refund,
        &[ReadModel::Moves],
    )
    .await?;
    let m = staff_move(&state, move_id).await?;
    Ok(Json(Refunded {
        success: True,
        mudanza: m,
    }))
}

/// `POST /api/mudanza/{id}/clave-pago` (empresario, admin): a new payment key; the old one stops
/// working.
pub async fn new_payment_key(
    State(state): State<AppState>,
    user: CurrentUser,
    ApiPath(move_id): ApiPath<i64>,
) -> ApiResult<Json<NewPaymentKey>> {
    let user = require_manager(user)?;
    let issued = execute::<PaymentDecider>(
        &state,
        &user,
        &move_id,
        PaymentCommand::IssueKey,
        &[ReadModel::Moves],
    )
    .await?
    .events;
    let [Event::PaymentKeyIssued(issued)] = &issued[..] else {
        return Err(ApiError::Internal(
            "a new payment key decided no key".into(),
        ));
    };
    let key = &issued.clave_pago;
    // Sessions of older keys no longer open (`session` checks the key); removed here too, so
    // nothing is kept that can never be used again.
    sqlx::query(
        "DELETE FROM payment_sessions WHERE move_id = $1 AND clave_pago IS DISTINCT FROM $2",
    )
    .bind(move_id)
    .bind(display_key(key))
    .execute(&state.pool)
    .await?;
    Ok(Json(NewPaymentKey {
        success: True,
        clave_pago: display_key(key),
    }))
}

/// The card payment routes.
pub fn router() -> aide::axum::ApiRouter<AppState> {
    use aide::axum::routing::{get_with, post_with};
    use aide::axum::ApiRouter;

    use super::doc::{doc, refusal, PAYMENTS};

    ApiRouter::new()
        .api_route(
            "/api/auth-pay",
            post_with(
                auth_pay,
                doc(
                    PAYMENTS,
                    "Acceder al pago con el nombre del cliente y la clave de pago",
                ),
            ),
        )
        .api_route(
            "/api/mi-mudanza/{id}/pago",
            post_with(
                client_payment,
                doc(
                    PAYMENTS,
                    "Abrir el pago de su propia mudanza (cliente con sesión, sin clave)",
                ),
            ),
        )
        .api_route(
            "/api/pagos/{id}",
            get_with(
                summary,
                doc(
                    PAYMENTS,
                    "Resumen y opciones de una sesión de pago (quien tenga su id)",
                ),
            ),
        )
        .api_route(
            "/api/pagos/{id}/tarjeta",
            post_with(
                pay_by_card,
                refusal::<402, CardRefused>(
                    PAYMENTS,
                    "Pagar con tarjeta (pasarela de pruebas)",
                    "El banco rechazó la tarjeta: `resultado` denegado, su motivo y el mensaje.",
                ),
            ),
        )
        .api_route(
            "/api/pagos/{id}/redsys",
            post_with(
                redsys_form,
                doc(
                    PAYMENTS,
                    "Formulario firmado para pagar en la página de Redsys",
                ),
            ),
        )
        .api_route(
            "/api/pagos/redsys/notificacion",
            post_with(redsys_notification, |op| {
                crate::openapi::form_body::<RedsysNotification>(
                    op.tag(PAYMENTS)
                        .summary("Notificación firmada de Redsys con el resultado de un pago"),
                    "application/x-www-form-urlencoded",
                )
            }),
        )
        .api_route(
            "/api/mudanza/{id}/reembolso",
            post_with(
                refund,
                doc(PAYMENTS, "Reembolsar un pago (empresario, admin)"),
            ),
        )
        .api_route(
            "/api/mudanza/{id}/clave-pago",
            post_with(
                new_payment_key,
                doc(
                    PAYMENTS,
                    "Emitir una nueva clave de pago (empresario, admin)",
                ),
            ),
        )
}
