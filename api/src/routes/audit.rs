//! The auditor's calls (issue 7), all read-only:
//! - `GET /api/auditoria/mudanzas?buscar=`: find moves;
//! - `GET /api/auditoria/mudanza/{id}/historial`: every event of a move, in Spanish words, with who
//!   caused it, both of its times, and what it changed in the move (replayed, `projections::audit`);
//! - `GET /api/auditoria/mudanza/{id}/estado?en=`: the move as of an instant, replayed;
//! - `GET /api/auditoria/mudanza/{id}/historial.json` and `.csv`: the history as a download.
//!
//! Auditors and the admin only (anonymous 401, every other role 403). Managers are left out on
//! purpose: they are among the people whose actions the history reviews, and it shows personal
//! data that the read models have already blanked for a client who deleted their account (the log
//! keeps it for the legal retention period, spec §9), which only oversight should read.

use std::collections::{BTreeSet, HashMap};

use axum::extract::State;
use axum::response::Response;
use axum::Json;
use chrono::{DateTime, SecondsFormat, Utc};
use command::Role;
use events_schema::events::{claim_stream, move_stream};
use events_schema::{RecordedEvent, POSITIONS_PER_TRANSACTION};
use projections::audit::{label_or_type, replay, role_label, state_at, summary, Change};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use uuid::Uuid;

use crate::auth::CurrentUser;
use crate::catalogue::fold;
use crate::error::{ApiError, ApiPath, ApiQuery, ApiResult};
use crate::reply::{attachment, Answer, True};
use crate::state::AppState;

pub const READERS: &[Role] = &[Role::Auditor, Role::Admin];

const NOT_FOUND: &str = "Mudanza no encontrada";
const BAD_MOVE_ID: &str = "El número de mudanza no es válido";
pub const NOT_YET: &str = "La mudanza aún no existía en ese momento";
pub const BAD_INSTANT: &str =
    "La fecha y hora no son válidas. Usa el formato RFC 3339, por ejemplo 2026-05-04T10:30:00+02:00";
const SEARCH_TOO_LONG: &str = "La búsqueda no puede superar los 200 caracteres";
const SEARCH_MAX_CHARS: usize = 200;
/// Moves a search returns at most, newest first.
pub const SEARCH_LIMIT: i64 = 50;

/// Accented letters that the search folds to their base letter, in SQL as in `catalogue::fold`.
/// PostgreSQL's `lower()` only knows ASCII under the C locale, so the folding is spelled out.
const ACCENTED: &str = "ÀÁÂÃÄÅàáâãäåÈÉÊËèéêëÌÍÎÏìíîïÒÓÔÕÖòóôõöÙÚÛÜùúûüÑñÇçÝýÿ";

fn accents_folded() -> String {
    ACCENTED
        .chars()
        .map(|c| fold(&c.to_string()).chars().next().unwrap_or(c))
        .collect()
}

#[derive(Deserialize, schemars::JsonSchema)]
pub struct SearchParams {
    #[serde(default)]
    buscar: Option<String>,
}

/// Moves found, newest first.
#[derive(Serialize, schemars::JsonSchema)]
pub struct AuditSearch {
    success: True,
    mudanzas: Vec<AuditMove>,
    /// At most this many are listed.
    limite: i64,
}

/// A move found, as the staff view has it.
#[derive(Serialize, Deserialize, schemars::JsonSchema)]
pub struct AuditMove {
    id: i64,
    cliente_nombre: String,
    cliente_email: String,
    cliente_telefono: String,
    origen: String,
    destino: String,
    fecha_programada: chrono::NaiveDate,
    estado: events_schema::events::MoveStatus,
    worker: String,
    created_at: DateTime<Utc>,
    updated_at: DateTime<Utc>,
    version: i64,
}

/// A move's history: every event of its stream and the events about it elsewhere, each with
/// what it changed.
#[derive(Serialize, schemars::JsonSchema)]
pub struct History {
    success: True,
    mudanza_id: i64,
    flujo: String,
    eventos: Vec<HistoryEvent>,
}

/// The history as a file (an attachment), with when it was exported.
#[derive(Serialize, schemars::JsonSchema)]
pub struct HistoryExport {
    #[serde(flatten)]
    history: History,
    exportado_en: DateTime<Utc>,
}

#[derive(Serialize, schemars::JsonSchema)]
pub struct HistoryEvent {
    posicion: i64,
    flujo: String,
    version: i64,
    tipo: String,
    version_esquema: i32,
    /// The event's name in Spanish.
    etiqueta: String,
    resumen: String,
    actor: HistoryActor,
    ocurrido_en: DateTime<Utc>,
    registrado_en: DateTime<Utc>,
    datos: Value,
    metadatos: HistoryMetadata,
    cambios: Vec<Change>,
}

