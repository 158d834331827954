//! `POST /api/calculate-price` (spec §7): the price finder's estimate. The server locates both
//! addresses and routes between them itself, reads each object's volume from the catalogue and
//! applies the tariffs (command::estimate): nothing the browser computed is trusted.

use axum::extract::State;
use axum::Json;
use chrono::Utc;
use command::estimate::{estimate, Estimate, PriceRequest, ResolvedRoute};
use serde_json::{json, Value};

use crate::error::{ApiError, ApiJson, ApiResult};
use crate::geo::Route;
use crate::routes::money::euros;
use crate::state::AppState;

/// The estimate of a price request, with the route it was priced on.
pub async fn estimate_for(
    state: &AppState,
    request: &PriceRequest,
) -> ApiResult<(Estimate, Route)> {
    let route = state
        .geo
        .route(&request.origin.address, &request.destination.address)
        .await
        .map_err(|e| ApiError::Unprocessable(e.to_string()))?;
    let resolved = ResolvedRoute {
        distance_km: route.distance_km,
        duration_min: f64::from(route.duration_min),
        inside_m30: route.inside_m30(),
    };
    let estimate = estimate(
        request,
        &resolved,
        |id| state.catalogue.volume_of(id),
        Utc::now().date_naive(),
    )?;
    Ok((estimate, route))
}

pub async fn calculate_price(
    State(state): State<AppState>,
    ApiJson(request): ApiJson<PriceRequest>,
) -> ApiResult<Json<Value>> {
    let (estimate, route) = estimate_for(&state, &request).await?;
    let desglose: Vec<Value> = estimate
        .lines
        .iter()
        .map(|l| json!({ "concepto": l.concepto, "importe": euros(l.importe_cents) }))
        .collect();
    Ok(Json(json!({
        "success": true,
        "price": euros(estimate.shown_cents),
        "precio_presupuesto": euros(estimate.quote_cents),
        "desglose": desglose,
        "subtotal": euros(estimate.subtotal_cents),
        "iva": euros(estimate.iva_cents),
        "total": euros(estimate.total_cents),
        "distancia_km": route.distance_km,
        "duracion_min": route.duration_min,
        "dentro_m30": route.inside_m30(),
    })))
}

/// The price finder route.
pub fn router() -> aide::axum::ApiRouter<AppState> {
    use aide::axum::routing::post_with;
    use aide::axum::ApiRouter;

    use super::doc::{doc, PRESUPUESTOS};

    ApiRouter::new().api_route(
        "/api/calculate-price",
        post_with(
            calculate_price,
            doc(
                PRESUPUESTOS,
                "Calcular el precio orientativo de una mudanza",
            ),
        ),
    )
}
