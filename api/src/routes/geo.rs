//! The calculator's address calls (spec §7): `GET /api/autocomplete?input=` and
//! `GET /api/get-calculated-stats?origin=&destination=`. Open to everyone, like the calculator.

use axum::extract::State;
use axum::Json;
use serde::{Deserialize, Serialize};

use crate::error::{ApiError, ApiQuery, ApiResult};
use crate::geo::{GeoError, MAX_ADDRESS_CHARS, ROUTE_ERROR};
use crate::reply::True;
use crate::state::AppState;

/// Spec §5: the warning for addresses of 5 characters or fewer.
pub const INVALID_ADDRESSES: &str = "Por favor, ingresa direcciones válidas de origen y destino.";
pub const TOO_LONG: &str = "La dirección es demasiado larga (máximo 300 caracteres).";

/// Spec §4: an address must exceed 5 characters.
const MIN_ADDRESS_CHARS: usize = 6;

/// Addresses that match what was typed.
#[derive(Serialize, schemars::JsonSchema)]
pub struct Suggestions {
    success: True,
    data: Vec<String>,
}

/// The route between two addresses.
#[derive(Serialize, schemars::JsonSchema)]
pub struct RouteStats {
    success: True,
    /// km
    distance: f64,
    /// minutes
    duration: u32,
    distance_text: String,
    duration_text: String,
    /// The route drawn, as a data: URL.
    image: String,
    /// Where the route came from.
    fuente: String,
    /// Both addresses inside the M-30, the condition of the offer packs (spec §9): the price
    /// finder offers the packs only then.
    dentro_m30: bool,
}

#[derive(Deserialize, schemars::JsonSchema)]
pub struct AutocompleteQuery {
    input: Option<String>,
}

/// `GET /api/autocomplete?input=`: `{success: true, data: [up to 8 addresses, best first]}`;
/// `[]` for under 3 characters or no match.
pub async fn autocomplete(
    State(state): State<AppState>,
    ApiQuery(query): ApiQuery<AutocompleteQuery>,
) -> ApiResult<Json<Suggestions>> {
    let input = query.input.unwrap_or_default();
    if input.chars().count() > MAX_ADDRESS_CHARS {
        return Err(ApiError::BadRequest(TOO_LONG.into()));
    }
    Ok(Json(Suggestions {
        success: True,
        data: state.geo.autocomplete(&input),
    }))
}

#[derive(Deserialize, schemars::JsonSchema)]
pub struct StatsQuery {
    origin: Option<String>,
    destination: Option<String>,
}

/// `GET /api/get-calculated-stats?origin=&destination=`: the route's distance (km, one
/// decimal), duration (whole minutes), their Spanish texts, a drawing and where the figures
/// come from; 400 for a missing, too short or too long address; 422 with the §8 message when an
/// address cannot be located.
pub async fn calculated_stats(
    State(state): State<AppState>,
    ApiQuery(query): ApiQuery<StatsQuery>,
) -> ApiResult<Json<RouteStats>> {
    let address = |value: Option<String>| -> ApiResult<String> {
        let value = value.unwrap_or_default();
        let value = value.trim();
        match value.chars().count() {
            n if n > MAX_ADDRESS_CHARS => Err(ApiError::BadRequest(TOO_LONG.into())),
            n if n < MIN_ADDRESS_CHARS => Err(ApiError::BadRequest(INVALID_ADDRESSES.into())),
            _ => Ok(value.to_string()),
        }
    };
    let origin = address(query.origin)?;
    let destination = address(query.destination)?;
    let route = state
        .geo
        .route(&origin, &destination)
        .await
        .map_err(|GeoError::NotFound| ApiError::Unprocessable(ROUTE_ERROR.into()))?;
    Ok(Json(RouteStats {
        success: True,
        distance: route.distance_km,
        duration: route.duration_min,
        distance_text: route.distance_text(),
        duration_text: route.duration_text(),
        image: route.image(),
        fuente: route.fuente.as_str().into(),
        dentro_m30: route.inside_m30(),
    }))
}

/// The calculator's address routes.
pub fn router() -> aide::axum::ApiRouter<AppState> {
    use aide::axum::routing::get_with;
    use aide::axum::ApiRouter;

    use super::doc::{doc, PRICES_AND_QUOTES};

    ApiRouter::new()
        .api_route(
            "/api/autocomplete",
            get_with(
                autocomplete,
                doc(PRICES_AND_QUOTES, "Sugerencias de direcciones"),
            ),
        )
        .api_route(
            "/api/get-calculated-stats",
            get_with(
                calculated_stats,
                doc(
                    PRICES_AND_QUOTES,
                    "Distancia y duración entre dos direcciones",
                ),
            ),
        )
}