#[derive(Serialize, schemars::JsonSchema)]
pub struct HistoryActor {
    id: Option<String>,
    nombre: Option<String>,
    rol: Option<String>,
    rol_etiqueta: Option<String>,
}

#[derive(Serialize, schemars::JsonSchema)]
pub struct HistoryMetadata {
    correlation_id: Uuid,
    causation_id: Option<Uuid>,
    request_id: Option<String>,
}

/// The move as it was at an instant, replayed from the log.
#[derive(Serialize, schemars::JsonSchema)]
pub struct StateAsOf {
    success: True,
    mudanza_id: i64,
    en: DateTime<Utc>,
    posicion: i64,
    version: i64,
    eventos_aplicados: usize,
    eventos_totales: usize,
    ultimo_evento: LastEvent,
    estado: projections::moves::StaffMove,
}

/// The last event the state includes.
#[derive(Serialize, schemars::JsonSchema)]
pub struct LastEvent {
    posicion: i64,
    version: i64,
    tipo: String,
    etiqueta: String,
    registrado_en: DateTime<Utc>,
    ocurrido_en: DateTime<Utc>,
}

/// `GET /api/auditoria/mudanzas?buscar=`: moves whose number is the query, or whose client (name,
/// email, phone with or without spaces) or addresses contain every word of it, ignoring case and
/// accents. Read from the staff read model, so a client who deleted their account is found by
/// the move's number only. Newest first, at most `SEARCH_LIMIT`; an empty query lists the newest.
pub async fn search(
    State(state): State<AppState>,
    user: CurrentUser,
    ApiQuery(params): ApiQuery<SearchParams>,
) -> ApiResult<Json<AuditSearch>> {
    user.require(READERS)?;
    let query = params.buscar.unwrap_or_default();
    let query = query.trim();
    if query.chars().count() > SEARCH_MAX_CHARS {
        return Err(ApiError::BadRequest(SEARCH_TOO_LONG.into()));
    }
    let id: Option<i64> = query.trim_start_matches('#').parse().ok();
    let words: Vec<String> = fold(query).split_whitespace().map(str::to_string).collect();
    let docs: Vec<sqlx::types::Json<AuditMove>> = sqlx::query_scalar(
        "WITH m AS ( \
           SELECT id, doc, lower(translate(concat_ws(' ', doc->>'cliente_nombre', doc->>'cliente_email', \
                  doc->>'cliente_telefono', replace(doc->>'cliente_telefono', ' ', ''), \
                  doc->>'origen', doc->>'destino'), $3, $4)) AS hay \
           FROM move_staff_view) \
         SELECT doc FROM m \
         WHERE id = $1 OR NOT EXISTS (SELECT 1 FROM unnest($2::text[]) w WHERE strpos(hay, w) = 0) \
         ORDER BY id = $1 DESC NULLS LAST, id DESC LIMIT $5",
    )
    .bind(id)
    .bind(&words)
    .bind(ACCENTED)
    .bind(accents_folded())
    .bind(SEARCH_LIMIT)
    .fetch_all(&state.pool)
    .await?;
    let moves = docs.into_iter().map(|d| d.0).collect();
    Ok(Json(AuditSearch {
        success: True,
        mudanzas: moves,
        limite: SEARCH_LIMIT,
    }))
}

/// The move's number from the path, read after the caller's role was checked: a malformed path
/// tells an unauthorised caller nothing more than a well-formed one.
fn move_id(raw: &str) -> ApiResult<i64> {
    raw.parse()
        .map_err(|_| ApiError::BadRequest(BAD_MOVE_ID.into()))
}

