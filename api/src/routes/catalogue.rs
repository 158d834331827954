//! `GET /api/objetos?categoria=` and `GET /api/objetos-catalogo[?search=]`: the price finder's
//! object catalogue (spec §3, §7), public.

use axum::extract::State;
use axum::Json;
use serde::{Deserialize, Serialize};

use crate::catalogue::{CatalogueObject, INVALID_CATEGORY};
use crate::error::{ApiError, ApiQuery, ApiResult};
use crate::reply::True;
use crate::state::AppState;

/// Objects of the catalogue.
#[derive(Serialize, schemars::JsonSchema)]
pub struct Objects {
    success: True,
    objetos: Vec<CatalogueObject>,
}

#[derive(Deserialize, schemars::JsonSchema)]
pub struct CategoryQuery {
    categoria: Option<String>,
}

/// One category's objects; 'camas y colchones' as the client sends it, or its identifier.
pub async fn by_category(
    State(state): State<AppState>,
    ApiQuery(query): ApiQuery<CategoryQuery>,
) -> ApiResult<Json<Objects>> {
    let objects = query
        .categoria
        .as_deref()
        .and_then(|c| state.catalogue.category(c))
        .map(|objects| objects.into_iter().cloned().collect())
        .ok_or_else(|| ApiError::BadRequest(INVALID_CATEGORY.into()))?;
    Ok(Json(Objects {
        success: True,
        objetos: objects,
    }))
}

#[derive(Deserialize, schemars::JsonSchema)]
pub struct SearchQuery {
    search: Option<String>,
}

/// The whole catalogue, or the objects whose name matches `search` (case and accents ignored).
pub async fn search(
    State(state): State<AppState>,
    ApiQuery(query): ApiQuery<SearchQuery>,
) -> ApiResult<Json<Objects>> {
    let objects = match query.search.as_deref().map(str::trim) {
        None | Some("") => state.catalogue.all().to_vec(),
        Some(text) => state.catalogue.search(text).into_iter().cloned().collect(),
    };
    Ok(Json(Objects {
        success: True,
        objetos: objects,
    }))
}

/// The catalogue routes.
pub fn router() -> aide::axum::ApiRouter<AppState> {
    use aide::axum::routing::get_with;
    use aide::axum::ApiRouter;

    use super::doc::{doc, PRICES_AND_QUOTES};

    ApiRouter::new()
        .api_route(
            "/api/objetos",
            get_with(
                by_category,
                doc(PRICES_AND_QUOTES, "Catálogo de objetos por categoría"),
            ),
        )
        .api_route(
            "/api/objetos-catalogo",
            get_with(
                search,
                doc(PRICES_AND_QUOTES, "Buscar en el catálogo de objetos"),
            ),
        )
}
