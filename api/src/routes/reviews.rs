//! Reviews (issue 20 item 5): `GET /api/opiniones`, the published ones and their figures, for
//! everyone; a finished move's client rates it (`POST /api/mudanza/{id}/opinion`) and sees their
//! own (`GET /api/mis-opiniones`); managers moderate them (`GET /api/gestion/opiniones`,
//! `POST /api/opiniones/{id}/moderar`). The rules are `command::reviews`.

use axum::extract::State;
use axum::Json;
use chrono::{DateTime, NaiveDate, Utc};
use command::moves::MoveDecider;
use command::reviews::{self, Draft, ReviewCommand, ReviewDecider};
use command::Role;
use events_schema::events::ReviewId;
use projections::reviews::{PENDING, PUBLISHED};
use projections::ReadModel;
use serde::{Deserialize, Serialize};
use sqlx::PgPool;

use crate::auth::CurrentUser;
use crate::error::{ApiError, ApiJson, ApiPath, ApiQuery, ApiResult};
use crate::ownership::{client_owner, OWNED_BY};
use crate::pipeline::{execute, load};
use crate::reply::True;
use crate::state::AppState;

/// Most reviews one answer lists; the page shows six at a time.
const SHOWN: i64 = 500;

/// A published review as /opiniones shows it (spec §3 'Review').
#[derive(Debug, Serialize, schemars::JsonSchema, sqlx::FromRow)]
pub struct Review {
    id: String,
    nombre: String,
    ubicacion: String,
    rating: i16,
    titulo: String,
    texto: String,
    recomendaria: bool,
    fecha: NaiveDate,
    helpful_count: i32,
    /// Written by the client of a finished move (not imported from before).
    verified: bool,
}

/// The figures of the published reviews.
#[derive(Debug, Serialize, schemars::JsonSchema)]
pub struct ReviewStats {
    total: i64,
    /// Average stars, to two decimals; `null` before the first.
    pub media: Option<f64>,
    /// Percent of five-star reviews, to one decimal.
    cinco_estrellas: Option<f64>,
    /// Percent who would recommend us, to one decimal.
    recomiendan: Option<f64>,
}

#[derive(Serialize, schemars::JsonSchema)]
pub struct PublishedReviews {
    success: True,
    opiniones: Vec<Review>,
    estadisticas: ReviewStats,
}

/// The figures of the published reviews, as /opiniones and the company data give them.
pub async fn stats(pool: &PgPool) -> Result<ReviewStats, sqlx::Error> {
    let (total, average, five, recommend): (i64, Option<f64>, Option<f64>, Option<f64>) =
        sqlx::query_as(
            "SELECT count(*), round(avg(rating), 2)::float8, \
                    round(100.0 * count(*) FILTER (WHERE rating = 5) / nullif(count(*), 0), 1)::float8, \
                    round(100.0 * count(*) FILTER (WHERE recomendaria) / nullif(count(*), 0), 1)::float8 \
             FROM reviews WHERE estado = $1",
        )
        .bind(PUBLISHED)
        .fetch_one(pool)
        .await?;
    Ok(ReviewStats {
        total,
        media: average,
        cinco_estrellas: five,
        recomiendan: recommend,
    })
}

/// `GET /api/opiniones`: the published reviews, newest first, and their figures.
pub async fn published(State(state): State<AppState>) -> ApiResult<Json<PublishedReviews>> {
    let reviews: Vec<Review> = sqlx::query_as(
        "SELECT id, nombre, ubicacion, rating, titulo, texto, recomendaria, fecha, \
                util AS helpful_count, move_id IS NOT NULL AS verified \
         FROM reviews WHERE estado = $1 ORDER BY fecha DESC, id LIMIT $2",
    )
    .bind(PUBLISHED)
    .bind(SHOWN)
    .fetch_all(&state.pool)
    .await?;
    Ok(Json(PublishedReviews {
        success: True,
        opiniones: reviews,
        estadisticas: stats(&state.pool).await?,
    }))
}

#[derive(Deserialize, schemars::JsonSchema)]
pub struct ReviewBody {
    /// 1 to 5 stars.
    rating: u8,
    titulo: String,
    texto: String,
    recomendaria: bool,
}

/// A client's own review, with where moderation left it.
#[derive(Debug, Serialize, schemars::JsonSchema, sqlx::FromRow)]
pub struct OwnReview {
    pub mudanza_id: i64,
    rating: i16,
    titulo: String,
    texto: String,
    recomendaria: bool,
    fecha: NaiveDate,
    /// pendiente (waiting for moderation), publicada or oculta.
    #[schemars(extend("enum" = ["pendiente", "publicada", "oculta"]))]
    estado: String,
    /// Why it was hidden, when it was.
    motivo: String,
}

#[derive(Serialize, schemars::JsonSchema)]
pub struct ReviewSent {
    success: True,
    position: i64,
    opinion: OwnReview,
}