/// The move's own events and those of other streams that concern it, in position order:
/// - everything written in the same transaction as one of its events (the quote it was converted
///   from, its worker's day bookings, its documents' numbers in their series);
/// - the rest of those quote streams (the request itself), and the events of those worker-day
///   streams about this move (a booking released later, when another move took the day);
/// - its claim's stream, the claim and its answer.
///
/// 404 when the move has no events.
async fn related_events(state: &AppState, id: i64) -> ApiResult<Vec<RecordedEvent>> {
    let stream = move_stream(id);
    let own = state.store.read_stream(&stream).await?;
    if own.is_empty() {
        return Err(ApiError::NotFound(NOT_FOUND.into()));
    }
    let transactions: Vec<i64> = own
        .iter()
        .map(|e| e.position / POSITIONS_PER_TRANSACTION)
        .collect();
    let together = state.store.read_transactions(&transactions).await?;
    let other_streams: BTreeSet<String> = together
        .iter()
        .filter(|e| e.stream_id != stream)
        .map(|e| e.stream_id.clone())
        .filter(|s| s.starts_with("quote-") || s.starts_with("worker-day-"))
        .collect();
    let mut events: Vec<RecordedEvent> = own;
    events.extend(together.into_iter().filter(|e| e.stream_id != stream));
    for other in other_streams {
        let whole_stream = other.starts_with("quote-");
        events.extend(
            state
                .store
                .read_stream(&other)
                .await?
                .into_iter()
                .filter(|e| whole_stream || about_move(e, id)),
        );
    }
    // Its claim, if its client opened one, is replayed with it.
    events.extend(state.store.read_stream(&claim_stream(id)).await?);
    events.sort_by_key(|e| e.position);
    events.dedup_by_key(|e| e.position);
    Ok(events)
}

fn about_move(e: &RecordedEvent, id: i64) -> bool {
    e.data.to_value().get("move_id").and_then(Value::as_i64) == Some(id)
}

/// The names of the accounts that caused these events, where the account still exists.
async fn actor_names(
    state: &AppState,
    events: &[RecordedEvent],
) -> ApiResult<HashMap<String, String>> {
    let ids: Vec<Uuid> = events
        .iter()
        .filter_map(|e| e.metadata.actor_id.as_deref()?.parse().ok())
        .collect::<BTreeSet<Uuid>>()
        .into_iter()
        .collect();
    let rows: Vec<(Uuid, String)> =
        sqlx::query_as("SELECT id, nombre FROM accounts WHERE id = ANY($1)")
            .bind(&ids)
            .fetch_all(&state.pool)
            .await?;
    Ok(rows
        .into_iter()
        .map(|(id, name)| (id.to_string(), name))
        .collect())
}

/// A move's history as the calls and both exports give it.
async fn history(state: &AppState, id: i64) -> ApiResult<History> {
    let events = related_events(state, id).await?;
    let names = actor_names(state, &events).await?;
    let steps = replay(&move_stream(id), &events)?;
    let timeline = steps
        .iter()
        .map(|step| {
            let e = step.event;
            let role = e.metadata.actor_role.as_deref();
            HistoryEvent {
                posicion: e.position,
                flujo: e.stream_id.clone(),
                version: e.stream_version,
                tipo: e.event_type.clone(),
                version_esquema: e.schema_version,
                etiqueta: label_or_type(&e.event_type),
                resumen: e.decode().map(|d| summary(&d)).unwrap_or_default(),
                actor: HistoryActor {
                    id: e.metadata.actor_id.clone(),
                    nombre: e
                        .metadata
                        .actor_id
                        .as_ref()
                        .and_then(|a| names.get(a))
                        .cloned(),
                    rol: role.map(Into::into),
                    rol_etiqueta: role.map(|r| role_label(r).into()),
                },
                ocurrido_en: e.occurred_at,
                registrado_en: e.recorded_at,
                datos: e.data.to_value(),
                metadatos: HistoryMetadata {
                    correlation_id: e.metadata.correlation_id,
                    causation_id: e.metadata.causation_id,
                    request_id: e.metadata.request_id.clone(),
                },
                cambios: step.changes.clone(),
            }
        })
        .collect();
    Ok(History {
        success: True,
        mudanza_id: id,
        flujo: move_stream(id),
        eventos: timeline,
    })
}

/// `GET /api/auditoria/mudanza/{id}/historial`.
pub async fn move_history(
    State(state): State<AppState>,
    user: CurrentUser,
    ApiPath(id): ApiPath<String>,
) -> ApiResult<Json<History>> {
    user.require(READERS)?;
    Ok(Json(history(&state, move_id(&id)?).await?))
}

/// `GET /api/auditoria/mudanza/{id}/historial.json`: the history as a file, with when it was
/// exported.
pub async fn export_json(
    State(state): State<AppState>,
    user: CurrentUser,
    ApiPath(id): ApiPath<String>,
) -> ApiResult<Answer<HistoryExport>> {
    user.require(READERS)?;
    let id = move_id(&id)?;
    let export = HistoryExport {
        history: history(&state, id).await?,
        exportado_en: Utc::now(),
    };
    let bytes = serde_json::to_vec_pretty(&export)
        .map_err(|e| ApiError::Internal(format!("writing the JSON export: {e}")))?;
    Ok(Answer::raw(attachment(
        "application/json; charset=utf-8",
        format!("mudanza-{id}-historial.json"),
        bytes,
    )))
}

