//! `GET /api/mis-datos`: everything the company holds about the signed-in client, as one JSON
//! file (GDPR art. 15, access, and art. 20, portability): the account, its consents, the moves
//! and quotes that are theirs, the documents issued for those moves, the reviews written of them,
//! and the log's events about them. Clients only; a GET that changes nothing.
//!
//! What is about other people is left out: the crew's ids and surnames (the client knows their
//! crew by first name, as the tracking page shows them), and who on the staff recorded an event
//! (its role stays). The payment key is left out too: a file that is saved and shared must not
//! let whoever reads it act on the move.

use axum::extract::State;
use chrono::{DateTime, Utc};
use serde::Serialize;
use serde_json::{Map, Value};
use uuid::Uuid;

use crate::auth::{CurrentUser, User};
use crate::error::{ApiError, ApiResult};
use crate::ownership::OWNED_BY;
use crate::reply::{attachment, Answer, True};
use crate::state::AppState;
use command::Role;
use events_schema::events::{move_stream, quote_stream, review_stream, ReviewId};

/// The export, as the file holds it.
#[derive(Serialize, schemars::JsonSchema)]
pub struct MyData {
    success: True,
    generado_en: DateTime<Utc>,
    cuenta: Account,
    consentimientos: Vec<ConsentRecord>,
    /// The customer view of each move, as the client area shows it.
    #[schemars(with = "Vec<projections::moves::ClientMove>")]
    mudanzas: Vec<Value>,
    /// The quote requests sent from the account's email.
    #[schemars(with = "Vec<super::quotes::InboxEntry>")]
    presupuestos: Vec<Value>,
    /// Invoices and waybills issued for the moves, with their content as issued.
    documentos: Vec<DocumentRecord>,
    /// The reviews written of those moves, with where moderation left them.
    opiniones: Vec<super::reviews::OwnReview>,
    /// The log's events of those moves, quotes and reviews, oldest first.
    eventos: Vec<EventRecord>,
}

#[derive(Serialize, schemars::JsonSchema)]
pub struct Account {
    #[serde(flatten)]
    user: User,
    creada_en: DateTime<Utc>,
}

#[derive(Serialize, schemars::JsonSchema, sqlx::FromRow)]
pub struct ConsentRecord {
    /// condiciones, contacto or marketing.
    finalidad: String,
    concedido: bool,
    /// Where it was given: registro, contacto, empleo or perfil.
    origen: String,
    /// The wording accepted, with its version.
    texto: String,
    registrado_en: DateTime<Utc>,
}

#[derive(Serialize, schemars::JsonSchema, sqlx::FromRow)]
pub struct DocumentRecord {
    /// factura or albaran.
    tipo: String,
    numero: String,
    mudanza_id: i64,
    fecha_emision: chrono::NaiveDate,
    contenido: Value,
}

#[derive(Serialize, schemars::JsonSchema)]
pub struct EventRecord {
    posicion: i64,
    flujo: String,
    version: i64,
    tipo: String,
    /// The event's data, without other people's identifiers ([module docs](self)).
    datos: Value,
    /// Who recorded it: their role, and "tú" when it was this account.
    actor: String,
    ocurrido_en: DateTime<Utc>,
    registrado_en: DateTime<Utc>,
}

#[derive(sqlx::FromRow)]
struct EventRow {
    position: i64,
    stream_id: String,
    stream_version: i64,
    event_type: String,
    data: Value,
    metadata: Value,
    occurred_at: DateTime<Utc>,
    recorded_at: DateTime<Utc>,
}

