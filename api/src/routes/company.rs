//! The manager's figures: `GET /api/datos-de-empresa` (spec §3 'Company data') and
//! `GET /api/analiticas` (the two charts the spec left as placeholders).

use axum::extract::State;
use axum::Json;
use command::Role;
use serde::{Deserialize, Serialize};

use crate::auth::CurrentUser;
use crate::error::{ApiError, ApiQuery, ApiResult};
use crate::reply::True;
use crate::state::AppState;

/// Company figures are for managers; the auditor reads them too.
const READERS: &[Role] = &[Role::Empresario, Role::Admin, Role::Auditor];

/// The company's figures (spec §3 'Company data').
#[derive(Serialize, schemars::JsonSchema)]
pub struct CompanyData {
    success: True,
    mudanzas_totales: i64,
    /// Euros of the finished moves.
    ganancias_totales: f64,
    trabajadores_activos: i64,
    /// The average rating (1 to 5 stars) of the published reviews; `null` before the first.
    nivel_de_satisfaccion: Option<f64>,
}

/// One figure per period, oldest first.
#[derive(Serialize, schemars::JsonSchema)]
pub struct Analytics {
    success: True,
    #[schemars(extend("enum" = PERIODS.map(|(periodo, ..)| periodo)))]
    periodo: String,
    series: Vec<PeriodFigures>,
}

#[derive(Serialize, schemars::JsonSchema)]
pub struct PeriodFigures {
    inicio: chrono::NaiveDate,
    creadas: i64,
    completadas: i64,
    canceladas: i64,
    /// Euros.
    ingresos: f64,
}

/// `GET /api/datos-de-empresa`.
///
/// `nivel_de_satisfaccion` is the average rating of the published reviews, the figure /opiniones
/// shows (`crate::routes::reviews`), to two decimals; `null` before the first review.
pub async fn company_data(
    State(state): State<AppState>,
    user: CurrentUser,
) -> ApiResult<Json<CompanyData>> {
    user.require(READERS)?;
    let (total, revenue_cents, workers): (i64, i64, i64) = sqlx::query_as(
        "SELECT count(*), \
                coalesce(sum((doc->'precio'->>'total_cents')::bigint) \
                         FILTER (WHERE estado = 'finalizada'), 0)::bigint, \
                (SELECT count(*) FROM accounts WHERE role = 'empleado' AND active) \
         FROM move_staff_view",
    )
    .fetch_one(&state.pool)
    .await?;
    let satisfaction = super::reviews::stats(&state.pool).await?.media;
    Ok(Json(CompanyData {
        success: True,
        mudanzas_totales: total,
        ganancias_totales: revenue_cents as f64 / 100.0,
        trabajadores_activos: workers,
        nivel_de_satisfaccion: satisfaction,
    }))
}

#[derive(Deserialize, schemars::JsonSchema)]
pub struct Period {
    #[serde(default = "default_period")]
    #[schemars(extend("enum" = PERIODS.map(|(periodo, ..)| periodo)))]
    periodo: String,
}

/// The periods the analytics are read by: the name, its PostgreSQL unit and how many of them.
const PERIODS: [(&str, &str, i64); 3] = [
    ("dia", "day", 14),
    ("semana", "week", 12),
    ("mes", "month", 12),
];

fn default_period() -> String {
    PERIODS[0].0.into()
}

/// `GET /api/analiticas?periodo=dia|semana|mes`: the last 14 days, 12 weeks (from Monday) or 12
/// months, oldest first, every period present even when nothing happened in it.
pub async fn analytics(
    State(state): State<AppState>,
    user: CurrentUser,
    ApiQuery(period): ApiQuery<Period>,
) -> ApiResult<Json<Analytics>> {
    user.require(READERS)?;
    let Some(&(_, unit, count)) = PERIODS
        .iter()
        .find(|(periodo, ..)| *periodo == period.periodo)
    else {
        return Err(ApiError::BadRequest("Periodo no válido".into()));
    };
    let rows: Vec<(chrono::NaiveDate, i64, i64, i64, i64)> = sqlx::query_as(
        "WITH periods AS ( \
             SELECT generate_series(date_trunc($1, (now() AT TIME ZONE 'Europe/Madrid')::date) - ($2 - 1) * ('1 ' || $1)::interval, \
                                    date_trunc($1, (now() AT TIME ZONE 'Europe/Madrid')::date), ('1 ' || $1)::interval)::date AS start) \
         SELECT p.start, coalesce(sum(d.creadas), 0)::bigint, coalesce(sum(d.completadas), 0)::bigint, \
                coalesce(sum(d.canceladas), 0)::bigint, coalesce(sum(d.ingresos_cents), 0)::bigint \
         FROM periods p LEFT JOIN analytics_days d ON date_trunc($1, d.day)::date = p.start \
         GROUP BY p.start ORDER BY p.start",
    )
    .bind(unit)
    .bind(count)
    .fetch_all(&state.pool)
    .await?;
    let series = rows
        .into_iter()
        .map(
            |(start, created, completed, cancelled, income)| PeriodFigures {
                inicio: start,
                creadas: created,
                completadas: completed,
                canceladas: cancelled,
                ingresos: income as f64 / 100.0,
            },
        )
        .collect();
    Ok(Json(Analytics {
        success: True,
        periodo: period.periodo,
        series,
    }))
}

/// The manager's figures routes.
pub fn router() -> aide::axum::ApiRouter<AppState> {
    use aide::axum::routing::get_with;
    use aide::axum::ApiRouter;

    use super::doc::{doc, STAFF_MOVES};

    ApiRouter::new()
        .api_route(
            "/api/datos-de-empresa",
            get_with(
                company_data,
                doc(
                    STAFF_MOVES,
                    "Datos de la empresa (empresario, admin, auditor)",
                ),
            ),
        )
        .api_route(
            "/api/analiticas",
            get_with(
                analytics,
                doc(
                    STAFF_MOVES,
                    "Analíticas del periodo (empresario, admin, auditor)",
                ),
            ),
        )
}
