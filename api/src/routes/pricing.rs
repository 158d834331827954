//! `POST /api/calculate-price` (spec §7): the price finder's estimate. The server locates both
//! addresses and routes between them itself, reads each object's volume from the catalogue and
//! applies the tariffs (command::estimate): nothing the browser computed is trusted.

use axum::extract::State;
use axum::Json;
use command::estimate::{estimate, Estimate, PriceRequest, ResolvedRoute};
use events_schema::calendar;
use serde::Serialize;

use crate::error::{ApiError, ApiJson, ApiResult};
use crate::geo::Route;
use crate::reply::True;
use crate::routes::money::euros;
use crate::state::AppState;

/// The estimate of a price request, with the route it was priced on.
pub async fn estimate_for(
    state: &AppState,
    request: &PriceRequest,
) -> ApiResult<(Estimate, Route)> {
    let route = route_of(state, request).await?;
    let estimate = estimate_on(state, request, &route, calendar::today())?;
    Ok((estimate, route))
}

/// The server's own route between a request's addresses.
pub async fn route_of(state: &AppState, request: &PriceRequest) -> ApiResult<Route> {
    state
        .geo
        .route(&request.origin.address, &request.destination.address)
        .await
        .map_err(|e| ApiError::Unprocessable(e.to_string()))
}

/// The estimate of a request on a route already found: a second pricing of the same request
/// (a quote's, without its pack) needs no second route.
pub fn estimate_on(
    state: &AppState,
    request: &PriceRequest,
    route: &Route,
    today: chrono::NaiveDate,
) -> ApiResult<Estimate> {
    let resolved = ResolvedRoute {
        distance_km: route.distance_km,
        duration_min: f64::from(route.duration_min),
        inside_m30: route.inside_m30(),
    };
    Ok(estimate(
        request,
        &resolved,
        |id| state.catalogue.volume_of(id),
        today,
    )?)
}

/// The estimate, line by line, in euros.
#[derive(Serialize, schemars::JsonSchema)]
pub struct PriceAnswer {
    success: True,
    /// The price shown to the visitor.
    price: f64,
    precio_presupuesto: f64,
    desglose: Vec<PriceLine>,
    subtotal: f64,
    iva: f64,
    total: f64,
    distancia_km: f64,
    duracion_min: u32,
    dentro_m30: bool,
}

#[derive(Serialize, schemars::JsonSchema)]
pub struct PriceLine {
    concepto: String,
    importe: f64,
}

pub async fn calculate_price(
    State(state): State<AppState>,
    ApiJson(request): ApiJson<PriceRequest>,
) -> ApiResult<Json<PriceAnswer>> {
    let (estimate, route) = estimate_for(&state, &request).await?;
    let breakdown = estimate
        .lines
        .iter()
        .map(|l| PriceLine {
            concepto: l.concepto.to_string(),
            importe: euros(l.importe_cents),
        })
        .collect();
    Ok(Json(PriceAnswer {
        success: True,
        price: euros(estimate.shown_cents),
        precio_presupuesto: euros(estimate.quote_cents),
        desglose: breakdown,
        subtotal: euros(estimate.subtotal_cents),
        iva: euros(estimate.iva_cents),
        total: euros(estimate.total_cents),
        distancia_km: route.distance_km,
        duracion_min: route.duration_min,
        dentro_m30: route.inside_m30(),
    }))
}

/// The price finder route.
pub fn router() -> aide::axum::ApiRouter<AppState> {
    use aide::axum::routing::post_with;
    use aide::axum::ApiRouter;

    use super::doc::{doc, PRICES_AND_QUOTES};

    ApiRouter::new().api_route(
        "/api/calculate-price",
        post_with(
            calculate_price,
            doc(
                PRICES_AND_QUOTES,
                "Calcular el precio orientativo de una mudanza",
            ),
        ),
    )
}