pub const CSV_HEADER: [&str; 11] = [
    "posición",
    "versión",
    "tipo",
    "etiqueta",
    "actor",
    "rol",
    "ocurrido",
    "registrado",
    "cambios",
    "flujo",
    "datos",
];

/// One CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break, quotes
/// doubled. A text that a spreadsheet would run as a formula (=, +, -, @ first) gets a leading
/// apostrophe: names and addresses come from the public.
pub fn csv_field(text: &str) -> String {
    let text = if text.starts_with(['=', '+', '-', '@', '\t', '\r']) {
        format!("'{text}")
    } else {
        text.to_string()
    };
    if text.contains([',', '"', '\n', '\r', ';']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text
    }
}

/// A value of a change as a person reads it: texts as they are, nothing as '(vacío)', the rest
/// as compact JSON.
fn value_text(v: &Value) -> String {
    match v {
        Value::Null => "(vacío)".into(),
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

pub fn changes_text(changes: &[Change]) -> String {
    changes
        .iter()
        .map(|c| {
            format!(
                "{}: {} → {}",
                c.campo,
                value_text(&c.antes),
                value_text(&c.despues)
            )
        })
        .collect::<Vec<_>>()
        .join("; ")
}

/// `GET /api/auditoria/mudanza/{id}/historial.csv`: one row per event under a header row, CRLF
/// line ends, UTF-8 with a byte-order mark so that Excel reads the accents right.
pub async fn export_csv(
    State(state): State<AppState>,
    user: CurrentUser,
    ApiPath(id): ApiPath<String>,
) -> ApiResult<Response> {
    user.require(READERS)?;
    let id = move_id(&id)?;
    let history = history(&state, id).await?;
    let mut csv = String::from("\u{feff}");
    csv.push_str(&CSV_HEADER.join(","));
    csv.push_str("\r\n");
    for e in &history.eventos {
        let row = [
            e.posicion.to_string(),
            e.version.to_string(),
            e.tipo.clone(),
            e.etiqueta.clone(),
            e.actor
                .nombre
                .as_deref()
                .or(e.actor.id.as_deref())
                .unwrap_or_default()
                .to_string(),
            e.actor.rol_etiqueta.clone().unwrap_or_default(),
            e.ocurrido_en.to_rfc3339_opts(SecondsFormat::AutoSi, true),
            e.registrado_en.to_rfc3339_opts(SecondsFormat::AutoSi, true),
            changes_text(&e.cambios),
            e.flujo.clone(),
            e.datos.to_string(),
        ];
        csv.push_str(
            &row.iter()
                .map(|f| csv_field(f))
                .collect::<Vec<_>>()
                .join(","),
        );
        csv.push_str("\r\n");
    }
    Ok(attachment(
        "text/csv; charset=utf-8",
        format!("mudanza-{id}-historial.csv"),
        csv.into_bytes(),
    ))
}

#[derive(Deserialize, schemars::JsonSchema)]
pub struct AsOfParams {
    #[serde(default)]
    en: Option<String>,
}

/// An RFC 3339 instant. A '+' of the offset that arrived unencoded in the query reads as a space:
/// it is taken back.
pub fn parse_instant(text: &str) -> Option<DateTime<Utc>> {
    let text = text.trim();
    let repaired;
    let text = match text.len().checked_sub(6).and_then(|i| text.get(i..)) {
        Some(tail) if tail.starts_with(' ') && tail[1..].contains(':') => {
            repaired = format!("{}+{}", &text[..text.len() - 6], &tail[1..]);
            repaired.as_str()
        }
        _ => text,
    };
    DateTime::parse_from_rfc3339(text)
        .ok()
        .map(|t| t.with_timezone(&Utc))
}

/// `GET /api/auditoria/mudanza/{id}/estado?en=<RFC 3339>`: the move as it was at that instant,
/// replayed from its events recorded at or before it (without `en`: now). The time the log
/// recorded an event is the database's; the time it occurred is what the device said, which an
/// offline phone or a wrong clock can move anywhere, so only the former orders a replay.
pub async fn state_as_of(
    State(state): State<AppState>,
    user: CurrentUser,
    ApiPath(id): ApiPath<String>,
    ApiQuery(params): ApiQuery<AsOfParams>,
) -> ApiResult<Json<StateAsOf>> {
    user.require(READERS)?;
    let id = move_id(&id)?;
    let instant = match params.en.as_deref() {
        None | Some("") => Utc::now(),
        Some(text) => {
            parse_instant(text).ok_or_else(|| ApiError::BadRequest(BAD_INSTANT.into()))?
        }
    };
    let events = state.store.read_stream(&move_stream(id)).await?;
    if events.is_empty() {
        return Err(ApiError::NotFound(NOT_FOUND.into()));
    }
    let (m, last, applied) =
        state_at(&events, instant)?.ok_or_else(|| ApiError::NotFound(NOT_YET.into()))?;
    Ok(Json(StateAsOf {
        success: True,
        mudanza_id: id,
        en: instant,
        posicion: last.position,
        version: last.stream_version,
        eventos_aplicados: applied,
        eventos_totales: events.len(),
        ultimo_evento: LastEvent {
            posicion: last.position,
            version: last.stream_version,
            tipo: last.event_type.clone(),
            etiqueta: label_or_type(&last.event_type),
            registrado_en: last.recorded_at,
            ocurrido_en: last.occurred_at,
        },
        estado: m,
    }))
}

/// The auditor's routes.
pub fn router() -> aide::axum::ApiRouter<AppState> {
    use aide::axum::routing::get_with;
    use aide::axum::ApiRouter;

    use super::doc::{doc, AUDITING};

    ApiRouter::new()
        .api_route(
            "/api/auditoria/mudanzas",
            get_with(search, doc(AUDITING, "Buscar mudanzas (auditor, admin)")),
        )
        .api_route(
            "/api/auditoria/mudanza/{id}/historial",
            get_with(
                move_history,
                doc(
                    AUDITING,
                    "Historial completo de una mudanza (auditor, admin)",
                ),
            ),
        )
        .api_route(
            "/api/auditoria/mudanza/{id}/historial.json",
            get_with(
                export_json,
                doc(AUDITING, "Exportar el historial en JSON (auditor, admin)"),
            ),
        )
        .api_route(
            "/api/auditoria/mudanza/{id}/historial.csv",
            get_with(
                export_csv,
                doc(AUDITING, "Exportar el historial en CSV (auditor, admin)"),
            ),
        )
        .api_route(
            "/api/auditoria/mudanza/{id}/estado",
            get_with(
                state_as_of,
                doc(
                    AUDITING,
                    "Estado de una mudanza en un instante (auditor, admin)",
                ),
            ),
        )
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn csv_fields_follow_rfc_4180_and_never_start_a_formula() {
        assert_eq!(csv_field("Estado cambiado"), "Estado cambiado");
        assert_eq!(csv_field("a,b"), "\"a,b\"");
        assert_eq!(csv_field("dijo \"hola\""), "\"dijo \"\"hola\"\"\"");
        assert_eq!(csv_field("línea\nnueva"), "\"línea\nnueva\"");
        assert_eq!(csv_field("=HYPERLINK(1)"), "'=HYPERLINK(1)");
        assert_eq!(csv_field("-1"), "'-1");
    }

    #[test]
    fn instants_are_rfc_3339_with_a_lost_plus_taken_back() {
        let utc = parse_instant("2026-05-04T08:30:00Z").unwrap();
        assert_eq!(parse_instant("2026-05-04T10:30:00+02:00"), Some(utc));
        assert_eq!(parse_instant("2026-05-04T10:30:00 02:00"), Some(utc));
        assert_eq!(parse_instant("2026-05-04 08:30:00Z"), Some(utc));
        assert_eq!(parse_instant("ayer"), None);
        assert_eq!(parse_instant("2026-05-04"), None);
        assert_eq!(parse_instant("2026-13-04T10:30:00Z"), None);
        assert_eq!(parse_instant("ñññññññ"), None);
    }

    #[test]
    fn accents_fold_one_letter_to_one_letter() {
        let folded = accents_folded();
        assert_eq!(folded.chars().count(), ACCENTED.chars().count());
        assert!(folded.is_ascii(), "{folded}");
        assert!(folded.starts_with("aaaaaaaaaaaae"));
    }

    #[test]
    fn changes_read_as_text() {
        let changes = vec![
            Change {
                campo: "estado".into(),
                antes: json!("pendiente"),
                despues: json!("en curso"),
            },
            Change {
                campo: "fecha_alternativa".into(),
                antes: Value::Null,
                despues: json!("2026-06-02"),
            },
            Change {
                campo: "precio.total_cents".into(),
                antes: json!(100),
                despues: json!(200),
            },
        ];
        assert_eq!(
            changes_text(&changes),
            "estado: pendiente → en curso; fecha_alternativa: (vacío) → 2026-06-02; \
             precio.total_cents: 100 → 200"
        );
    }
}