/// `POST /api/mudanza/{id}/opinion`: the client of a finished move rates it, once.
pub async fn submit(
    State(state): State<AppState>,
    user: CurrentUser,
    ApiPath(id): ApiPath<i64>,
    ApiJson(body): ApiJson<ReviewBody>,
) -> ApiResult<Json<ReviewSent>> {
    let user = client_owner(&state.pool, user, id).await?;
    let the_move = load::<MoveDecider>(&state, &id).await?;
    let (name, destination): (String, String) = sqlx::query_as(
        "SELECT doc->>'cliente_nombre', doc->>'destino' FROM move_staff_view WHERE id = $1",
    )
    .bind(id)
    .fetch_optional(&state.pool)
    .await?
    .ok_or_else(|| ApiError::NotFound(crate::ownership::MOVE_NOT_FOUND.into()))?;
    let command = ReviewCommand::Submit {
        move_id: id,
        status: the_move.state.status,
        nombre: reviews::signature(&name),
        ubicacion: reviews::place(&destination),
        draft: Draft {
            rating: body.rating,
            titulo: body.titulo,
            texto: body.texto,
            recomendaria: body.recomendaria,
        },
    };
    let review = ReviewId::Move(id);
    let position = execute::<ReviewDecider>(&state, &user, &review, command, &[ReadModel::Reviews])
        .await
        .map_err(|e| match e {
            // Two submissions at once: the log let one in.
            ApiError::Log(events_schema::Error::Conflict { .. }) => {
                ApiError::Conflict(reviews::ALREADY_REVIEWED.into())
            }
            other => other,
        })?
        .position;
    // The caller owns the move (checked above): its one review, not all of theirs.
    let opinion: OwnReview = sqlx::query_as(&format!(
        "SELECT {OWN_COLUMNS} FROM reviews r WHERE r.move_id = $1"
    ))
    .bind(id)
    .fetch_optional(&state.pool)
    .await?
    .ok_or_else(|| ApiError::Internal("the review is not projected yet".into()))?;
    Ok(Json(ReviewSent {
        success: True,
        position,
        opinion,
    }))
}

/// The columns of an [`OwnReview`], from `reviews r`.
const OWN_COLUMNS: &str = "r.move_id AS mudanza_id, r.rating, r.titulo, r.texto, r.recomendaria, \
    r.fecha, r.estado, r.motivo";

pub(crate) async fn own_reviews(pool: &PgPool, email: &str) -> Result<Vec<OwnReview>, sqlx::Error> {
    sqlx::query_as(&format!(
        "SELECT {OWN_COLUMNS} FROM reviews r JOIN move_client_view m ON m.id = r.move_id \
         WHERE {OWNED_BY} ORDER BY r.fecha DESC, r.move_id DESC"
    ))
    .bind(email)
    .fetch_all(pool)
    .await
}

#[derive(Serialize, schemars::JsonSchema)]
pub struct OwnReviews {
    success: True,
    opiniones: Vec<OwnReview>,
    /// The client's finished moves not rated yet: the dashboard invites them.
    por_valorar: Vec<i64>,
}

/// `GET /api/mis-opiniones`: the client's reviews, and which finished moves await one.
pub async fn mine(State(state): State<AppState>, user: CurrentUser) -> ApiResult<Json<OwnReviews>> {
    let user = user.require(&[Role::Cliente])?;
    let Some(email) = user.owned_email() else {
        return Ok(Json(OwnReviews {
            success: True,
            opiniones: Vec::new(),
            por_valorar: Vec::new(),
        }));
    };
    let opiniones = own_reviews(&state.pool, email).await?;
    let por_valorar: Vec<i64> = sqlx::query_scalar(&format!(
        "SELECT s.id FROM move_staff_view s \
         WHERE s.estado = 'finalizada' \
           AND s.id IN (SELECT id FROM move_client_view WHERE {OWNED_BY}) \
           AND NOT EXISTS (SELECT 1 FROM reviews r WHERE r.move_id = s.id) \
         ORDER BY s.fecha_programada DESC, s.id DESC"
    ))
    .bind(email)
    .fetch_all(&state.pool)
    .await?;
    Ok(Json(OwnReviews {
        success: True,
        opiniones,
        por_valorar,
    }))
}

/// A review as the managers moderate it.
#[derive(Debug, Serialize, schemars::JsonSchema, sqlx::FromRow)]
pub struct ModeratedReview {
    id: String,
    /// The move it rates; `null` for one imported from before.
    mudanza_id: Option<i64>,
    nombre: String,
    ubicacion: String,
    rating: i16,
    titulo: String,
    texto: String,
    recomendaria: bool,
    fecha: NaiveDate,
    #[schemars(extend("enum" = ["pendiente", "publicada", "oculta"]))]
    estado: String,
    motivo: String,
    enviada: DateTime<Utc>,
    moderada: Option<DateTime<Utc>>,
}