/// `GET /api/mis-datos`: the file `mis-datos.json`.
pub async fn my_data(
    State(state): State<AppState>,
    user: CurrentUser,
) -> ApiResult<Answer<MyData>> {
    let user = user.require(&[Role::Cliente])?;
    let pool = &state.pool;
    let created: DateTime<Utc> =
        sqlx::query_scalar("SELECT created_at FROM accounts WHERE id = $1")
            .bind(user.id)
            .fetch_one(pool)
            .await?;
    let email = user.email.clone().unwrap_or_default();
    let consents: Vec<ConsentRecord> = sqlx::query_as(
        "SELECT purpose AS finalidad, granted AS concedido, source AS origen, text AS texto, \
         recorded_at AS registrado_en FROM consents \
         WHERE account_id = $1 OR lower(email) = lower($2) ORDER BY recorded_at, id",
    )
    .bind(user.id)
    .bind(&email)
    .fetch_all(pool)
    .await?;
    // Moves are the client's by the confirmed email, as everywhere (`ownership`); quotes by the
    // email they were sent from, once it is confirmed as theirs.
    let (moves, quotes, documents, reviews) = match user.owned_email() {
        None => (Vec::new(), Vec::new(), Vec::new(), Vec::new()),
        Some(owned) => {
            let moves: Vec<(i64, Value)> = sqlx::query_as(&format!(
                "SELECT id, doc FROM move_client_view WHERE {OWNED_BY} ORDER BY id"
            ))
            .bind(owned)
            .fetch_all(pool)
            .await?;
            let quotes: Vec<(Uuid, Value)> = sqlx::query_as(
                "SELECT id, doc FROM quotes_inbox WHERE lower(cliente_email) = lower($1) \
                 ORDER BY recibida, id",
            )
            .bind(owned)
            .fetch_all(pool)
            .await?;
            let ids: Vec<i64> = moves.iter().map(|(id, _)| *id).collect();
            let documents: Vec<DocumentRecord> = sqlx::query_as(
                "SELECT kind AS tipo, numero, move_id AS mudanza_id, fecha_emision, \
                 doc AS contenido FROM documents WHERE move_id = ANY($1) \
                 ORDER BY fecha_emision, numero",
            )
            .bind(&ids)
            .fetch_all(pool)
            .await?;
            let reviews = super::reviews::own_reviews(pool, owned).await?;
            (moves, quotes, documents, reviews)
        }
    };
    let streams: Vec<String> = moves
        .iter()
        .map(|(id, _)| move_stream(*id))
        .chain(quotes.iter().map(|(id, _)| quote_stream(*id)))
        .chain(
            reviews
                .iter()
                .map(|r| review_stream(&ReviewId::Move(r.mudanza_id))),
        )
        .collect();
    let rows: Vec<EventRow> = sqlx::query_as(
        "SELECT position, stream_id, stream_version, event_type, data, metadata, occurred_at, \
         recorded_at FROM events WHERE stream_id = ANY($1) ORDER BY position",
    )
    .bind(&streams)
    .fetch_all(pool)
    .await?;
    let events = rows
        .into_iter()
        .map(|row| EventRecord {
            actor: actor(&row.metadata, user.id),
            posicion: row.position,
            flujo: row.stream_id,
            version: row.stream_version,
            tipo: row.event_type,
            datos: without_others(row.data),
            ocurrido_en: row.occurred_at,
            registrado_en: row.recorded_at,
        })
        .collect();
    let export = MyData {
        success: True,
        generado_en: Utc::now(),
        cuenta: Account {
            user,
            creada_en: created,
        },
        consentimientos: consents,
        mudanzas: moves
            .into_iter()
            .map(|(_, doc)| without_others(doc))
            .collect(),
        presupuestos: quotes.into_iter().map(|(_, doc)| doc).collect(),
        documentos: documents,
        opiniones: reviews,
        eventos: events,
    };
    let bytes = serde_json::to_vec_pretty(&export)
        .map_err(|e| ApiError::Internal(format!("writing the data export: {e}")))?;
    Ok(Answer::raw(attachment(
        "application/json; charset=utf-8",
        "mis-datos.json".into(),
        bytes,
    )))
}

/// Who recorded an event, as the client may know it.
fn actor(metadata: &Value, me: Uuid) -> String {
    let mine = metadata["actor_id"].as_str() == Some(me.to_string().as_str());
    if mine {
        return "tú".into();
    }
    metadata["actor_role"]
        .as_str()
        .unwrap_or("sistema")
        .to_string()
}

/// `value` without the identifiers of other people: crew ids and surnames, the payment key.
fn without_others(value: Value) -> Value {
    match value {
        Value::Object(fields) => Value::Object(
            fields
                .into_iter()
                .filter(|(key, _)| !matches!(key.as_str(), "worker_id" | "clave_pago"))
                .map(|(key, field)| match (key.as_str(), field) {
                    ("worker_name", Value::String(name)) => (key, Value::String(first_name(&name))),
                    (_, field) => (key, without_others(field)),
                })
                .collect::<Map<_, _>>(),
        ),
        Value::Array(items) => Value::Array(items.into_iter().map(without_others).collect()),
        other => other,
    }
}

fn first_name(full: &str) -> String {
    full.split_whitespace()
        .next()
        .unwrap_or_default()
        .to_string()
}

/// The export's route.
pub fn router() -> aide::axum::ApiRouter<AppState> {
    use aide::axum::routing::get_with;
    use aide::axum::ApiRouter;

    use super::doc::{doc, CUSTOMER_AREA};

    ApiRouter::new().api_route(
        "/api/mis-datos",
        get_with(
            my_data,
            doc(CUSTOMER_AREA, "Descargar mis datos, en JSON (cliente)"),
        ),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn other_peoples_identifiers_are_left_out_at_any_depth() {
        let data = json!({
            "worker_id": "0191",
            "worker_name": "Javier Moreno Díaz",
            "clave_pago": "ABCD-1234",
            "equipo": [{"worker_name": "Ana Ruiz", "worker_id": "0192"}],
            "estado": "confirmada",
        });
        assert_eq!(
            without_others(data),
            json!({
                "worker_name": "Javier",
                "equipo": [{"worker_name": "Ana"}],
                "estado": "confirmada",
            })
        );
    }

    #[test]
    fn the_actor_is_you_or_a_role() {
        let me = Uuid::from_u128(1);
        assert_eq!(
            actor(
                &json!({"actor_id": me.to_string(), "actor_role": "cliente"}),
                me
            ),
            "tú"
        );
        assert_eq!(
            actor(
                &json!({"actor_id": Uuid::from_u128(2).to_string(), "actor_role": "empresario"}),
                me
            ),
            "empresario"
        );
        assert_eq!(actor(&json!({}), me), "sistema");
    }
}