#[derive(Deserialize, schemars::JsonSchema)]
pub struct ModerationFilter {
    /// Only reviews in this state.
    #[serde(default)]
    #[schemars(extend("enum" = ["pendiente", "publicada", "oculta"]))]
    estado: Option<String>,
}

#[derive(Serialize, schemars::JsonSchema)]
pub struct ModerationList {
    success: True,
    opiniones: Vec<ModeratedReview>,
    /// How many wait for a decision.
    pendientes: i64,
}

const SELECT_MODERATED: &str = "SELECT id, move_id AS mudanza_id, nombre, ubicacion, rating, \
    titulo, texto, recomendaria, fecha, estado, motivo, enviada, moderada FROM reviews";

/// `GET /api/gestion/opiniones`: every review, the waiting ones first.
pub async fn for_moderation(
    State(state): State<AppState>,
    user: CurrentUser,
    ApiQuery(filter): ApiQuery<ModerationFilter>,
) -> ApiResult<Json<ModerationList>> {
    user.require(&[Role::Empresario, Role::Admin, Role::Auditor])?;
    if let Some(estado) = &filter.estado {
        if ![PENDING, PUBLISHED, projections::reviews::HIDDEN].contains(&estado.as_str()) {
            return Err(ApiError::BadRequest("Estado de opinión no válido".into()));
        }
    }
    let opiniones: Vec<ModeratedReview> = sqlx::query_as(&format!(
        "{SELECT_MODERATED} WHERE $1::text IS NULL OR estado = $1 \
         ORDER BY estado = 'pendiente' DESC, enviada DESC, id LIMIT $2"
    ))
    .bind(&filter.estado)
    .bind(SHOWN)
    .fetch_all(&state.pool)
    .await?;
    let pendientes: i64 = sqlx::query_scalar("SELECT count(*) FROM reviews WHERE estado = $1")
        .bind(PENDING)
        .fetch_one(&state.pool)
        .await?;
    Ok(Json(ModerationList {
        success: True,
        opiniones,
        pendientes,
    }))
}

#[derive(Deserialize, schemars::JsonSchema)]
pub struct ModerationBody {
    publicar: bool,
    /// Required to hide it.
    #[serde(default)]
    motivo: String,
}

#[derive(Serialize, schemars::JsonSchema)]
pub struct Moderated {
    success: True,
    position: i64,
    opinion: ModeratedReview,
}

/// `POST /api/opiniones/{id}/moderar`: a manager publishes or hides a review.
pub async fn moderate(
    State(state): State<AppState>,
    user: CurrentUser,
    ApiPath(id): ApiPath<String>,
    ApiJson(body): ApiJson<ModerationBody>,
) -> ApiResult<Json<Moderated>> {
    let user = user.require(&[Role::Empresario])?;
    let not_found = || ApiError::NotFound(reviews::NOT_FOUND.into());
    let review = ReviewId::parse(&id).ok_or_else(not_found)?;
    let command = ReviewCommand::Moderate {
        publish: body.publicar,
        reason: body.motivo,
    };
    let position = execute::<ReviewDecider>(&state, &user, &review, command, &[ReadModel::Reviews])
        .await
        .map_err(|e| match e {
            ApiError::Domain(command::DomainError::NotFound) => not_found(),
            other => other,
        })?
        .position;
    let opinion: ModeratedReview = sqlx::query_as(&format!("{SELECT_MODERATED} WHERE id = $1"))
        .bind(review.key())
        .fetch_optional(&state.pool)
        .await?
        .ok_or_else(not_found)?;
    Ok(Json(Moderated {
        success: True,
        position,
        opinion,
    }))
}

/// The review routes.
pub fn router() -> aide::axum::ApiRouter<AppState> {
    use aide::axum::routing::{get_with, post_with};
    use aide::axum::ApiRouter;

    use super::doc::{doc, CUSTOMER_AREA, REVIEWS};

    ApiRouter::new()
        .api_route(
            "/api/opiniones",
            get_with(
                published,
                doc(REVIEWS, "Las opiniones publicadas y sus cifras"),
            ),
        )
        .api_route(
            "/api/mudanza/{id}/opinion",
            post_with(
                submit,
                doc(
                    CUSTOMER_AREA,
                    "Valorar una mudanza terminada, una vez (su cliente)",
                ),
            ),
        )
        .api_route(
            "/api/mis-opiniones",
            get_with(
                mine,
                doc(
                    CUSTOMER_AREA,
                    "Mis opiniones y las mudanzas por valorar (cliente)",
                ),
            ),
        )
        .api_route(
            "/api/gestion/opiniones",
            get_with(
                for_moderation,
                doc(
                    REVIEWS,
                    "Todas las opiniones, para moderarlas (gerente, admin, auditor)",
                ),
            ),
        )
        .api_route(
            "/api/opiniones/{id}/moderar",
            post_with(
                moderate,
                doc(
                    REVIEWS,
                    "Publicar u ocultar una opinión con su motivo (gerente)",
                ),
            ),
        )
}
